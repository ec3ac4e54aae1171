import { mailLinks } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../context';
import { composeNotification, insertComposedMails, mailQueued, siteLink } from '../mail/mail.service';
import { notify } from '../notifications/notifications.service';
import { dueReleaseNotices, lectureRelease, recordReleaseNotice } from './release.queries';

/**
 * Scheduled release (docs/authoring.md, docs/decisions/028): a section opens at a moment for everyone, or a number of
 * days after each participant's enrolment. Everything that serves a lecture's content asks lectureOpensAt: the player's
 * answer (learning.service), its files (media.service's watchableLecture: video, ladder, captions and whatever else a
 * lecture carries), progress reports, and through them completion and the certificate.
 */

const DAY_MS = 86_400_000;
/** The sweep mails sections that opened at most this long ago: a rule set on a course long running is no news. */
const NOTICE_WINDOW_MS = 7 * DAY_MS;
const SWEEP_BATCH = 200;

export interface ReleaseRule {
  opensAt: Date | null;
  opensAfterDays: number | null;
}

/** The moment a section's rule opens it for a participant enrolled at `enrolledAt`; null: no rule. dueReleaseNotices computes the same in SQL. */
export function releaseMoment(rule: ReleaseRule, enrolledAt: Date): Date | null {
  if (rule.opensAt) return rule.opensAt;
  if (rule.opensAfterDays) return new Date(enrolledAt.getTime() + rule.opensAfterDays * DAY_MS);
  return null;
}

/** When the section opens for this participant; null: it is open now (ctx.now()). */
export function sectionOpensAt(ctx: Pick<AppContext, 'now'>, rule: ReleaseRule, enrolledAt: Date): Date | null {
  const at = releaseMoment(rule, enrolledAt);
  return at && at.getTime() > ctx.now() ? at : null;
}

/**
 * THE decision: when a lecture opens for a participant (null: open now), from its section's rule, their enrolment and
 * ctx.now(). A free preview is never locked: anyone may already watch it on the course page.
 */
export function lectureOpensAt(ctx: Pick<AppContext, 'now'>, lecture: { isFreePreview: boolean }, rule: ReleaseRule, enrolledAt: Date): Date | null {
  return lecture.isFreePreview ? null : sectionOpensAt(ctx, rule, enrolledAt);
}

/** A lecture for one participant: its course, whether they are enrolled, and when it opens for them (null: open). Undefined: no such lecture. */
export async function lectureAccess(ctx: AppContext, participantId: number, lectureId: number) {
  const row = await lectureRelease(ctx.db, participantId, lectureId);
  if (!row) return undefined;
  const enrolled = row.enrolledAt !== null;
  return { id: row.id, courseId: row.courseId, enrolled, opensAt: row.enrolledAt ? lectureOpensAt(ctx, row, row, row.enrolledAt) : null };
}

/** The refusal of a lecture not open yet: 403, with a message saying so (the player shows the date it has). */
export const lockedLecture = () => new AppError('api.learn.locked', 403);

// ---------------------------------------------------------------------------------------------
// The sweep: one mail per participant and section that opened for them

type SweepContext = Pick<AppContext, 'db' | 'config' | 'now' | 'mail' | 'log'>;

/**
 * Finds participant×section pairs that opened for the participant since they enrolled (at most NOTICE_WINDOW_MS ago)
 * and were not told yet; for each, records the notice and queues the mail (section_opened, in the participant's
 * language, unless they turned it off) in one transaction: the notice's primary key makes a second sweep, a crash's
 * retry or another server's sweep skip it. Returns the mails queued.
 */
export async function sweepReleaseNotices(ctx: SweepContext): Promise<number> {
  const now = ctx.now();
  let queued = 0;
  for (;;) {
    const due = await dueReleaseNotices(ctx.db, new Date(now), new Date(now - NOTICE_WINDOW_MS), SWEEP_BATCH);
    for (const notice of due) {
      const told = await ctx.db.transaction(async (tx) => {
        if (!(await recordReleaseNotice(tx, notice.participantId, notice.sectionId))) return null;
        const recipient = { id: notice.participantId, role: 'participant' as const, email: notice.email, name: notice.name, lang: notice.lang, mailOptOuts: notice.mailOptOuts };
        const mail = composeNotification(ctx, recipient, (to) => ({
          kind: 'section_opened',
          params: { name: to.name, course: notice.courseTitle, section: notice.sectionTitle, link: siteLink(ctx, mailLinks.learn(notice.courseId)) },
        }));
        if (mail) await insertComposedMails(tx, [mail]);
        return { mailed: !!mail };
      });
      if (!told) continue;
      if (told.mailed) queued += 1;
      // The header's bell too, once the notice is committed (docs/notifications.md).
      await notify(ctx, notice.participantId, 'section_opened', { course: notice.courseTitle, section: notice.sectionTitle }, mailLinks.learn(notice.courseId));
    }
    if (due.length < SWEEP_BATCH) break;
  }
  if (queued > 0) mailQueued(ctx);
  return queued;
}

/**
 * The learning sweeps every RELEASE_SWEEP_MINUTES (sweepReleaseNotices, and whatever else is given: the study
 * reminders), one at a time, until stopped (stop waits for a sweep under way). One failing does not stop the others.
 */
export function startReleaseSweeps(ctx: AppContext, onError: (error: unknown) => void, others: ((ctx: AppContext) => Promise<unknown>)[] = []) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = [sweepReleaseNotices, ...others]
      .reduce<Promise<unknown>>((previous, sweep) => previous.then(() => sweep(ctx).catch(onError)), Promise.resolve())
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, ctx.config.releaseSweepMs).unref();
      });
  };
  return {
    start: () => {
      timer = setTimeout(tick, ctx.config.releaseSweepMs).unref();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
