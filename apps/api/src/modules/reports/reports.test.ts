import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { apiSuite, createUser, inject, signedIn, testDatabase } from '../../../test/harness';
import { addLectures, createCategory, createCourse } from '../../../test/factories';
import { assessments, assignmentSubmissions, assignments, enrollments, lectureProgress, lectures, quizAttempts } from '../../db/schema';

/**
 * The app's clock (AppContext.now) stands years ahead of the machine's, at noon on 2031-06-30: the fixture's rows are
 * dated in June 2031, so no other test's rows (made at the machine's now) fall in the periods asked for.
 */
const NOW = Date.parse('2031-06-30T12:00:00Z');
const suite = apiSuite({ now: () => NOW });
const at = (day: string) => new Date(`${day}T10:00:00Z`);
const JUNE = 'from=2031-06-01&to=2031-06-30';

async function adminClient() {
  const token = (await signedIn(suite.app, 'admin')).session.token;
  const headers = { authorization: `Bearer ${token}` };
  const get = (url: string, lang = 'en') => inject(suite.app, { method: 'GET', url, headers: { ...headers, 'accept-language': lang } });
  return { headers, get };
}

/**
 * Category A: course X (lectures: video, video, article, video; 100 s each) and course Y (its title a formula);
 * category B: course Z. In June 2031 (the period):
 * - L1 enrolled in X on 06-05 and completed it on 06-20, completed X's first two lectures on 06-10, sent X's quiz twice
 *   (50 % on 06-08, 100 % on 06-09: best 100); enrolled in Y on 06-15, played a lecture of Y and handed in Y's
 *   assignment on 06-20, graded 8/10 (80 %).
 * - L2 enrolled in X on 06-10, stopped its first video at 35 s on 06-10, failed the quiz (0 %) on 06-11: nothing since.
 * - L3 enrolled in X on 05-01 (before the period) and completed it on 06-03, every lecture completed on 06-02.
 * - L4 enrolled in X on 06-25, nothing else.
 * - L5 enrolled in X on 04-01, stopped its first video at 95 s on 05-20 (before the period).
 * - L6 enrolled in Z on 06-02, nothing else.
 */
async function fixture() {
  const { db } = await testDatabase();
  const catA = await createCategory({ nameEn: `Reports A ${Math.random().toString(36).slice(2, 7)}` });
  const catB = await createCategory();
  const x = await createCourse({ title: 'Algebra from zero', categoryId: catA.id });
  const y = await createCourse({ title: '=HYPERLINK("http://evil")', categoryId: catA.id });
  const z = await createCourse({ title: 'Zoology', categoryId: catB.id });
  const xl = await addLectures(x.id, 4, { durationSeconds: 100 });
  await db.update(lectures).set({ type: 'article' }).where(eq(lectures.id, xl.lectures[2]!.id));
  const yl = await addLectures(y.id, 1, { durationSeconds: 100 });
  const [quiz] = await db.insert(assessments).values({ courseId: x.id, title: 'Quiz', passMark: 60 }).returning();
  const [essay] = await db.insert(assignments).values({ courseId: y.id, sectionId: yl.section.id, title: 'Essay', kind: 'text', points: 10, passMark: 50 }).returning();
  const people = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => createUser('participant', { name: `Learner ${n}` })));
  const [l1, l2, l3, l4, l5, l6] = people.map((p) => p.id) as [number, number, number, number, number, number];
  const enrol = (participantId: number, courseId: number, created: string, completed?: string) =>
    db.insert(enrollments).values({ participantId, courseId, createdAt: at(created), completedAt: completed ? at(completed) : null });
  await enrol(l1, x.id, '2031-06-05', '2031-06-20');
  await enrol(l2, x.id, '2031-06-10');
  await enrol(l3, x.id, '2031-05-01', '2031-06-03');
  await enrol(l4, x.id, '2031-06-25');
  await enrol(l5, x.id, '2031-04-01');
  await enrol(l1, y.id, '2031-06-15');
  await enrol(l6, z.id, '2031-06-02');
  const played = (participantId: number, courseId: number, lectureId: number, day: string, position: number, completed: boolean) =>
    db.insert(lectureProgress).values({ participantId, courseId, lectureId, positionSeconds: position, watchedSeconds: position, completedAt: completed ? at(day) : null, updatedAt: at(day) });
  const [v1, v2, article, v4] = xl.lectures.map((l) => l.id) as [number, number, number, number];
  await played(l1, x.id, v1, '2031-06-10', 100, true);
  await played(l1, x.id, v2, '2031-06-10', 100, true);
  await played(l2, x.id, v1, '2031-06-10', 35, false);
  for (const id of [v1, v2, article, v4]) await played(l3, x.id, id, '2031-06-02', 100, true);
  await played(l5, x.id, v1, '2031-05-20', 95, false);
  await played(l1, y.id, yl.lectures[0]!.id, '2031-06-20', 40, false);
  const attempt = (participantId: number, number: number, status: 'passed' | 'failed', score: number, day: string) =>
    db.insert(quizAttempts).values({ assessmentId: quiz!.id, courseId: x.id, participantId, number, status, passMark: 60, score, maxScore: 6, startedAt: at(day), submittedAt: at(day) });
  await attempt(l1, 1, 'failed', 3, '2031-06-08');
  await attempt(l1, 2, 'passed', 6, '2031-06-09');
  await attempt(l2, 1, 'failed', 0, '2031-06-11');
  await db.insert(assignmentSubmissions).values({ assignmentId: essay!.id, courseId: y.id, participantId: l1, text: 'done', score: 8, gradedAt: at('2031-06-21'), submittedAt: at('2031-06-20') });
  return { catA, catB, x, y, z, lectures: { v1, v2, article, v4 } };
}

