import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { apiSuite, createUser, inject, loginAs, signedIn, testDatabase } from '../../../test/harness';
import { addLectures, createCourse, enrollParticipant } from '../../../test/factories';
import { mailOutbox, notifications, sections, users } from '../../db/schema';
import { multipartWithFields } from '../authoring/authoring.test-kit';
import { addAssessment, client, enrolledParticipant, ok, openAttempt, submit, type Client } from '../quiz/quiz.test-kit';

const DAY = 86_400_000;
/** The app's clock: each test moves it to cross a due date (AppContext.now). */
let clock = Date.now();
const suite = apiSuite({ now: () => clock });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function teacherOf(app: FastifyInstance) {
  const instructor = await createUser('instructor', { name: 'Assignment teacher' });
  return { instructor, api: client(app, (await loginAs(app, 'instructor', instructor.email)).token) };
}

/** A course of a new instructor with one section, and a participant enrolled in it. */
async function courseWithLearner() {
  const teacher = await teacherOf(suite.app);
  const course = await createCourse({ instructorId: teacher.instructor.id });
  const { section } = await addLectures(course.id, 1);
  const learner = await enrolledParticipant(suite.app, course.id);
  return { teacher, course, section, learner };
}

function fileUpload(api: Client & { token?: string }, token: string, assignmentId: number, file: { name: string; type: string; bytes: Buffer }, lang = 'en') {
  const form = multipartWithFields({}, file);
  return inject(suite.app, {
    method: 'POST',
    url: `/api/participant/assignments/${assignmentId}/file`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang, ...form.headers },
    payload: form.payload,
  });
}

async function learnerToken(email: string) {
  return (await loginAs(suite.app, 'participant', email)).token;
}

const fileAssignment = (courseId: number, sectionId: number, extra: object = {}) => ({
  course_id: courseId,
  section_id: sectionId,
  title: 'Essay on lanterns',
  instructions: '<p>Write <strong>two</strong> pages.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
  kind: 'file',
  file_types: ['pdf', 'docx'],
  max_size_mb: 1,
  points: 10,
  pass_mark: 60,
  rubric: [
    { title: 'Argument', points: 6 },
    { title: 'Language', points: 4 },
  ],
  ...extra,
});

describe('assignments: setting them', () => {
  it('the instructor adds one to a section of their course, sanitised; wrong input gets field messages; another instructor is refused', async () => {
    const { teacher, course, section } = await courseWithLearner();
    const saved = ok(await teacher.api.post('/api/instructor/assignments/save', fileAssignment(course.id, section.id)));
    expect(saved).toMatchObject({ course: { id: course.id }, section: { id: section.id, title: 'Section 1' }, kind: 'file', file_types: ['pdf', 'docx'], points: 10, submissions: 0, ungraded: 0 });
    expect(saved.instructions).toContain('<strong>two</strong>');
    expect(saved.instructions).not.toMatch(/script|onerror/);
    expect(ok(await teacher.api.get(`/api/instructor/assignments/course/${course.id}`)).map((a: { id: number }) => a.id)).toEqual([saved.id]);

    const fields = async (body: object) => {
      const res = await teacher.api.post('/api/instructor/assignments/save', body);
      expect(res.statusCode).toBe(400);
      return res.json().errors;
    };
    const other = await createCourse();
    const { section: otherSection } = await addLectures(other.id, 1);
    expect(await fields(fileAssignment(course.id, otherSection.id))).toMatchObject({ section_id: expect.any(String) });
    expect(await fields(fileAssignment(course.id, section.id, { points: 12 }))).toMatchObject({ points: expect.any(String) });
    expect(await fields(fileAssignment(course.id, section.id, { file_types: [] }))).toMatchObject({ file_types: expect.any(String) });
    expect(await fields(fileAssignment(course.id, section.id, { kind: 'video' }))).toMatchObject({ kind: expect.any(String) });

    // A change keeps the id; the same call from another instructor is refused before anything changes.
    const changed = ok(await teacher.api.post('/api/instructor/assignments/save', { ...fileAssignment(course.id, section.id), id: saved.id, title: 'Essay, revised' }));
    expect([changed.id, changed.title]).toEqual([saved.id, 'Essay, revised']);
    const stranger = await teacherOf(suite.app);
    expect((await stranger.api.post('/api/instructor/assignments/save', { ...fileAssignment(course.id, section.id), id: saved.id })).statusCode).toBe(403);
    expect((await stranger.api.get(`/api/instructor/assignments/course/${course.id}`)).statusCode).toBe(403);
    const admin = client(suite.app, (await signedIn(suite.app, 'admin')).session.token);
    expect(ok(await admin.get(`/api/admin/assignments/course/${course.id}`))[0].title).toBe('Essay, revised');
  });
});

