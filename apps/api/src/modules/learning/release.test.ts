import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { apiSuite, createUser, loginAs, signedIn, testConfig, testDatabase } from '../../../test/harness';
import { createCategory, createCourse, enrollParticipant } from '../../../test/factories';
import { lectureCaptions, lectureProgress, lectures, mailOutbox, notifications, sections, users } from '../../db/schema';
import { signedInCaller, expectOk } from '../authoring/authoring.test-kit';
import { sweepReleaseNotices } from './release.service';

/** The server's clock runs `shift` ms ahead of the real one: the tests move it instead of waiting. */
let shift = 0;
const clock = () => Date.now() + shift;
const suite = apiSuite({ ownDataDir: 'nibras-release-', now: clock });
const { get, post } = suite;
const DAY = 86_400_000;
const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nمرحبا\n';

beforeAll(() => {
  mkdirSync(path.join(suite.dataDir, 'uploads', 'videos'), { recursive: true });
  writeFileSync(path.join(suite.dataDir, 'uploads', 'videos', 'sample.mp4'), Buffer.alloc(4000, 7));
});

/**
 * An approved course: an open section (one lecture) and a section with `rule` (a lecture with a video and Arabic
 * captions, and a free preview), a participant enrolled now and signed in, and the course's instructor.
 */
async function courseWithRule(rule: { opensAt?: Date; opensAfterDays?: number }) {
  const { db } = await testDatabase();
  const instructor = await createUser('instructor');
  const course = await createCourse({ price: 0, instructorId: instructor.id });
  const [open, later] = await db
    .insert(sections)
    .values([
      { courseId: course.id, title: 'Open', position: 0 },
      { courseId: course.id, title: 'Later', position: 1, ...rule },
    ])
    .returning();
  const [first, locked, preview] = await db
    .insert(lectures)
    .values([
      { courseId: course.id, sectionId: open!.id, title: 'First', position: 0, durationSeconds: 60, video: 'videos/sample.mp4' },
      { courseId: course.id, sectionId: later!.id, title: 'Locked', position: 0, durationSeconds: 60, video: 'videos/sample.mp4' },
      { courseId: course.id, sectionId: later!.id, title: 'Preview', position: 1, durationSeconds: 60, video: 'videos/sample.mp4', isFreePreview: true },
    ])
    .returning();
  await db.insert(lectureCaptions).values({ lectureId: locked!.id, lang: 'ar', vtt: VTT });
  const { participant } = await enrollParticipant(course.id);
  const session = await loginAs(suite.app, 'participant', participant.email);
  return { course, instructor, participant, auth: { authorization: `Bearer ${session.token}` }, lectures: { first: first!, locked: locked!, preview: preview! }, section: later! };
}

const learn = async (courseId: number, auth: Record<string, string>) => expectOk(await get(`/api/participant/learn/${courseId}`, auth)).data;
const lectureOf = (data: { sections: { lectures: { id: number }[] }[] }, id: number) => data.sections.flatMap((s) => s.lectures).find((l) => l.id === id) as Record<string, unknown>;
const report = (lectureId: number, auth: Record<string, string>) => post('/api/participant/learn/progress', { lecture_id: lectureId, position_seconds: 5, played_seconds: 5 }, { ...auth, 'accept-language': 'en' });

