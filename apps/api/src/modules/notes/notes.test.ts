import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NOTES_PER_COURSE_MAX } from '@nibras/contract';
import { apiSuite, buildTestApp, inject, loginAs, testConfig, testDatabase } from '../../../test/harness';
import { createCourse, enrollParticipant } from '../../../test/factories';
import { pdfText } from '../../../test/pdf-text';
import { enrollments, lectureNotes, lectures, sections } from '../../db/schema';
import { translate } from '../../lib/i18n';

const suite = apiSuite();
const en = { 'accept-language': 'en' };
const ar = { 'accept-language': 'ar' };

/**
 * A course whose outline was reordered: the section made second ("Basics", position 0) comes before the
 * one made first ("Advanced", position 1), and within Basics the lecture made second comes first.
 */
async function courseWithOutline(title = 'Course of notes') {
  const { db } = await testDatabase();
  const course = await createCourse({ title });
  const [advanced] = await db.insert(sections).values({ courseId: course.id, title: 'Advanced', position: 1 }).returning();
  const [basics] = await db.insert(sections).values({ courseId: course.id, title: 'Basics', position: 0 }).returning();
  const [late, early, deep] = await db
    .insert(lectures)
    .values([
      { courseId: course.id, sectionId: basics!.id, title: 'Variables', position: 1, durationSeconds: 600 },
      { courseId: course.id, sectionId: basics!.id, title: 'Welcome', position: 0, durationSeconds: 300 },
      { courseId: course.id, sectionId: advanced!.id, title: 'Closures', position: 0, durationSeconds: 0 },
    ])
    .returning();
  return { course, lectures: { variables: late!, welcome: early!, closures: deep! } };
}

/** A participant enrolled in the course, signed in. */
async function enrolled(courseId: number) {
  const { participant } = await enrollParticipant(courseId);
  const session = await loginAs(suite.app, 'participant', participant.email);
  return { participant, auth: { authorization: `Bearer ${session.token}` } };
}

const addNote = (courseId: number, auth: Record<string, string>, payload: unknown, lang = en) =>
  suite.inject({ method: 'POST', url: `/api/participant/course/${courseId}/notes`, headers: { ...auth, ...lang }, payload: payload as object });
const listNotes = (courseId: number, auth: Record<string, string>, page = 1) => suite.inject({ method: 'GET', url: `/api/participant/course/${courseId}/notes?page=${page}`, headers: { ...auth, ...en } });

