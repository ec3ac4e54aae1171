import { mailLinks } from '@nibras/contract';
import type { AppContext } from '../../context';
import { composeNotification, insertComposedMails, mailQueued, siteLink } from '../mail/mail.service';
import { claimReminder, quietEnrolments } from './reminders.queries';

type SweepContext = Pick<AppContext, 'db' | 'config' | 'now' | 'mail' | 'log'>;

const DAY_MS = 86_400_000;
/** Enrolments looked at per round of a sweep. */
const SWEEP_BATCH = 200;

/**
 * Study reminders (docs/notifications.md): a participant who has not studied an enrolled, unfinished course for
 * STUDY_REMINDER_DAYS gets one mail in their language to come back to it, unless they turned study reminders off in
 * their profile. One per quiet spell: studying the course again (a lecture played, an assessment opened or sent)
 * starts a new spell. The reminder is recorded on the enrolment and its mail queued in one transaction, so a second
 * sweep, a crash's retry or another server's sweep never sends it twice. Returns the mails queued.
 */
export async function sweepStudyReminders(ctx: SweepContext): Promise<number> {
  const days = ctx.config.studyReminderDays;
  if (days <= 0) return 0;
  const now = ctx.now();
  let queued = 0;
  for (;;) {
    const due = await quietEnrolments(ctx.db, new Date(now - days * DAY_MS), SWEEP_BATCH);
    for (const quiet of due) {
      const mailed = await ctx.db.transaction(async (tx) => {
        if (!(await claimReminder(tx, quiet.id, quiet.lastStudied, new Date(now)))) return false;
        const recipient = { id: quiet.participantId, role: 'participant' as const, email: quiet.email, name: quiet.name, lang: quiet.lang, mailOptOuts: quiet.mailOptOuts };
        const mail = composeNotification(ctx, recipient, (to) => ({
          kind: 'study_reminder',
          params: { name: to.name, course: quiet.courseTitle, days: Math.floor((now - quiet.lastStudied.getTime()) / DAY_MS), link: siteLink(ctx, mailLinks.learn(quiet.courseId)) },
        }));
        if (mail) await insertComposedMails(tx, [mail]);
        return !!mail;
      });
      if (mailed) queued += 1;
    }
    if (due.length < SWEEP_BATCH) break;
  }
  if (queued > 0) mailQueued(ctx);
  return queued;
}