describe('the release rule in the course builder', () => {
  it('saves a date or a number of days per section, keeps it when omitted, and refuses both or a count out of range with field messages', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const { id } = expectOk(await api.post('addUpdate/step1', { title: 'Release rules', category_id: (await createCategory()).id, language: 'en', level: 'beginner', price: 0 })).data;
    const opensAt = new Date(Date.now() + 3 * DAY).toISOString();
    let outline = expectOk(
      await api.post('addUpdate/step4', { id, sections: [{ title: 'Week 1', opens_at: opensAt, lectures: [{ title: 'A' }] }, { title: 'Week 2', opens_after_days: 7, lectures: [] }] }),
    ).data;
    expect(outline.sections.map((s: { opens_at: string | null; opens_after_days: number | null }) => [s.opens_at, s.opens_after_days])).toEqual([
      [opensAt, null],
      [null, 7],
    ]);
    // Omitted: kept (a client that knows nothing of release does not erase it); null: cleared.
    const [one, two] = outline.sections as { id: number; lectures: { id: number }[] }[];
    outline = expectOk(
      await api.post('addUpdate/step4', { id, sections: [{ id: one!.id, title: 'Week 1', lectures: [{ id: one!.lectures[0]!.id, title: 'A' }] }, { id: two!.id, title: 'Week 2', opens_after_days: null, lectures: [] }] }),
    ).data;
    expect(outline.sections.map((s: { opens_at: string | null; opens_after_days: number | null }) => [s.opens_at, s.opens_after_days])).toEqual([
      [opensAt, null],
      [null, null],
    ]);
    for (const [section, field, message] of [
      [{ opens_at: opensAt, opens_after_days: 3 }, 'sections.1.opens_after_days', 'not both'],
      [{ opens_after_days: 0 }, 'sections.1.opens_after_days', ''],
      [{ opens_after_days: 366 }, 'sections.1.opens_after_days', ''],
      [{ opens_at: 'next tuesday' }, 'sections.1.opens_at', ''],
    ] as const) {
      const res = await api.post('addUpdate/step4', { id, sections: [{ id: one!.id, title: 'Week 1', lectures: [{ id: one!.lectures[0]!.id, title: 'A' }] }, { id: two!.id, title: 'Week 2', lectures: [], ...section }] });
      expect(res.statusCode, JSON.stringify(section)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(res.json().errors)).toContain(message);
    }
    // The database refuses both too.
    const { db } = await testDatabase();
    await expect(db.update(sections).set({ opensAt: new Date(), opensAfterDays: 2 }).where(eq(sections.id, two!.id))).rejects.toThrow();
  });
});

