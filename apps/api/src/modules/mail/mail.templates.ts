import { translate, type Language } from '../../lib/i18n';

/**
 * Every mail the server sends, by kind, with the values it needs. Its words are server messages
 * (api.mail.* and the kind's own keys) in the recipient's language; values are escaped in the HTML part.
 */
export type MailTemplate =
  | { kind: 'password_reset'; params: { name: string; link: string; minutes: number; role: 'participant' | 'instructor' } }
  | NotificationTemplate
  /** An account an admin made (docs/bulk-enrolment.md): its link sets the first password; the course it was enrolled in, if any. */
  | { kind: 'invitation'; params: { name: string; link: string; days: number; course: string | null } }
  | { kind: 'password_changed'; params: { name: string; link: string } }
  | { kind: 'newsletter_confirm'; params: { link: string } }
  | { kind: 'newsletter'; params: { subject: string; body: string; unsubscribeLink: string } };

/** The notification mails (docs/mail.md), each of which the recipient may turn off in the profile. */
export type NotificationTemplate =
  | { kind: 'welcome'; params: { name: string; role: 'participant' | 'instructor' | 'admin'; link: string } }
  | { kind: 'course_submitted'; params: { name: string; course: string; instructor: string; link: string } }
  | { kind: 'course_reviewed'; params: { name: string; course: string; approved: boolean; message: string; link: string } }
  | { kind: 'order_received'; params: { name: string; course: string; reference: string; amount: string; link: string } }
  | { kind: 'order_paid'; params: { name: string; course: string; link: string } }
  | { kind: 'order_refunded'; params: { name: string; course: string; amount: string; card: boolean; link: string } }
  | { kind: 'course_granted'; params: { name: string; course: string; link: string } }
  | { kind: 'assessment_checked'; params: { name: string; assessment: string; course: string; passed: boolean; score: number; maxScore: number; link: string } }
  /** An assignment graded (docs/assignments.md), with the feedback quoted. */
  | { kind: 'assignment_graded'; params: { name: string; assignment: string; course: string; passed: boolean; score: number; maxScore: number; feedback: string; link: string } }
  | { kind: 'certificate_earned'; params: { name: string; course: string; link: string } }
  /** A review of theirs hidden by an admin or the course's instructor (docs/reviews.md), with the reason. */
  | { kind: 'review_hidden'; params: { name: string; course: string; reason: string; link: string } }
  /** Messages and answers left unread (docs/notifications.md): one mail for all of them, never one per message. */
  | { kind: 'notification_digest'; params: { name: string; items: DigestItem[]; more: number; link: string } }
  /** A section of a course opened for the participant (scheduled release, docs/authoring.md). */
  | { kind: 'section_opened'; params: { name: string; course: string; section: string; link: string } }
  /** An enrolled, unfinished course not studied for STUDY_REMINDER_DAYS (docs/notifications.md): once per quiet spell. */
  | { kind: 'study_reminder'; params: { name: string; course: string; days: number; link: string } };

/** One line of the digest: who wrote, about what. */
export interface DigestItem {
  kind: 'message' | 'answer';
  from: string;
  about: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A rendered mail's pieces, in reading order. */
type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'button'; text: string; href: string }
  | { type: 'note'; text: string }
  /** A quoted text of someone else (the reviewer's message), set apart. */
  | { type: 'quote'; label: string; text: string };

