import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { apiSuite, createUser, inject, loginAs, signedIn, testDatabase } from '../../../test/harness';
import { addLectures, createCourse } from '../../../test/factories';
import { assignmentSubmissions, assignments, enrollments, lectureProgress, quizAttempts, quizStandings, users } from '../../db/schema';
import { addAssessment, client, ok } from '../quiz/quiz.test-kit';

const DAY = 86_400_000;
const suite = apiSuite();

interface Row {
  participant: { name: string };
  final_percent: number;
  progress_percent: number;
  at_risk: boolean;
  failed_items: number;
  completed: boolean;
  passed: boolean;
  cells: { percent: number | null; state: string; late: boolean }[];
}

/**
 * A course of 4 lectures, two assessments and an assignment, and four learners:
 * Ahmad finished everything (100, 100, assignment 8/10, late); Sara enrolled 30 days ago and did nothing;
 * Lina completed 2 lectures today and failed the first assessment; Iman has a short answer waiting.
 */
async function gradedCourse() {
  const { db } = await testDatabase();
  const instructor = await createUser('instructor', { name: 'Gradebook teacher' });
  const token = (await loginAs(suite.app, 'instructor', instructor.email)).token;
  const teacher = { ...client(suite.app, token), headers: { authorization: `Bearer ${token}` } };
  const course = await createCourse({ instructorId: instructor.id });
  const { section, lectures } = await addLectures(course.id, 4);
  const quiz1 = await addAssessment(course.id, { title: 'Quiz 1', passMark: 60 });
  const quiz2 = await addAssessment(course.id, { title: 'Quiz 2', passMark: 60 });
  const [essay] = await db.insert(assignments).values({ courseId: course.id, sectionId: section.id, title: 'Essay', kind: 'text', points: 10, passMark: 50 }).returning();
  const now = Date.now();
  const learner = async (name: string, enrolledDaysAgo: number, completed = false) => {
    const user = await createUser('participant', { name });
    await db.insert(enrollments).values({ participantId: user.id, courseId: course.id, createdAt: new Date(now - enrolledDaysAgo * DAY), completedAt: completed ? new Date(now - DAY) : null });
    return user;
  };
  const ahmad = await learner('أحمد الفائز', 20, true);
  const sara = await learner('سارة الغائبة', 30);
  const lina = await learner('Lina Learner', 5);
  const iman = await learner('إيمان المنتظرة', 3);
  const progress = (participantId: number, count: number, daysAgo: number) =>
    db.insert(lectureProgress).values(
      lectures.slice(0, count).map((l) => ({ participantId, lectureId: l.id, courseId: course.id, watchedSeconds: 60, positionSeconds: 60, completedAt: new Date(now - daysAgo * DAY), updatedAt: new Date(now - daysAgo * DAY) })),
    );
  await progress(ahmad.id, 4, 2);
  await progress(lina.id, 2, 0);
  const attempt = (participantId: number, assessmentId: number, number: number, status: 'passed' | 'failed' | 'pending', score: number, daysAgo: number) =>
    db.insert(quizAttempts).values({ assessmentId, courseId: course.id, participantId, number, status, passMark: 60, score, maxScore: 6, startedAt: new Date(now - daysAgo * DAY), submittedAt: new Date(now - daysAgo * DAY) });
  await attempt(ahmad.id, quiz1.assessment.id, 1, 'failed', 3, 4);
  await attempt(ahmad.id, quiz1.assessment.id, 2, 'passed', 6, 3);
  await attempt(ahmad.id, quiz2.assessment.id, 1, 'passed', 6, 2);
  await attempt(lina.id, quiz1.assessment.id, 1, 'failed', 0, 1);
  await attempt(iman.id, quiz1.assessment.id, 1, 'pending', 3, 0);
  await db.insert(assignmentSubmissions).values([
    { assignmentId: essay!.id, courseId: course.id, participantId: ahmad.id, text: 'done', late: true, score: 8, gradedAt: new Date(now - DAY), gradedBy: instructor.id, submittedAt: new Date(now - 2 * DAY) },
    { assignmentId: essay!.id, courseId: course.id, participantId: iman.id, text: 'waiting', submittedAt: new Date(now) },
  ]);
  return { course, teacher, quiz1, quiz2, essay: essay!, people: { ahmad, sara, lina, iman } };
}