describe('assignments: handing in', () => {
  it('a participant hands in a file checked by its bytes, may hand in again before the due date, and downloads their own; the wrong file, kind or person is refused', async () => {
    clock = Date.now();
    const { teacher, course, section, learner } = await courseWithLearner();
    const a = ok(await teacher.api.post('/api/instructor/assignments/save', fileAssignment(course.id, section.id, { due_at: new Date(clock + DAY).toISOString() })));
    const token = await learnerToken(learner.participant.email);

    const listed = ok(await learner.api.get(`/api/participant/assignments/course/${course.id}`));
    expect(listed).toMatchObject([{ id: a.id, standing: 'not_submitted', can_submit: true, submission: null }]);

    // By its bytes: a PNG named .pdf, HTML named .pdf, and a file over the size are refused, with the field named.
    const png = await fileUpload(learner.api, token, a.id, { name: 'essay.pdf', type: 'application/pdf', bytes: PNG });
    expect([png.statusCode, Object.keys(png.json().errors)]).toEqual([415, ['file']]);
    const html = await fileUpload(learner.api, token, a.id, { name: 'essay.pdf', type: 'application/pdf', bytes: Buffer.from('<html><script>alert(1)</script></html>') });
    expect(html.statusCode).toBe(415);
    const big = await fileUpload(learner.api, token, a.id, { name: 'big.pdf', type: 'application/pdf', bytes: Buffer.concat([PDF, Buffer.alloc(1_100_000, 32)]) });
    expect(big.statusCode).toBe(413);
    expect((await learner.api.post(`/api/participant/assignments/${a.id}/text`, { text: 'an essay' })).statusCode).toBe(409);
    expect(ok(await learner.api.get(`/api/participant/assignments/${a.id}`)).submission).toBeNull();

    const first = await fileUpload(learner.api, token, a.id, { name: 'مقالي.pdf', type: 'application/pdf', bytes: PDF });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ standing: 'submitted', submission: { late: false, versions: 1, graded: false, file: { name: 'مقالي.pdf', type: 'application/pdf', size: PDF.length } } });
    const second = Buffer.concat([PDF, Buffer.from('% second version\n')]);
    expect(ok(await fileUpload(learner.api, token, a.id, { name: 'v2.pdf', type: 'application/pdf', bytes: second })).submission).toMatchObject({ versions: 2, file: { name: 'v2.pdf' } });
    const mine = await learner.api.get(`/api/participant/assignments/${a.id}/file`);
    expect([mine.statusCode, mine.headers['content-disposition']]).toEqual([200, expect.stringMatching(/^attachment;/)]);
    expect(mine.rawPayload.equals(second)).toBe(true);

    // Someone enrolled elsewhere sees neither the assignment nor the file.
    const outsider = await enrolledParticipant(suite.app, (await createCourse()).id);
    expect((await outsider.api.get(`/api/participant/assignments/${a.id}`)).statusCode).toBe(403);
    expect((await outsider.api.get(`/api/participant/assignments/${a.id}/file`)).statusCode).toBe(403);
    expect((await outsider.api.get(`/api/participant/assignments/course/${course.id}`)).statusCode).toBe(403);
    expect((await outsider.api.get('/api/participant/assignments/2147483000')).statusCode).toBe(404);
  });

  it('after the due date a first hand-in is taken and marked late, handing in again is closed; without late work even the first is refused', async () => {
    clock = Date.now();
    const { teacher, course, section, learner } = await courseWithLearner();
    const text = (extra: object) => ({ course_id: course.id, section_id: section.id, title: 'Reflection', kind: 'text', due_at: new Date(clock + DAY).toISOString(), ...extra });
    const lenient = ok(await teacher.api.post('/api/instructor/assignments/save', text({})));
    const strict = ok(await teacher.api.post('/api/instructor/assignments/save', text({ accept_late: false })));
    const early = ok(await teacher.api.post('/api/instructor/assignments/save', text({ title: 'Early' })));
    ok(await learner.api.post(`/api/participant/assignments/${early.id}/text`, { text: 'on time' }));

    clock += 2 * DAY;
    const late = ok(await learner.api.post(`/api/participant/assignments/${lenient.id}/text`, { text: 'sorry, late\nsecond line' }));
    expect(late).toMatchObject({ can_submit: false, submission: { late: true, text: 'sorry, late\nsecond line' } });
    const again = await learner.api.post(`/api/participant/assignments/${lenient.id}/text`, { text: 'again' });
    expect([again.statusCode, again.json().message]).toEqual([409, expect.stringMatching(/closed|due date/i)]);
    expect((await learner.api.post(`/api/participant/assignments/${early.id}/text`, { text: 'changed my mind' })).statusCode).toBe(409);
    expect((await learner.api.post(`/api/participant/assignments/${strict.id}/text`, { text: 'too late' })).statusCode).toBe(409);
    const after = ok(await learner.api.get(`/api/participant/assignments/course/${course.id}`));
    expect(after.map((x: { title: string; can_submit: boolean; submission: { text: string } | null }) => [x.title, x.can_submit, x.submission?.text ?? null])).toEqual([
      ['Reflection', false, 'sorry, late\nsecond line'],
      ['Reflection', false, null],
      ['Early', false, 'on time'],
    ]);
    const blank = await learner.api.post(`/api/participant/assignments/${lenient.id}/text`, { text: '   ' });
    expect(blank.statusCode).toBe(400);
    clock = Date.now();
  });
});