interface Letter {
  subject: string;
  greeting: string;
  blocks: Block[];
  /** The closing line; the account signature unless the letter has its own. */
  signature?: string;
  /** A link after the signature (the newsletter's unsubscribe link). */
  footerLink?: { text: string; href: string };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

function letterOf(lang: Language, template: MailTemplate): Letter {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(lang, key, params);
  switch (template.kind) {
    case 'password_reset': {
      const { name, link, minutes, role } = template.params;
      return {
        subject: t('api.passwordReset.mail.subject'),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t('api.passwordReset.mail.intro', { account: t(`api.passwordReset.mail.account.${role}`) }) },
          { type: 'button', text: t('api.passwordReset.mail.action'), href: link },
          { type: 'paragraph', text: t('api.passwordReset.mail.expiry', { count: minutes }) },
          { type: 'note', text: t('api.passwordReset.mail.ignore') },
        ],
      };
    }
    case 'invitation': {
      const { name, link, days, course } = template.params;
      return {
        subject: t('api.invitation.mail.subject'),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t('api.invitation.mail.intro') },
          ...(course ? [{ type: 'paragraph' as const, text: t('api.invitation.mail.course', { course }) }] : []),
          { type: 'button', text: t('api.invitation.mail.action'), href: link },
          { type: 'paragraph', text: t('api.invitation.mail.expiry', { count: days }) },
          { type: 'note', text: t('api.invitation.mail.later') },
        ],
      };
    }
    case 'password_changed': {
      const { name, link } = template.params;
      return {
        subject: t('api.passwordChanged.mail.subject'),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t('api.passwordChanged.mail.intro') },
          { type: 'paragraph', text: t('api.passwordChanged.mail.notYou') },
          { type: 'button', text: t('api.passwordChanged.mail.action'), href: link },
          { type: 'note', text: t('api.passwordChanged.mail.you') },
        ],
      };
    }
    case 'welcome': {
      const { name, role, link } = template.params;
      return {
        subject: t('api.notify.welcome.subject'),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t(`api.notify.welcome.intro.${role}`) },
          { type: 'button', text: t('api.notify.welcome.action'), href: link },
        ],
      };
    }
    case 'course_submitted': {
      const { name, course, instructor, link } = template.params;
      return {
        subject: t('api.notify.course_submitted.subject', { course }),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t('api.notify.course_submitted.intro', { course, instructor }) },
          { type: 'button', text: t('api.notify.course_submitted.action'), href: link },
        ],
      };
    }
    case 'course_reviewed': {
      const { name, course, approved, message, link } = template.params;
      const outcome = approved ? 'approved' : 'rejected';
      return {
        subject: t(`api.notify.course_reviewed.subject.${outcome}`, { course }),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t(`api.notify.course_reviewed.intro.${outcome}`, { course }) },
          ...(message ? [{ type: 'quote' as const, label: t('api.notify.course_reviewed.message'), text: message }] : []),
          { type: 'button', text: t('api.notify.course_reviewed.action'), href: link },
        ],
      };
    }
    case 'order_received': {
      const { name, course, reference, amount, link } = template.params;
      return {
        subject: t('api.notify.order_received.subject', { course }),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t('api.notify.order_received.intro', { course, amount }) },
          { type: 'paragraph', text: t('api.notify.order_received.reference', { reference }) },
          { type: 'button', text: t('api.notify.order_received.action'), href: link },
        ],
      };
    }
    case 'order_paid': {
      const { name, course, link } = template.params;
      return {
        subject: t('api.notify.order_paid.subject', { course }),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t('api.notify.order_paid.intro', { course }) },
          { type: 'button', text: t('api.notify.order_paid.action'), href: link },
        ],
      };
    }
    case 'order_refunded': {
      const { name, course, amount, card, link } = template.params;
      return {
        subject: t('api.notify.order_refunded.subject', { course }),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t('api.notify.order_refunded.intro', { course, amount }) },
          { type: 'paragraph', text: t(card ? 'api.notify.order_refunded.card' : 'api.notify.order_refunded.bank') },
          { type: 'button', text: t('api.notify.order_refunded.action'), href: link },
        ],
      };
    }
    case 'review_hidden': {
      const { name, course, reason, link } = template.params;
      return {
        subject: t('api.notify.review_hidden.subject', { course }),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t('api.notify.review_hidden.intro', { course }) },
          { type: 'quote', label: t('api.notify.review_hidden.reason'), text: reason },
          { type: 'paragraph', text: t('api.notify.review_hidden.after') },
          { type: 'button', text: t('api.notify.review_hidden.action'), href: link },
        ],
      };
    }
    case 'notification_digest': {
      const { name, items, more, link } = template.params;
      const total = items.length + more;
      return {
        subject: t('api.notify.digest.subject', { count: total }),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t('api.notify.digest.intro', { count: total }) },
          ...items.map((item) => ({ type: 'paragraph' as const, text: t(`api.notify.digest.${item.kind}`, { from: item.from, about: item.about }) })),
          ...(more > 0 ? [{ type: 'note' as const, text: t('api.notify.digest.more', { count: more }) }] : []),
          { type: 'button', text: t('api.notify.digest.action'), href: link },
        ],
      };
    }
    case 'course_granted': {
      const { name, course, link } = template.params;
      return {
        subject: t('api.notify.course_granted.subject', { course }),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t('api.notify.course_granted.intro', { course }) },
          { type: 'button', text: t('api.notify.course_granted.action'), href: link },
        ],
      };
    }
    case 'assessment_checked': {
      const { name, assessment, course, passed, score, maxScore, link } = template.params;
      return {
        subject: t('api.notify.assessment_checked.subject', { assessment }),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t(`api.notify.assessment_checked.intro.${passed ? 'passed' : 'failed'}`, { assessment, course, score, max: maxScore }) },
          { type: 'button', text: t('api.notify.assessment_checked.action'), href: link },
        ],
      };
    }
    case 'assignment_graded': {
      const { name, assignment, course, passed, score, maxScore, feedback, link } = template.params;
      return {
        subject: t('api.notify.assignment_graded.subject', { assignment }),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t(`api.notify.assignment_graded.intro.${passed ? 'passed' : 'failed'}`, { assignment, course, score, max: maxScore }) },
          ...(feedback ? [{ type: 'quote' as const, label: t('api.notify.assignment_graded.feedback'), text: feedback }] : []),
          { type: 'button', text: t('api.notify.assignment_graded.action'), href: link },
        ],
      };
    }
    case 'certificate_earned': {
      const { name, course, link } = template.params;
      return {
        subject: t('api.notify.certificate_earned.subject', { course }),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t('api.notify.certificate_earned.intro', { course }) },
          { type: 'button', text: t('api.notify.certificate_earned.action'), href: link },
        ],
      };
    }
    case 'section_opened': {
      const { name, course, section, link } = template.params;
      return {
        subject: t('api.notify.section_opened.subject', { course }),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t('api.notify.section_opened.intro', { course, section }) },
          { type: 'button', text: t('api.notify.section_opened.action'), href: link },
        ],
      };
    }
    case 'study_reminder': {
      const { name, course, days, link } = template.params;
      return {
        subject: t('api.notify.study_reminder.subject', { course }),
        greeting: t('api.mail.greeting', { name }),
        blocks: [
          { type: 'paragraph', text: t('api.notify.study_reminder.intro', { course, count: days }) },
          { type: 'button', text: t('api.notify.study_reminder.action'), href: link },
        ],
      };
    }
    case 'newsletter_confirm': {
      return {
        subject: t('api.newsletter.mail.confirm.subject'),
        greeting: t('api.mail.greeting_plain'),
        blocks: [
          { type: 'paragraph', text: t('api.newsletter.mail.confirm.intro') },
          { type: 'button', text: t('api.newsletter.mail.confirm.action'), href: template.params.link },
          { type: 'note', text: t('api.newsletter.mail.confirm.ignore') },
        ],
        signature: t('api.newsletter.mail.confirm.signature'),
      };
    }
    case 'newsletter': {
      const { subject, body, unsubscribeLink } = template.params;
      return {
        subject,
        greeting: t('api.mail.greeting_plain'),
        blocks: body
          .split(/\n\s*\n/)
          .map((text) => text.trim())
          .filter(Boolean)
          .map((text) => ({ type: 'paragraph' as const, text })),
        signature: t('api.newsletter.mail.signature'),
        footerLink: { text: t('api.newsletter.mail.unsubscribe'), href: unsubscribeLink },
      };
    }
  }
}