describe('a course gradebook', () => {
  it('shows each learner by item with the weighted final grade, the at-risk flag and the summary', async () => {
    const { course, teacher, quiz1, quiz2, essay } = await gradedCourse();
    const book = ok(await teacher.get(`/api/instructor/gradebook/${course.id}`));
    expect(book.items.map((i: { kind: string; id: number; weight: number }) => [i.kind, i.id, i.weight])).toEqual([
      ['lectures', 0, 0],
      ['assessment', quiz1.assessment.id, 1],
      ['assessment', quiz2.assessment.id, 1],
      ['assignment', essay.id, 1],
    ]);
    expect(book).toMatchObject({ pass_mark: 60, at_risk_days: 14, summary: { learners: 4, completed: 1, at_risk: 1, failed: 1 } });
    const byName = new Map<string, Row>(book.learners.items.map((r: Row) => [r.participant.name, r]));
    // Ahmad: (100 + 100 + 80) / 3 items; the failed first try does not count against the pass.
    expect(byName.get('أحمد الفائز')).toMatchObject({ final_percent: 93, progress_percent: 100, completed: true, passed: true, failed_items: 0, at_risk: false });
    expect(byName.get('أحمد الفائز')!.cells).toEqual([
      { percent: 100, state: 'passed', late: false },
      { percent: 100, state: 'passed', late: false },
      { percent: 100, state: 'passed', late: false },
      { percent: 80, state: 'passed', late: true },
    ]);
    expect(byName.get('سارة الغائبة')).toMatchObject({ final_percent: 0, at_risk: true, passed: false });
    expect(byName.get('سارة الغائبة')!.cells.map((c) => c.state)).toEqual(['none', 'none', 'none', 'none']);
    expect(byName.get('Lina Learner')).toMatchObject({ final_percent: 0, progress_percent: 50, failed_items: 1, at_risk: false });
    expect(byName.get('Lina Learner')!.cells.map((c) => c.state)).toEqual(['pending', 'failed', 'none', 'none']);
    expect(byName.get('إيمان المنتظرة')!.cells.map((c) => [c.percent, c.state])).toEqual([
      [0, 'none'],
      [50, 'pending'],
      [null, 'none'],
      [null, 'pending'],
    ]);
    expect(book.summary.average_percent).toBe(Math.floor((93 + 0 + 0 + 16) / 4));
  });

  it('filters (not started, behind, failed, completed), searches names with Arabic letters normalised, sorts and pages', async () => {
    const { course, teacher } = await gradedCourse();
    const names = async (query: string) => {
      const book = ok(await teacher.get(`/api/instructor/gradebook/${course.id}?${query}`));
      return { names: book.learners.items.map((r: Row) => r.participant.name), total: book.learners.total, learners: book.summary.learners };
    };
    expect(await names('filter=completed')).toMatchObject({ names: ['أحمد الفائز'], total: 1, learners: 4 });
    expect((await names('filter=behind')).names).toEqual(['سارة الغائبة']);
    expect((await names('filter=not_started')).names).toEqual(['سارة الغائبة']);
    expect((await names('filter=failed')).names).toEqual(['Lina Learner']);
    // Hamza and taa marbuta as people type them.
    expect((await names(`search=${encodeURIComponent('ايمان')}`)).names).toEqual(['إيمان المنتظرة']);
    expect((await names(`search=${encodeURIComponent('ساره')}`)).names).toEqual(['سارة الغائبة']);
    expect((await names('search=lina')).names).toEqual(['Lina Learner']);
    expect((await names('sort=grade&order=desc')).names).toEqual(['أحمد الفائز', 'إيمان المنتظرة', expect.any(String), expect.any(String)]);
    expect((await names('sort=progress&order=desc&perPage=2')).names).toEqual(['أحمد الفائز', 'Lina Learner']);
    expect(await names('sort=progress&order=desc&perPage=2&page=2')).toMatchObject({ total: 4 });
    expect(await names('perPage=2&page=9')).toMatchObject({ names: [], total: 4 });
    expect((await teacher.get(`/api/instructor/gradebook/${course.id}?sort=shoe`)).statusCode).toBe(400);
  });

  it('takes the weights and pass mark the instructor sets; refuses items of other courses; another instructor is refused, an admin is not', async () => {
    const { course, teacher, quiz1, quiz2, essay } = await gradedCourse();
    const saved = ok(
      await teacher.post('/api/instructor/gradebook/settings', {
        course_id: course.id,
        pass_mark: 90,
        weights: [
          { kind: 'lectures', id: 0, weight: 2 },
          { kind: 'assignment', id: essay.id, weight: 0 },
        ],
      }),
    );
    expect(saved.items.map((i: { weight: number }) => i.weight)).toEqual([2, 1, 1, 0]);
    const book = ok(await teacher.get(`/api/instructor/gradebook/${course.id}?sort=grade&order=desc`));
    expect(book.pass_mark).toBe(90);
    // Ahmad: (2 × 100 + 100 + 100) / 4 = 100; Lina: (2 × 50) / 4 = 25.
    expect(book.learners.items.map((r: Row) => [r.participant.name, r.final_percent, r.passed])).toEqual([
      ['أحمد الفائز', 100, true],
      ['Lina Learner', 25, false],
      ['إيمان المنتظرة', 12, false],
      ['سارة الغائبة', 0, false],
    ]);
    const other = await createCourse();
    const otherQuiz = await addAssessment(other.id);
    const refused = await teacher.post('/api/instructor/gradebook/settings', { course_id: course.id, pass_mark: 50, weights: [{ kind: 'assessment', id: otherQuiz.assessment.id, weight: 3 }] });
    expect([refused.statusCode, Object.keys(refused.json().errors)]).toEqual([400, ['weights.0.id']]);
    expect(ok(await teacher.get(`/api/instructor/gradebook/${course.id}`)).pass_mark).toBe(90);

    const stranger = client(suite.app, (await signedIn(suite.app, 'instructor')).session.token);
    expect((await stranger.get(`/api/instructor/gradebook/${course.id}`)).statusCode).toBe(403);
    expect((await stranger.post('/api/instructor/gradebook/settings', { course_id: course.id, pass_mark: 10, weights: [] })).statusCode).toBe(403);
    const admin = client(suite.app, (await signedIn(suite.app, 'admin')).session.token);
    expect(ok(await admin.get(`/api/admin/gradebook/${course.id}?filter=completed`)).learners.total).toBe(1);
    expect((await admin.get('/api/admin/gradebook/2147483000')).statusCode).toBe(404);
    void quiz1;
    void quiz2;
  });
});