describe('assignments: grading', () => {
  it('waits in one queue with the short answers to check, is graded by rubric with feedback, and the participant is told once, in their language', async () => {
    clock = Date.now();
    const { teacher, course, section, learner } = await courseWithLearner();
    const { db } = await testDatabase();
    await db.update(users).set({ lang: 'ar' }).where(eq(users.id, learner.participant.id));
    const a = ok(await teacher.api.post('/api/instructor/assignments/save', fileAssignment(course.id, section.id)));
    // A quiz with a short answer waiting for a check, handed in first.
    const quiz = await addAssessment(course.id, { questions: [{ type: 'short', text: 'Explain', points: 1 }] });
    ok(await submit(learner.api, (await openAttempt(learner.api, quiz.assessment.id)).id, [{ question_id: quiz.questions[0]!.id, text: 'because' }]));
    clock += 1000;
    const handed = ok(await fileUpload(learner.api, await learnerToken(learner.participant.email), a.id, { name: 'essay.pdf', type: 'application/pdf', bytes: PDF }));

    const queue = ok(await teacher.api.get(`/api/instructor/grading/queue?course_id=${course.id}`));
    expect(queue.items.map((i: { kind: string; item: { id: number } }) => [i.kind, i.item.id])).toEqual([
      ['quiz', quiz.assessment.id],
      ['assignment', a.id],
    ]);
    expect(queue.total).toBe(2);
    const stranger = await teacherOf(suite.app);
    expect(ok(await stranger.api.get('/api/instructor/grading/queue')).items.some((i: { course: { id: number } }) => i.course.id === course.id)).toBe(false);
    expect((await stranger.api.get(`/api/instructor/assignments/submission/${handed.submission.id}`)).statusCode).toBe(403);

    const view = ok(await teacher.api.get(`/api/instructor/assignments/submission/${handed.submission.id}`));
    expect(view).toMatchObject({ participant: { id: learner.participant.id }, versions: 1, file: { name: 'essay.pdf' }, assignment: { id: a.id, rubric: [{ title: 'Argument', points: 6 }, { title: 'Language', points: 4 }] } });
    const file = await teacher.api.get(`/api/instructor/assignments/submission/${handed.submission.id}/file`);
    expect([file.statusCode, file.rawPayload.equals(PDF)]).toEqual([200, true]);

    const gradeWith = (body: object) => teacher.api.post('/api/instructor/assignments/grade', { submission_id: handed.submission.id, ...body });
    expect((await gradeWith({ score: 8 })).json().errors).toMatchObject({ rubric_scores: expect.any(String) });
    expect((await gradeWith({ rubric_scores: [5, 7] })).json().errors).toMatchObject({ 'rubric_scores.1': expect.any(String) });
    expect((await gradeWith({ rubric_scores: [5, 2], version: 2 })).statusCode).toBe(409);
    const graded = ok(await gradeWith({ rubric_scores: [5, 2], feedback: 'Clear argument; mind the spelling.', version: 1 }));
    expect(graded).toMatchObject({ graded: true, score: 7, percent: 70, passed: true, rubric_scores: [5, 2], feedback: 'Clear argument; mind the spelling.', graded_by: { name: 'Assignment teacher' } });

    const seen = ok(await learner.api.get(`/api/participant/assignments/${a.id}`));
    expect(seen).toMatchObject({ standing: 'passed', submission: { score: 7, percent: 70, feedback: 'Clear argument; mind the spelling.', rubric_scores: [5, 2] } });
    const bells = await db.select().from(notifications).where(and(eq(notifications.userId, learner.participant.id), eq(notifications.kind, 'assignment_graded')));
    expect(bells.map((b) => [b.link, b.params])).toEqual([[`/participant/assignment/${a.id}`, { assignment: 'Essay on lanterns', course: course.title, passed: true }]]);
    const mails = () => db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, learner.participant.email), eq(mailOutbox.kind, 'assignment_graded')));
    const [mail] = await mails();
    expect(mail!.lang).toBe('ar');
    expect(mail!.textBody).toContain('7');
    expect(mail!.textBody).toContain('Clear argument; mind the spelling.');
    expect(mail!.textBody).toContain(`/participant/assignment/${a.id}`);

    // A correction changes the grade quietly; the queue no longer holds the assignment.
    expect(ok(await gradeWith({ rubric_scores: [2, 1] }))).toMatchObject({ score: 3, passed: false });
    expect(await mails()).toHaveLength(1);
    expect(ok(await teacher.api.get(`/api/instructor/grading/queue?course_id=${course.id}`)).items.map((i: { kind: string }) => i.kind)).toEqual(['quiz']);
    expect(ok(await teacher.api.get(`/api/instructor/assignments/${a.id}/submissions?status=graded`))).toMatchObject({ total: 1, items: [{ score: 3, passed: false }] });
    expect(ok(await teacher.api.get(`/api/instructor/assignments/${a.id}/submissions?status=ungraded`)).total).toBe(0);

    // Handing in again clears the grade: back in the queue.
    ok(await fileUpload(learner.api, await learnerToken(learner.participant.email), a.id, { name: 'essay2.pdf', type: 'application/pdf', bytes: PDF }));
    expect(ok(await learner.api.get(`/api/participant/assignments/${a.id}`))).toMatchObject({ standing: 'submitted', submission: { versions: 2, graded: false, score: null, feedback: null } });
    const admin = client(suite.app, (await signedIn(suite.app, 'admin')).session.token);
    expect(ok(await admin.get(`/api/admin/grading/queue?course_id=${course.id}`)).items.map((i: { kind: string }) => i.kind)).toEqual(['quiz', 'assignment']);
    // The record shows it; work handed in keeps the assignment from being deleted.
    const record = ok(await learner.api.get(`/api/participant/record/${course.id}`));
    expect(record.assignments).toMatchObject([{ id: a.id, section_title: 'Section 1', rubric: [{ title: 'Argument', points: 6 }, { title: 'Language', points: 4 }], standing: 'submitted', submission: { versions: 2 } }]);
    expect((await teacher.api.post(`/api/instructor/assignments/${a.id}/delete`, {})).statusCode).toBe(409);
    const spare = ok(await teacher.api.post('/api/instructor/assignments/save', { course_id: course.id, section_id: section.id, title: 'Spare', kind: 'text' }));
    expect(ok(await teacher.api.post(`/api/instructor/assignments/${spare.id}/delete`, {})).map((x: { id: number }) => x.id)).toEqual([a.id]);
  });

  it('without a rubric a score within the points is required', async () => {
    const { teacher, course, section, learner } = await courseWithLearner();
    const a = ok(await teacher.api.post('/api/instructor/assignments/save', { course_id: course.id, section_id: section.id, title: 'Short note', kind: 'text', points: 20 }));
    const handed = ok(await learner.api.post(`/api/participant/assignments/${a.id}/text`, { text: 'my note' }));
    const gradeWith = (body: object) => teacher.api.post('/api/instructor/assignments/grade', { submission_id: handed.submission.id, ...body });
    expect((await gradeWith({})).json().errors).toMatchObject({ score: expect.any(String) });
    expect((await gradeWith({ score: 21 })).json().errors).toMatchObject({ score: expect.any(String) });
    expect(ok(await gradeWith({ score: 9 }))).toMatchObject({ score: 9, percent: 45, passed: false, feedback: null });
    expect((await teacher.api.post('/api/instructor/assignments/grade', { submission_id: 2147483000, score: 1 })).statusCode).toBe(404);
  });

  it('a participant who is not enrolled, and a course that is gone, get 403 and 404; a section not yet released hides its assignments', async () => {
    clock = Date.now();
    const { teacher, course, section, learner } = await courseWithLearner();
    const { participant } = await enrollParticipant((await createCourse()).id);
    const api = client(suite.app, (await loginAs(suite.app, 'participant', participant.email)).token);
    expect((await api.get(`/api/participant/assignments/course/${course.id}`)).statusCode).toBe(403);
    expect((await api.get('/api/participant/assignments/course/2147483000')).statusCode).toBe(404);

    const { db } = await testDatabase();
    const [later] = await db.insert(sections).values({ courseId: course.id, title: 'Week 2', position: 1, opensAt: new Date(clock + 3 * DAY) }).returning();
    const open = ok(await teacher.api.post('/api/instructor/assignments/save', { course_id: course.id, section_id: section.id, title: 'Now', kind: 'text' }));
    const locked = ok(await teacher.api.post('/api/instructor/assignments/save', { course_id: course.id, section_id: later!.id, title: 'Later', kind: 'text' }));
    expect(ok(await learner.api.get(`/api/participant/assignments/course/${course.id}`)).map((a: { id: number }) => a.id)).toEqual([open.id]);
    expect((await learner.api.get(`/api/participant/assignments/${locked.id}`)).statusCode).toBe(404);
    expect((await learner.api.post(`/api/participant/assignments/${locked.id}/text`, { text: 'early' })).statusCode).toBe(404);
    clock += 4 * DAY;
    expect(ok(await learner.api.get(`/api/participant/assignments/course/${course.id}`)).map((a: { id: number }) => a.id)).toEqual([open.id, locked.id]);
    clock = Date.now();
  });
});