function textPart(lang: Language, letter: Letter): string {
  const lines = [letter.greeting, ''];
  for (const block of letter.blocks) {
    if (block.type === 'button') lines.push(`${block.text}:`, block.href, '');
    else if (block.type === 'quote') lines.push(`${block.label}`, ...block.text.split('\n').map((line) => `> ${line}`), '');
    else lines.push(block.text, '');
  }
  lines.push('--', letter.signature ?? translate(lang, 'api.mail.signature'));
  if (letter.footerLink) lines.push('', `${letter.footerLink.text}:`, letter.footerLink.href);
  return lines.join('\n');
}

/**
 * The HTML part: right to left in Arabic (dir and lang on the root), inline styles only (mail
 * readers drop style sheets), no left/right: alignment follows the direction.
 */
function htmlPart(lang: Language, letter: Letter): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const body = letter.blocks
    .map((block) => {
      if (block.type === 'button') {
        const href = escapeHtml(block.href);
        return (
          `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:#0b7285;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:6px">${escapeHtml(block.text)}</a></p>` +
          `<p style="margin:0 0 16px;font-size:13px;color:#495057">${escapeHtml(translate(lang, 'api.mail.link_hint'))}<br><a href="${href}" dir="ltr" style="color:#0b7285;word-break:break-all">${href}</a></p>`
        );
      }
      if (block.type === 'quote') {
        return (
          `<p style="margin:0 0 4px;font-weight:bold">${escapeHtml(block.label)}</p>` +
          `<blockquote dir="auto" style="margin:0 0 16px;padding:8px 16px;border-inline-start:4px solid #0b7285;background:#f1f3f5;white-space:pre-line">${escapeHtml(block.text)}</blockquote>`
        );
      }
      const style = block.type === 'note' ? 'margin:16px 0;font-size:13px;color:#495057' : 'margin:0 0 16px';
      return `<p style="${style}">${escapeHtml(block.text)}</p>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(letter.subject)}</title></head>
<body dir="${dir}" style="margin:0;padding:24px;background:#f1f3f5;font-family:Tahoma,Arial,sans-serif;font-size:15px;line-height:1.7;color:#212529">
<div dir="${dir}" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#0b7285">${escapeHtml(translate(lang, 'api.mail.brand'))}</p>
<p style="margin:0 0 16px">${escapeHtml(letter.greeting)}</p>
${body}
<p style="margin:24px 0 0;font-size:12px;color:#868e96">${escapeHtml(letter.signature ?? translate(lang, 'api.mail.signature'))}</p>${
    letter.footerLink
      ? `\n<p style="margin:8px 0 0;font-size:12px"><a href="${escapeHtml(letter.footerLink.href)}" style="color:#495057">${escapeHtml(letter.footerLink.text)}</a></p>`
      : ''
  }
</div>
</body>
</html>
`;
}

export function renderMail(lang: Language, template: MailTemplate): RenderedMail {
  const letter = letterOf(lang, template);
  return { subject: letter.subject, text: textPart(lang, letter), html: htmlPart(lang, letter) };
}

/**
 * Headers a kind adds when sent. A newsletter carries the one-click unsubscribe of RFC 8058: its
 * List-Unsubscribe is the API's `POST /api/newsletter/unsubscribe/{token}` for the subscription whose
 * unsubscribe page the mail links to (the page's link is in the text; nothing else is stored).
 */
export function sendingHeaders(kind: string, text: string): Record<string, string> {
  if (kind !== 'newsletter') return {};
  const link = /(https?:\/\/\S+?)\/newsletter\/unsubscribe\/([0-9A-Za-z-]+)\s*$/m.exec(text);
  if (!link) return {};
  return { 'List-Unsubscribe': `<${link[1]}/api/newsletter/unsubscribe/${link[2]}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
