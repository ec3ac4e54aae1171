import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testConfig, testDatabase } from '../../../test/harness';
import { addLectures, createCourse, enrollParticipant } from '../../../test/factories';
import type { AppContext } from '../../context';
import { enrollments, lectureProgress, mailOutbox, users } from '../../db/schema';
import { sweepStudyReminders } from './reminders.service';

const DAY = 86_400_000;

/**
 * The sweep reads every enrolment of the worker's database, so each test moves its own rows into the past and keeps
 * the clock at the real now: other files' enrolments are recent and stay out of it.
 */
async function quietLearner(opts: { enrolledDaysAgo: number; lang?: 'ar' | 'en'; title?: string }) {
  const { db } = await testDatabase();
  const course = await createCourse({ title: opts.title ?? `الخط العربي ${Math.random().toString(36).slice(2, 7)}` });
  const { lectures } = await addLectures(course.id, 2);
  const { participant } = await enrollParticipant(course.id);
  await db.update(enrollments).set({ createdAt: new Date(Date.now() - opts.enrolledDaysAgo * DAY) }).where(eq(enrollments.participantId, participant.id));
  if (opts.lang) await db.update(users).set({ lang: opts.lang }).where(eq(users.id, participant.id));
  const studied = (daysAgo: number) =>
    db
      .insert(lectureProgress)
      .values({ participantId: participant.id, lectureId: lectures[0]!.id, courseId: course.id, positionSeconds: 30, watchedSeconds: 30, updatedAt: new Date(Date.now() - daysAgo * DAY) })
      .onConflictDoUpdate({ target: [lectureProgress.participantId, lectureProgress.lectureId], set: { updatedAt: new Date(Date.now() - daysAgo * DAY) } });
  const reminders = () =>
    db
      .select({ lang: mailOutbox.lang, subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, participant.email), eq(mailOutbox.kind, 'study_reminder')));
  return { course, participant, studied, reminders };
}

async function sweeper(days = 14) {
  const { db } = await testDatabase();
  const ctx = { config: testConfig({ studyReminderDays: days }), db, mail: { wake: () => undefined }, now: () => Date.now(), log: () => undefined } as unknown as AppContext;
  return () => sweepStudyReminders(ctx);
}

describe('study reminders (STUDY_REMINDER_DAYS)', () => {
  it('a participant quiet on an unfinished course for the set days gets one mail in their language, once per quiet spell', async () => {
    const sweep = await sweeper(14);
    const arabic = await quietLearner({ enrolledDaysAgo: 20 });
    const english = await quietLearner({ enrolledDaysAgo: 20, lang: 'en', title: 'Calligraphy basics' });
    const recent = await quietLearner({ enrolledDaysAgo: 30 });
    await recent.studied(3);

    await sweep();
    const [mail] = await arabic.reminders();
    expect(await arabic.reminders()).toHaveLength(1);
    expect(mail!.lang).toBe('ar');
    expect(mail!.subject).toContain(arabic.course.title);
    // Twenty days: the Arabic plural's "many" form, and the link back to where the participant stopped.
    expect(mail!.text).toContain(`مضى 20 يومًا منذ درست «${arabic.course.title}»`);
    expect(mail!.text).toContain(`/participant/learn/${arabic.course.id}`);
    expect((await english.reminders())[0]!.text).toContain('It has been 20 days since you last studied “Calligraphy basics”');
    // Studied three days ago: not quiet.
    expect(await recent.reminders()).toEqual([]);

    // A second sweep sends nothing more.
    await sweep();
    expect(await arabic.reminders()).toHaveLength(1);
    // Studying again starts a new spell. The reminder is moved back to 19 days ago, the day after the enrolment (time
    // passing, the clock staying real):
    // studied since, 13 quiet days are not enough, 15 are.
    const { db } = await testDatabase();
    await db.update(enrollments).set({ remindedAt: new Date(Date.now() - 19 * DAY) }).where(eq(enrollments.participantId, arabic.participant.id));
    await sweep();
    expect(await arabic.reminders()).toHaveLength(1);
    await arabic.studied(13);
    await sweep();
    expect(await arabic.reminders()).toHaveLength(1);
    await arabic.studied(15);
    await sweep();
    expect(await arabic.reminders()).toHaveLength(2);
  });

  it('none for a finished course, a participant who turned them off, or with STUDY_REMINDER_DAYS=0', async () => {
    const { db } = await testDatabase();
    const finished = await quietLearner({ enrolledDaysAgo: 40 });
    await db.update(enrollments).set({ completedAt: new Date(Date.now() - 30 * DAY) }).where(eq(enrollments.participantId, finished.participant.id));
    const optedOut = await quietLearner({ enrolledDaysAgo: 40 });
    await db.update(users).set({ mailOptOuts: ['study_reminder'] }).where(eq(users.id, optedOut.participant.id));
    const waiting = await quietLearner({ enrolledDaysAgo: 40 });

    await (await sweeper(0))();
    expect(await waiting.reminders()).toEqual([]);
    await (await sweeper(14))();
    expect(await finished.reminders()).toEqual([]);
    expect(await optedOut.reminders()).toEqual([]);
    expect(await waiting.reminders()).toHaveLength(1);
  });
});