describe('a section that opens later', () => {
  it('days after enrolment: lists the lecture with its date for this participant, refuses its video, captions, ladder and progress (403) until then, opens after', async () => {
    const { course, auth, participant, lectures: l } = await courseWithRule({ opensAfterDays: 7 });
    const { db } = await testDatabase();
    const data = await learn(course.id, auth);
    const locked = lectureOf(data, l.locked.id);
    const opensAt = new Date(locked.opensAt as string).getTime();
    // Seven days after this participant's enrolment (the enrolment was written just now).
    expect(Math.abs(opensAt - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    expect(data.sections[1].opensAt).toBe(locked.opensAt);
    expect([locked.videoUrl, locked.stream, locked.captions]).toEqual([null, null, []]);
    // A free preview stays open to enrolled participants as to anyone; the open section is open.
    expect(lectureOf(data, l.preview.id)).toMatchObject({ opensAt: null, videoUrl: expect.stringContaining('?t=') });
    expect(lectureOf(data, l.first.id)).toMatchObject({ opensAt: null });
    expect(data.resume.lectureId).toBe(l.first.id);

    // The participant's grant for the lecture, as the player gives it once it is open.
    shift = 8 * DAY;
    const opened = lectureOf(await learn(course.id, auth), l.locked.id);
    expect(opened.opensAt).toBeNull();
    const urls = [opened.videoUrl as string, (opened.captions as { url: string }[])[0]!.url, (opened.videoUrl as string).replace('?t=', '/stream/master.m3u8?t=')];
    expect((await get(urls[0]!)).statusCode).toBe(200);
    expect((await get(urls[1]!)).statusCode).toBe(200);

    // Back before the date: the same grant is refused everywhere, and a report cannot complete it.
    shift = 0;
    for (const url of urls) {
      const res = await get(url, { 'accept-language': 'en' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('This lecture is not open yet.');
    }
    const refused = await report(l.locked.id, auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This lecture is not open yet.');
    expect(await db.select().from(lectureProgress).where(eq(lectureProgress.participantId, participant.id))).toHaveLength(0);
    expect((await report(l.preview.id, auth)).statusCode).toBe(200);

    shift = 8 * DAY;
    expect((await report(l.locked.id, auth)).statusCode).toBe(200);
    shift = 0;
  });

  it('on a date: locked for everyone until the date, the course page says when; the instructor and admins preview it meanwhile', async () => {
    const opensAt = new Date(Date.now() + 2 * DAY);
    const { course, auth, instructor, lectures: l } = await courseWithRule({ opensAt });
    const locked = lectureOf(await learn(course.id, auth), l.locked.id);
    expect(locked.opensAt).toBe(opensAt.toISOString());
    expect(locked.videoUrl).toBeNull();
    expect((await report(l.locked.id, auth)).statusCode).toBe(403);

    const details = expectOk(await post(`/api/course/${course.id}/b`, {})).data;
    expect(details.sections.map((s: { opensAt: string | null; opensAfterDays: number | null }) => [s.opensAt, s.opensAfterDays])).toEqual([
      [null, null],
      [opensAt.toISOString(), null],
    ]);

    // The course's instructor and an admin are never locked out: their preview grants open the video and captions.
    const teacher = await loginAs(suite.app, 'instructor', instructor.email);
    const admin = await signedIn(suite.app, 'admin');
    for (const [role, headers] of [['instructor', { authorization: `Bearer ${teacher.token}` }], ['admin', admin.auth]] as const) {
      const step4 = expectOk(await get(`/api/${role}/course/edit/step4/${course.id}`, headers)).data;
      const lecture = step4.sections[1].lectures[0];
      expect(step4.sections[1].opens_at).toBe(opensAt.toISOString());
      expect((await get(lecture.video_url)).statusCode, role).toBe(200);
      expect((await get(lecture.captions[0].url)).statusCode, role).toBe(200);
    }

    shift = 2 * DAY + 60_000;
    const opened = lectureOf(await learn(course.id, auth), l.locked.id);
    expect(opened.opensAt).toBeNull();
    expect((await get(opened.videoUrl as string)).statusCode).toBe(200);
    expect((await report(l.locked.id, auth)).statusCode).toBe(200);
    shift = 0;
  });
});

describe('the mail when a section opens', () => {
  const sweepContext = async () => ({ db: (await testDatabase()).db, config: testConfig(), now: clock, mail: { wake: () => undefined }, log: () => undefined });
  const mailsTo = async (addresses: string[]) => {
    const { db } = await testDatabase();
    return db.select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, lang: mailOutbox.lang, kind: mailOutbox.kind }).from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses));
  };

  it('mails each participant once, in their language, when the section opens for them; not for a section open when they enrolled', async () => {
    const { db } = await testDatabase();
    const { course, participant: arabic } = await courseWithRule({ opensAt: new Date(Date.now() + 3_600_000) });
    const { participant: english } = await enrollParticipant(course.id);
    await db.update(users).set({ lang: 'en' }).where(eq(users.id, english.id));
    // Another course whose ruled section had already opened when its participant enrolled.
    const already = await courseWithRule({ opensAt: new Date(Date.now() - 3_600_000) });
    const addresses = [arabic.email, english.email, already.participant.email];
    const ctx = await sweepContext();

    await sweepReleaseNotices(ctx);
    expect(await mailsTo(addresses)).toEqual([]);

    shift = 2 * 3_600_000;
    // Two sweeps at once (two servers): still one mail each.
    await Promise.all([sweepReleaseNotices(ctx), sweepReleaseNotices(ctx)]);
    const mails = await mailsTo(addresses);
    expect(mails.map((m) => [m.to, m.kind, m.lang]).sort()).toEqual(
      [
        [arabic.email, 'section_opened', 'ar'],
        [english.email, 'section_opened', 'en'],
      ].sort(),
    );
    expect(mails.find((m) => m.lang === 'ar')!.subject).toBe(`قسم جديد متاح: ${course.title}`);
    expect(mails.find((m) => m.lang === 'en')!.subject).toBe(`A new section is open: ${course.title}`);

    await sweepReleaseNotices(ctx);
    expect(await mailsTo(addresses)).toHaveLength(2);
    // The header's bell once each too (docs/notifications.md).
    const bells = await db.select({ userId: notifications.userId, kind: notifications.kind }).from(notifications).where(inArray(notifications.userId, [arabic.id, english.id, already.participant.id]));
    expect(bells.sort((x, y) => x.userId - y.userId)).toEqual([arabic.id, english.id].sort((x, y) => x - y).map((userId) => ({ userId, kind: 'section_opened' })));
    shift = 0;
  });

  it('days after enrolment: mails once the days have passed for that participant, unless they turned the mail off', async () => {
    const { db } = await testDatabase();
    const { course, participant } = await courseWithRule({ opensAfterDays: 3 });
    const { participant: quiet } = await enrollParticipant(course.id);
    await db.update(users).set({ mailOptOuts: ['section_opened'] }).where(eq(users.id, quiet.id));
    const ctx = await sweepContext();
    shift = 2 * DAY;
    await sweepReleaseNotices(ctx);
    expect(await mailsTo([participant.email, quiet.email])).toEqual([]);
    shift = 3 * DAY + 60_000;
    await sweepReleaseNotices(ctx);
    await sweepReleaseNotices(ctx);
    expect((await mailsTo([participant.email, quiet.email])).map((m) => m.to)).toEqual([participant.email]);
    shift = 0;
  });
});