describe('notes', () => {
  it("lists a course's notes in the outline's order, then by moment (the whole lecture first); edits and deletes", async () => {
    const { course, lectures: l } = await courseWithOutline();
    const me = await enrolled(course.id);
    const ids: Record<string, number> = {};
    for (const [name, lecture, position] of [
      ['closures', l.closures, 5],
      ['variables-late', l.variables, 120],
      ['variables-early', l.variables, 83],
      ['welcome', l.welcome, 10],
      ['variables-whole', l.variables, null],
    ] as const) {
      const res = await addNote(course.id, me.auth, { lecture_id: lecture.id, ...(position === null ? {} : { position_seconds: position }), body: name });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Note added.');
      ids[name] = res.json().data.id;
    }
    const list = (await listNotes(course.id, me.auth)).json().data;
    expect(list.total).toBe(5);
    expect(list.items.map((n: { body: string }) => n.body)).toEqual(['welcome', 'variables-whole', 'variables-early', 'variables-late', 'closures']);
    expect(list.items[2]).toMatchObject({ lectureId: l.variables.id, lectureTitle: 'Variables', sectionTitle: 'Basics', positionSeconds: 83, courseId: course.id });

    // Edit: the text, and the moment when sent (null: the whole lecture); left out, the moment stays.
    const edited = await suite.inject({ method: 'POST', url: `/api/participant/notes/${ids['welcome']}`, headers: { ...me.auth, ...en }, payload: { body: 'hello again' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ body: 'hello again', positionSeconds: 10 });
    const moved = await suite.inject({ method: 'POST', url: `/api/participant/notes/${ids['variables-late']}`, headers: { ...me.auth, ...en }, payload: { body: 'now first', position_seconds: 1 } });
    expect(moved.json().data.positionSeconds).toBe(1);
    const deleted = await suite.inject({ method: 'POST', url: `/api/participant/notes/${ids['closures']}/delete`, headers: { ...me.auth, ...en } });
    expect(deleted.json()).toMatchObject({ message: 'Note deleted.', data: { id: ids['closures'] } });
    const after = (await listNotes(course.id, me.auth)).json().data;
    expect(after.items.map((n: { body: string }) => n.body)).toEqual(['hello again', 'variables-whole', 'now first', 'variables-early']);
  });

  it("keeps notes to their writer and their course: another's note, a course not enrolled in and another course's lecture are refused", async () => {
    const { course, lectures: l } = await courseWithOutline();
    const other = await courseWithOutline('Another course');
    const me = await enrolled(course.id);
    const someoneElse = await enrolled(course.id);
    const mine = (await addNote(course.id, me.auth, { lecture_id: l.welcome.id, position_seconds: 3, body: 'private' })).json().data.id;

    // Another participant of the same course: sees none of it, and cannot change or delete it (404, as a missing note).
    expect((await listNotes(course.id, someoneElse.auth)).json().data.total).toBe(0);
    expect((await suite.inject({ method: 'POST', url: `/api/participant/notes/${mine}`, headers: { ...someoneElse.auth, ...en }, payload: { body: 'mine now' } })).statusCode).toBe(404);
    expect((await suite.inject({ method: 'POST', url: `/api/participant/notes/${mine}/delete`, headers: { ...someoneElse.auth, ...en } })).statusCode).toBe(404);
    const markdown = await suite.inject({ method: 'GET', url: `/api/participant/course/${course.id}/notes/markdown`, headers: { ...someoneElse.auth, ...en } });
    expect(markdown.body).not.toContain('private');

    // A course one is not enrolled in: 403 on every route; a course that does not exist: 404.
    for (const [method, url] of [
      ['GET', `/api/participant/course/${other.course.id}/notes`],
      ['POST', `/api/participant/course/${other.course.id}/notes`],
      ['GET', `/api/participant/course/${other.course.id}/notes/markdown`],
      ['GET', `/api/participant/course/${other.course.id}/notes/pdf`],
    ] as const) {
      const res = await suite.inject({ method, url, headers: { ...me.auth, ...en }, ...(method === 'POST' ? { payload: { lecture_id: other.lectures.welcome.id, body: 'x' } } : {}) });
      expect([url, res.statusCode]).toEqual([url, 403]);
    }
    expect((await listNotes(2_000_000_000, me.auth)).statusCode).toBe(404);

    // Another course's lecture, on a course one is enrolled in: 404 naming the field; nothing stored.
    const wrongLecture = await addNote(course.id, me.auth, { lecture_id: other.lectures.welcome.id, body: 'x' });
    expect(wrongLecture.statusCode).toBe(404);
    expect(wrongLecture.json().errors).toEqual({ lecture_id: 'This lecture is not part of this course.' });

    // Once the enrolment ends, the notes are closed but for deleting them.
    const { db } = await testDatabase();
    await db.delete(enrollments).where(and(eq(enrollments.participantId, me.participant.id), eq(enrollments.courseId, course.id)));
    expect((await listNotes(course.id, me.auth)).statusCode).toBe(403);
    expect((await suite.inject({ method: 'POST', url: `/api/participant/notes/${mine}`, headers: { ...me.auth, ...en }, payload: { body: 'edit' } })).statusCode).toBe(403);
    expect((await suite.inject({ method: 'POST', url: `/api/participant/notes/${mine}/delete`, headers: { ...me.auth, ...en } })).statusCode).toBe(200);
    expect(await db.select().from(lectureNotes).where(eq(lectureNotes.participantId, me.participant.id))).toEqual([]);
  });

  it('refuses bad input with field messages, removes markup, and caps the notes of a course', async () => {
    const { course, lectures: l } = await courseWithOutline();
    const me = await enrolled(course.id);
    const refused = async (payload: unknown) => {
      const res = await addNote(course.id, me.auth, payload);
      expect(res.statusCode).toBe(400);
      return res.json().errors as Record<string, string>;
    };
    expect(await refused({ lecture_id: l.welcome.id, body: '   ' })).toEqual({ body: translate('en', 'api.validation.required') });
    expect(Object.keys(await refused({ lecture_id: l.welcome.id, body: 'x'.repeat(5001) }))).toEqual(['body']);
    expect(Object.keys(await refused({ lecture_id: l.welcome.id, body: 'x', position_seconds: -1 }))).toEqual(['position_seconds']);
    expect(Object.keys(await refused({ body: 'x' }))).toEqual(['lecture_id']);
    expect(Object.keys(await refused({ lecture_id: l.welcome.id, body: 'x', participant_id: 1 }))).toEqual(['participant_id']);
    // Past the end of a lecture whose length is known (Welcome: 300 s); a lecture of unknown length takes any moment.
    expect(await refused({ lecture_id: l.welcome.id, body: 'x', position_seconds: 301 })).toEqual({ position_seconds: 'This moment is past the end of the lecture.' });
    expect((await addNote(course.id, me.auth, { lecture_id: l.closures.id, body: 'x', position_seconds: 5000 })).statusCode).toBe(200);
    // Markup is removed, as in messages; markup alone is no note.
    expect(await refused({ lecture_id: l.welcome.id, body: '<b></b><script>alert(1)</script>' })).toEqual({ body: 'Write a note (markup alone is removed).' });
    const clean = await addNote(course.id, me.auth, { lecture_id: l.welcome.id, body: 'Read <b>this</b> &lt;img src=x onerror=alert(1)&gt;twice: 1 < 2\nsecond line' });
    expect(clean.json().data.body).toBe('Read this twice: 1 < 2\nsecond line');

    // The cap: NOTES_PER_COURSE_MAX notes a course; the next is a 409.
    const { db } = await testDatabase();
    const existing = 2;
    await db.insert(lectureNotes).values(
      Array.from({ length: NOTES_PER_COURSE_MAX - existing }, (_, i) => ({ participantId: me.participant.id, courseId: course.id, lectureId: l.welcome.id, body: `n${i}` })),
    );
    const full = await addNote(course.id, me.auth, { lecture_id: l.welcome.id, body: 'one too many' });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/1,000 notes/);
    const list = (await listNotes(course.id, me.auth, 10)).json().data;
    expect(list).toMatchObject({ total: NOTES_PER_COURSE_MAX, perPage: 100, page: 10 });
    expect(list.items).toHaveLength(100);
  });

  it('limits writes per participant and minute: 429 with Retry-After', async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const limited = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, notesPerMinute: 2 } }, { now: () => minute + 15_000 });
    try {
      const { course, lectures: l } = await courseWithOutline();
      const { participant } = await enrollParticipant(course.id);
      const headers = { authorization: `Bearer ${(await loginAs(limited, 'participant', participant.email)).token}`, ...en };
      const post = () => inject(limited, { method: 'POST', url: `/api/participant/course/${course.id}/notes`, headers, payload: { lecture_id: l.welcome.id, body: 'n' } });
      expect([(await post()).statusCode, (await post()).statusCode]).toEqual([200, 200]);
      const res = await post();
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('45');
      expect(res.json().message).toMatch(/writing notes too quickly/);
    } finally {
      await limited.close();
    }
  });

  it('exports as Markdown: headed in the reader\'s language, sections and lectures in order, each note with its moment', async () => {
    const { course, lectures: l } = await courseWithOutline('Python *basics*');
    const me = await enrolled(course.id);
    await addNote(course.id, me.auth, { lecture_id: l.variables.id, position_seconds: 83, body: 'Names point to values\n# not a heading' });
    await addNote(course.id, me.auth, { lecture_id: l.welcome.id, body: 'Start here' });
    await addNote(course.id, me.auth, { lecture_id: l.closures.id, position_seconds: 3725, body: 'دالة داخل دالة' });

    const res = await suite.inject({ method: 'GET', url: `/api/participant/course/${course.id}/notes/markdown`, headers: { ...me.auth, ...en } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="nibras-notes-course-${course.id}.md"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toBe(
      [
        '# My notes: Python \\*basics\\*',
        '',
        '## Basics',
        '',
        '### Welcome',
        '',
        '- **Whole lecture** Start here',
        '',
        '### Variables',
        '',
        '- **1:23** Names point to values',
        '  \\# not a heading',
        '',
        '## Advanced',
        '',
        '### Closures',
        '',
        '- **1:02:05** دالة داخل دالة',
        '',
      ].join('\n'),
    );
    const arabic = await suite.inject({ method: 'GET', url: `/api/participant/course/${course.id}/notes/markdown`, headers: { ...me.auth, ...ar } });
    expect(arabic.body.split('\n')[0]).toBe(`# ${translate('ar', 'api.notes.export.title', { course: 'Python \\*basics\\*' })}`);
    expect(arabic.body).toContain(`- **${translate('ar', 'api.notes.export.whole_lecture')}** Start here`);
  });

  it('exports as PDF: Arabic headings for an Arabic reader, and the notes as text in reading order', async () => {
    const { course, lectures: l } = await courseWithOutline('أساسيات البرمجة');
    const me = await enrolled(course.id);
    await addNote(course.id, me.auth, { lecture_id: l.variables.id, position_seconds: 83, body: 'المتغير اسم يشير إلى قيمة' });
    await addNote(course.id, me.auth, { lecture_id: l.welcome.id, body: 'Start with the welcome' });

    const res = await suite.inject({ method: 'GET', url: `/api/participant/course/${course.id}/notes/pdf`, headers: { ...me.auth, ...ar } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="nibras-notes-course-${course.id}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const items = (await pdfText(res.rawPayload)).flatMap((page) => page.items);
    expect(items).toEqual(
      expect.arrayContaining([
        translate('ar', 'api.notes.export.title', { course: 'أساسيات البرمجة' }),
        'Basics',
        'Welcome',
        translate('ar', 'api.notes.export.whole_lecture'),
        'Start with the welcome',
        'Variables',
        '1:23',
        'المتغير اسم يشير إلى قيمة',
      ]),
    );
    // The notes in the list's order.
    expect(items.indexOf('Start with the welcome')).toBeLessThan(items.indexOf('المتغير اسم يشير إلى قيمة'));
  });
});
