import { translate, type Language } from '../../lib/i18n';

/**
 * Every mail the server sends, by kind, with the values it needs. Its words are server messages
 * (api.mail.* and the kind's own keys) in the recipient's language; values are escaped in the HTML part.
 */
export type MailTemplate = {
  kind: 'password_reset';
  params: { name: string; link: string; minutes: number; role: 'participant' | 'instructor' };
};

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A rendered mail's pieces, in reading order. */
type Block = { type: 'paragraph'; text: string } | { type: 'button'; text: string; href: string } | { type: 'note'; text: string };

interface Letter {
  subject: string;
  greeting: string;
  blocks: Block[];
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
          { type: 'paragraph', text: t('api.passwordReset.mail.expiry', { minutes }) },
          { type: 'note', text: t('api.passwordReset.mail.ignore') },
        ],
      };
    }
  }
}

function textPart(lang: Language, letter: Letter): string {
  const lines = [letter.greeting, ''];
  for (const block of letter.blocks) {
    if (block.type === 'button') lines.push(`${block.text}:`, block.href, '');
    else lines.push(block.text, '');
  }
  lines.push('--', translate(lang, 'api.mail.signature'));
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
<p style="margin:24px 0 0;font-size:12px;color:#868e96">${escapeHtml(translate(lang, 'api.mail.signature'))}</p>
</div>
</body>
</html>
`;
}

export function renderMail(lang: Language, template: MailTemplate): RenderedMail {
  const letter = letterOf(lang, template);
  return { subject: letter.subject, text: textPart(lang, letter), html: htmlPart(lang, letter) };
}