describe('the gradebook exported', () => {
  it('as CSV: UTF-8 with a byte order mark, headers in the caller\'s language, every learner the filter keeps, formula-like names defused', async () => {
    const { course, teacher, people } = await gradedCourse();
    const { db } = await testDatabase();
    await db.update(users).set({ name: '=HYPERLINK("http://evil")' }).where(eq(users.id, people.lina.id));
    const res = await inject(suite.app, { method: 'GET', url: `/api/instructor/gradebook/${course.id}/export?format=csv`, headers: { ...teacher.headers, 'accept-language': 'ar' } });
    expect([res.statusCode, res.headers['content-type'], res.headers['content-disposition']]).toEqual([200, 'text/csv; charset=utf-8', `attachment; filename="nibras-gradebook-${course.id}.csv"`]);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('الاسم,البريد الإلكتروني,تاريخ التسجيل,آخر دراسة,المحاضرات المكتملة (%),Quiz 1,Quiz 2,Essay,الدرجة النهائية (%),ناجح,متعثر');
    expect(lines).toHaveLength(5);
    const ahmad = lines.find((l) => l.startsWith('أحمد الفائز'))!.split(',');
    expect(ahmad.slice(4)).toEqual(['100', '100', '100', '80', '93', 'نعم', 'لا']);
    expect(lines.find((l) => l.includes('HYPERLINK'))!.startsWith('"\'=HYPERLINK')).toBe(true);
    const failed = await inject(suite.app, { method: 'GET', url: `/api/instructor/gradebook/${course.id}/export?format=csv&filter=behind`, headers: teacher.headers });
    expect(failed.body.slice(1).trim().split('\r\n').slice(1).map((l) => l.split(',')[0])).toEqual(['سارة الغائبة']);
    const stranger = client(suite.app, (await signedIn(suite.app, 'instructor')).session.token);
    const refused = await stranger.get(`/api/instructor/gradebook/${course.id}/export?format=csv`);
    expect([refused.statusCode, refused.json().success]).toEqual([403, false]);
  });

  it('as XLSX: a spreadsheet that reads back, right to left in Arabic', async () => {
    const { course, teacher } = await gradedCourse();
    const res = await inject(suite.app, { method: 'GET', url: `/api/instructor/gradebook/${course.id}/export?format=xlsx`, headers: { ...teacher.headers, 'accept-language': 'ar' } });
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('سجل الدرجات');
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    expect(sheet.rowCount).toBe(5);
    const values = sheet.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    expect(values[0]!.slice(0, 2)).toEqual(['الاسم', 'البريد الإلكتروني']);
    expect(values.find((row) => row[0] === 'أحمد الفائز')!.slice(4)).toEqual([100, 100, 100, 80, 93, 'نعم', 'لا']);
  });
});