interface Figures {
  enrollments: number;
  active_learners: number;
  completions: number;
  completion_rate: number | null;
  average_grade: number | null;
  grades: number;
  stalled: number;
  stalled_rate: number | null;
}
const figures = (f: Figures) => [f.enrollments, f.active_learners, f.completions, f.completion_rate, f.average_grade, f.grades, f.stalled, f.stalled_rate];

describe('reports for admins (issue 30, point 6)', () => {
  it("per course over a period: the period's enrolments, distinct active learners, completions, rates, grades and stalled learners, with totals and a daily series", async () => {
    const { catA, x, y } = await fixture();
    const admin = await adminClient();
    const res = await admin.get(`/api/admin/reports/courses?${JUNE}&categoryId=${catA.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report.period).toEqual({ from: '2031-06-01', to: '2031-06-30', days: 30, step: 'day', stalled_days: 14 });
    const rows = report.courses.items as ({ course: { id: number } } & Figures)[];
    expect(rows.map((r) => r.course.id)).toEqual([x.id, y.id]);
    // X: enrolments L1, L2, L4 (L3 and L5 enrolled before June); active L1, L2, L3 (L5 played in May); completions L1
    // and L3; 1 of its 3 June enrolments completed (33 %); grades L1's best 100 and L2's 0 (50); L2 stalled (since 06-11).
    expect(figures(rows[0]!)).toEqual([3, 3, 2, 33, 50, 2, 1, 33]);
    // Y: L1 enrolled, studied on 06-20 (within the 14 days: not stalled), the essay graded 80 %.
    expect(figures(rows[1]!)).toEqual([1, 1, 0, 0, 80, 1, 0, 0]);
    expect(report.courses.total).toBe(2);
    // The totals: L1, active in both courses, counts once; the average is of the three grades (100, 0, 80).
    expect(figures(report.totals)).toEqual([4, 3, 2, 25, 60, 3, 1, 25]);
    expect(report.series).toHaveLength(30);
    const point = (day: string) => report.series.find((p: { start: string }) => p.start === day);
    expect(point('2031-06-01')).toEqual({ start: '2031-06-01', enrollments: 0, active_learners: 0, completions: 0 });
    expect(point('2031-06-05')).toMatchObject({ enrollments: 1 });
    // On 06-10: L2 enrolled; L1 and L2 played lectures (two learners, three lecture reports).
    expect(point('2031-06-10')).toEqual({ start: '2031-06-10', enrollments: 1, active_learners: 2, completions: 0 });
    expect(point('2031-06-03')).toMatchObject({ completions: 1 });
    expect(report.series.reduce((n: number, p: { enrollments: number }) => n + p.enrollments, 0)).toBe(4);

    // Sorted, searched, paged.
    const byGrade = (await admin.get(`/api/admin/reports/courses?${JUNE}&categoryId=${catA.id}&sort=average_grade&order=desc`)).json().data;
    expect(byGrade.courses.items.map((r: { course: { id: number } }) => r.course.id)).toEqual([y.id, x.id]);
    const searched = (await admin.get(`/api/admin/reports/courses?${JUNE}&categoryId=${catA.id}&search=algebra`)).json().data;
    expect([searched.courses.total, figures(searched.totals)]).toEqual([1, [3, 3, 2, 33, 50, 2, 1, 33]]);
    const page2 = (await admin.get(`/api/admin/reports/courses?${JUNE}&categoryId=${catA.id}&perPage=1&page=2`)).json().data;
    expect([page2.courses.items.map((r: { course: { id: number } }) => r.course.id), page2.courses.total]).toEqual([[y.id], 2]);

    // A period that ends on 06-09, before L1 completes: L1 enrolled (not yet completed: 0 %); L1 (attempts) and L3
    // (lectures) active; L3's completion; L1's best of two attempts, both in the period: 100.
    const early = (await admin.get(`/api/admin/reports/courses?from=2031-06-01&to=2031-06-09&categoryId=${catA.id}`)).json().data;
    expect(figures(early.courses.items[0])).toEqual([1, 2, 1, 0, 100, 1, 0, 0]);
  });

  it('per category: the same figures rolled up (a learner active in two courses of a category counts once)', async () => {
    const { catA, catB } = await fixture();
    const admin = await adminClient();
    const report = (await admin.get(`/api/admin/reports/categories?${JUNE}&sort=title&order=asc`)).json().data;
    const byId = new Map(report.categories.filter((r: { category: { id: number } | null }) => r.category).map((r: { category: { id: number } }) => [r.category.id, r]));
    const a = byId.get(catA.id) as Figures & { courses: number; category: { name: string } };
    expect([a.category.name, a.courses, ...figures(a)]).toEqual([catA.nameEn, 2, 4, 3, 2, 25, 60, 3, 1, 25]);
    const b = byId.get(catB.id) as Figures & { courses: number };
    // L6 enrolled on 06-02 and never studied: stalled.
    expect([b.courses, ...figures(b)]).toEqual([1, 1, 0, 0, 0, null, 0, 1, 100]);
    const arabic = (await admin.get(`/api/admin/reports/categories?${JUNE}`, 'ar')).json().data;
    expect(arabic.categories.find((r: { category: { id: number } | null }) => r.category?.id === catA.id).category.name).toBe(catA.nameAr);
  });

  it("a course's drop-off: the funnel by lecture, stalled learners, and where each video's viewers stop, lowest completion first", async () => {
    const { x, lectures } = await fixture();
    const admin = await adminClient();
    const res = await admin.get(`/api/admin/reports/courses/${x.id}/dropoff`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    // Unfinished: L2 (quiet since 06-11), L4 (enrolled 06-25: within 14 days), L5 (quiet since 05-20).
    expect([d.enrolled, d.completed, d.stalled, d.stalled_days]).toEqual([5, 2, 2, 14]);
    expect(d.lectures.map((l: { id: number; type: string; reached: number; completed: number }) => [l.id, l.type, l.reached, l.completed])).toEqual([
      [lectures.v1, 'video', 4, 2],
      [lectures.v2, 'video', 2, 2],
      [lectures.article, 'article', 1, 1],
      [lectures.v4, 'video', 1, 1],
    ]);
    // The first video: L2 stopped at 35 s of 100 (the 4th tenth), L5 at 95 s (the last); the article is no video.
    expect(d.videos.map((v: { id: number; viewers: number; completed: number; completion_rate: number }) => [v.id, v.viewers, v.completed, v.completion_rate])).toEqual([
      [lectures.v1, 4, 2, 50],
      [lectures.v2, 2, 2, 100],
      [lectures.v4, 1, 1, 100],
    ]);
    expect(d.videos[0].stops).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 0, 1]);
    expect(d.videos[1].stops).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect((await admin.get('/api/admin/reports/courses/2147483000/dropoff')).statusCode).toBe(404);
  });

  it('defaults to the last 30 days and steps by week over a long period', async () => {
    const admin = await adminClient();
    const plain = (await admin.get('/api/admin/reports/courses')).json().data;
    expect(plain.period).toMatchObject({ from: '2031-06-01', to: '2031-06-30', days: 30, step: 'day' });
    const long = (await admin.get('/api/admin/reports/categories?from=2031-01-01&to=2031-06-30')).json().data;
    expect([long.period.days, long.period.step, long.series.length, long.series[1].start]).toEqual([181, 'week', 26, '2031-01-08']);
  });

  it('refuses a bad period with field messages, and anyone but an admin', async () => {
    const admin = await adminClient();
    const refused = async (query: string) => {
      const res = await admin.get(`/api/admin/reports/courses?${query}`);
      return [res.statusCode, res.json().errors];
    };
    expect(await refused('from=2031-06-10&to=2031-06-01')).toEqual([400, { to: 'The end date must not be before the start date.' }]);
    expect(await refused('from=2030-01-01&to=2031-06-30')).toEqual([400, { to: 'A period can be at most 366 days.' }]);
    expect(await refused('from=2031-02-30')).toEqual([400, { from: 'Enter a date as YYYY-MM-DD.' }]);
    expect(await refused('sort=shoe')).toEqual([400, { sort: expect.any(String) }]);
    // Only `from`, after today: the period is that one day.
    const ahead = await admin.get('/api/admin/reports/categories?from=2032-01-01');
    expect([ahead.statusCode, ahead.json().data.period.days]).toEqual([200, 1]);
    const export400 = await admin.get('/api/admin/reports/courses/export?from=2031-06-10&to=2031-06-01');
    expect([export400.statusCode, export400.json().errors]).toEqual([400, { to: 'The end date must not be before the start date.' }]);

    const instructor = (await signedIn(suite.app, 'instructor')).session.token;
    for (const url of ['/api/admin/reports/courses', '/api/admin/reports/categories', '/api/admin/reports/courses/export', '/api/admin/reports/courses/1/dropoff']) {
      expect((await inject(suite.app, { method: 'GET', url, headers: { authorization: `Bearer ${instructor}` } })).statusCode, url).toBe(403);
      expect((await inject(suite.app, { method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('reports exported (issue 30, point 7)', () => {
  it("as CSV: UTF-8 with a byte order mark, headers in the caller's language, the table's rows, a formula-like title defused", async () => {
    const { catA, x } = await fixture();
    const admin = await adminClient();
    const res = await admin.get(`/api/admin/reports/courses/export?format=csv&${JUNE}&categoryId=${catA.id}`);
    expect([res.statusCode, res.headers['content-type'], res.headers['content-disposition']]).toEqual([200, 'text/csv; charset=utf-8', 'attachment; filename="nibras-report-courses.csv"']);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines).toEqual([
      'Course,Category,Enrolments,Active learners,Completions,Completion rate (%),Average grade (%),Grades averaged,Stalled learners,Stalled (%)',
      `Algebra from zero,${catA.nameEn},3,3,2,33,50,2,1,33`,
      `"'=HYPERLINK(""http://evil"")",${catA.nameEn},1,1,0,0,80,1,0,0`,
    ]);
    const arabic = await admin.get(`/api/admin/reports/categories/export?format=csv&${JUNE}`, 'ar');
    expect(arabic.body.slice(1).split('\r\n')[0]).toBe('التصنيف,الدورات,التسجيلات,المتعلمون النشطون,الإتمامات,نسبة الإتمام (%),متوسط الدرجات (%),عدد الدرجات,المتعلمون المتوقفون,المتوقفون (%)');
    expect(arabic.body).toContain(`${catA.nameAr},2,4,3,2,25,60,3,1,25`);
    void x;
  });

  it('as XLSX: a zip spreadsheet with the rows, right to left in Arabic', async () => {
    const { catA } = await fixture();
    const admin = await adminClient();
    const res = await admin.get(`/api/admin/reports/courses/export?format=xlsx&${JUNE}&categoryId=${catA.id}`, 'ar');
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect([sheet.name, sheet.views[0]?.rightToLeft, sheet.rowCount]).toEqual(['تقرير الدورات', true, 3]);
    const values = sheet.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    expect(values[1]).toEqual(['Algebra from zero', catA.nameAr, 3, 3, 2, 33, 50, 2, 1, 33]);
    // A value, never a formula: the title is text as it was typed.
    expect(values[2]![0]).toBe('=HYPERLINK("http://evil")');
  });
});