describe("the learners' standings per assessment (quiz_standings, kept by triggers on quiz_attempts)", () => {
  /** What quiz_standings must hold for the course, worked out from the attempts themselves. */
  async function expected(courseId: number) {
    const { db } = await testDatabase();
    const rows = await db.select().from(quizAttempts).where(eq(quizAttempts.courseId, courseId));
    const pairs = new Map<string, typeof rows>();
    for (const r of rows) pairs.set(`${r.assessmentId}:${r.participantId}`, [...(pairs.get(`${r.assessmentId}:${r.participantId}`) ?? []), r]);
    return [...pairs.entries()]
      .map(([key, attempts]) => {
        const percents = attempts.filter((a) => ['passed', 'failed', 'pending'].includes(a.status) && a.maxScore > 0).map((a) => Math.floor((a.score * 100) / a.maxScore));
        return {
          key,
          best: percents.length ? Math.max(...percents) : null,
          failed: attempts.some((a) => a.status === 'failed') && !attempts.some((a) => a.status === 'passed' || a.status === 'pending'),
          last: Math.max(...attempts.map((a) => (a.submittedAt ?? a.startedAt).getTime())),
        };
      })
      .sort((x, y) => x.key.localeCompare(y.key));
  }
  async function stored(courseId: number) {
    const { db } = await testDatabase();
    const rows = await db.select().from(quizStandings).where(eq(quizStandings.courseId, courseId));
    return rows
      .map((r) => ({ key: `${r.assessmentId}:${r.participantId}`, best: r.bestPercent, failed: r.failed, last: r.lastAt.getTime() }))
      .sort((x, y) => x.key.localeCompare(y.key));
  }

  it('follow every write of the attempts: opened, sent, checked, corrected, deleted, in bulk', async () => {
    const { db } = await testDatabase();
    const { course, quiz1, quiz2, people } = await gradedCourse();
    expect(await stored(course.id)).toEqual(await expected(course.id));
    expect((await stored(course.id)).length).toBe(4);

    // Sara opens an attempt: a row with no best yet, dated when it opened.
    const opened = new Date(Date.now() - 3_600_000);
    const [open] = await db.insert(quizAttempts).values({ assessmentId: quiz2.assessment.id, courseId: course.id, participantId: people.sara.id, number: 1, passMark: 60, startedAt: opened }).returning();
    expect((await stored(course.id)).find((r) => r.key === `${quiz2.assessment.id}:${people.sara.id}`)).toEqual({ key: `${quiz2.assessment.id}:${people.sara.id}`, best: null, failed: false, last: opened.getTime() });
    // She sends it and fails; Iman's waiting answer is checked and she passes; Ahmad's pass is corrected to a lower score.
    await db.update(quizAttempts).set({ status: 'failed', score: 2, maxScore: 6, submittedAt: new Date() }).where(eq(quizAttempts.id, open!.id));
    await db.update(quizAttempts).set({ status: 'passed', score: 5 }).where(eq(quizAttempts.participantId, people.iman.id));
    await db.update(quizAttempts).set({ score: 4 }).where(eq(quizAttempts.participantId, people.ahmad.id));
    expect(await stored(course.id)).toEqual(await expected(course.id));
    const sara = (await stored(course.id)).find((r) => r.key === `${quiz2.assessment.id}:${people.sara.id}`)!;
    expect([sara.best, sara.failed]).toEqual([33, true]);
    // Lina's only attempt is deleted: her row goes. A whole assessment goes: its rows go with it.
    await db.delete(quizAttempts).where(eq(quizAttempts.participantId, people.lina.id));
    expect(await stored(course.id)).toEqual(await expected(course.id));
    expect((await stored(course.id)).some((r) => r.key.endsWith(`:${people.lina.id}`))).toBe(false);
    await db.delete(quizAttempts).where(eq(quizAttempts.assessmentId, quiz1.assessment.id));
    expect(await stored(course.id)).toEqual(await expected(course.id));
    expect((await stored(course.id)).map((r) => r.key.split(':')[0])).toEqual([String(quiz2.assessment.id), String(quiz2.assessment.id)]);
  });
});
