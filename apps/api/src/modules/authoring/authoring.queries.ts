import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assessmentQuestions, assessments, categories, courses, courseTags, enrollments, lectures, orders, questionOptions, ratings, sections, tags, users } from '../../db/schema';

export type CourseRow = typeof courses.$inferSelect;
export type LectureRow = typeof lectures.$inferSelect;
export type AssessmentRow = typeof assessments.$inferSelect;
export type QuestionRow = typeof assessmentQuestions.$inferSelect;
export type OptionRow = typeof questionOptions.$inferSelect;

const liveCourse = (id: number) => and(eq(courses.id, id), isNull(courses.deletedAt));

export async function findLiveCourse(db: Db, id: number): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(liveCourse(id)).limit(1);
  return row;
}

/** The course row, locked until the transaction ends: edits of one course run one after another. */
export async function lockLiveCourse(tx: Db, id: number): Promise<CourseRow | undefined> {
  const [row] = await tx.select().from(courses).where(liveCourse(id)).for('update');
  return row;
}

/** What the required steps need, in one query; ids are passed as values (see catalog.queries on correlated columns). */
export async function completionFacts(db: Db, courseId: number) {
  const [row] = await db
    .select({
      hasCategory: sql<boolean>`${courses.categoryId} is not null`,
      hasContent: sql<boolean>`${courses.description} <> '' and jsonb_array_length(${courses.learnPoints}) > 0`,
      lectureCount: sql<number>`(select count(*)::int from lectures l where l.course_id = ${courseId})`,
      lecturesWithoutVideo: sql<number>`(select count(*)::int from lectures l where l.course_id = ${courseId} and l.video is null)`,
      tagCount: sql<number>`(select count(*)::int from course_tags ct where ct.course_id = ${courseId})`,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row!;
}

export async function findInstructor(db: Db, id: number) {
  const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.id, id), eq(users.role, 'instructor'))).limit(1);
  return row;
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return !!row;
}

export async function basicInfo(db: Db, courseId: number) {
  const [row] = await db
    .select({
      instructorName: users.name,
      categoryId: categories.id,
      categorySlug: categories.slug,
      categoryAr: categories.nameAr,
      categoryEn: categories.nameEn,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.instructorId))
    .leftJoin(categories, eq(categories.id, courses.categoryId))
    .where(eq(courses.id, courseId));
  return row!;
}

export async function courseLectures(db: Db, courseId: number): Promise<LectureRow[]> {
  return db.select().from(lectures).where(eq(lectures.courseId, courseId)).orderBy(asc(lectures.position), asc(lectures.id));
}

export async function courseSectionIds(db: Db, courseId: number): Promise<number[]> {
  const rows = await db.select({ id: sections.id }).from(sections).where(eq(sections.courseId, courseId));
  return rows.map((r) => r.id);
}

/**
 * Rows given as one JSON parameter and written with one statement: an outline of hundreds of
 * lectures costs the same number of round trips as one.
 */
export async function updateSections(tx: Db, courseId: number, rows: { id: number; title: string; position: number }[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update ${sections} set title = u.title, position = u.position
    from json_to_recordset(${JSON.stringify(rows)}::json) as u(id int, title text, position int)
    where ${sections.id} = u.id and ${sections.courseId} = ${courseId}`);
}

export async function updateLectures(
  tx: Db,
  courseId: number,
  rows: { id: number; section_id: number; title: string; position: number; is_free_preview: boolean; duration_seconds: number | null }[],
) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update ${lectures} set section_id = u.section_id, title = u.title, position = u.position,
      is_free_preview = u.is_free_preview, duration_seconds = coalesce(u.duration_seconds, ${lectures.durationSeconds})
    from json_to_recordset(${JSON.stringify(rows)}::json) as u(id int, section_id int, title text, position int, is_free_preview boolean, duration_seconds int)
    where ${lectures.id} = u.id and ${lectures.courseId} = ${courseId}`);
}

export async function updateQuestions(
  tx: Db,
  assessmentId: number,
  rows: { id: number; type: string; text: string; points: number; position: number; accepted_answers: string[] }[],
) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update ${assessmentQuestions} set type = u.type, text = u.text, points = u.points, position = u.position, accepted_answers = u.accepted_answers
    from json_to_recordset(${JSON.stringify(rows)}::json) as u(id int, type text, text text, points int, position int, accepted_answers jsonb)
    where ${assessmentQuestions.id} = u.id and ${assessmentQuestions.assessmentId} = ${assessmentId}`);
}

export async function updateOptions(tx: Db, rows: { id: number; question_id: number; text: string; is_correct: boolean; position: number }[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update ${questionOptions} set text = u.text, is_correct = u.is_correct, position = u.position
    from json_to_recordset(${JSON.stringify(rows)}::json) as u(id int, question_id int, text text, is_correct boolean, position int)
    where ${questionOptions.id} = u.id and ${questionOptions.questionId} = u.question_id`);
}

/** Every assessment of a course with its questions and options: three queries, whatever the size. */
export async function courseAssessments(db: Db, courseId: number, onlyAssessmentId?: number) {
  const where = onlyAssessmentId ? and(eq(assessments.courseId, courseId), eq(assessments.id, onlyAssessmentId)) : eq(assessments.courseId, courseId);
  const rows = await db.select().from(assessments).where(where).orderBy(asc(assessments.position), asc(assessments.id));
  const ids = rows.map((a) => a.id);
  if (ids.length === 0) return [];
  const questions = await db
    .select()
    .from(assessmentQuestions)
    .where(inArray(assessmentQuestions.assessmentId, ids))
    .orderBy(asc(assessmentQuestions.position), asc(assessmentQuestions.id));
  const questionIds = questions.map((q) => q.id);
  const options = questionIds.length
    ? await db.select().from(questionOptions).where(inArray(questionOptions.questionId, questionIds)).orderBy(asc(questionOptions.position), asc(questionOptions.id))
    : [];
  return rows.map((a) => ({
    ...a,
    questions: questions.filter((q) => q.assessmentId === a.id).map((q) => ({ ...q, options: options.filter((o) => o.questionId === q.id) })),
  }));
}
export type AssessmentTree = Awaited<ReturnType<typeof courseAssessments>>[number];

export async function findAssessment(db: Db, id: number) {
  const [row] = await db.select({ id: assessments.id, courseId: assessments.courseId }).from(assessments).where(eq(assessments.id, id));
  return row;
}

export async function findQuestion(db: Db, id: number) {
  const [row] = await db
    .select({ id: assessmentQuestions.id, assessmentId: assessments.id, courseId: assessments.courseId })
    .from(assessmentQuestions)
    .innerJoin(assessments, eq(assessments.id, assessmentQuestions.assessmentId))
    .where(eq(assessmentQuestions.id, id));
  return row;
}

export async function findOption(db: Db, id: number) {
  const [row] = await db
    .select({ option: questionOptions, questionId: assessmentQuestions.id, assessmentId: assessments.id, courseId: assessments.courseId })
    .from(questionOptions)
    .innerJoin(assessmentQuestions, eq(assessmentQuestions.id, questionOptions.questionId))
    .innerJoin(assessments, eq(assessments.id, assessmentQuestions.assessmentId))
    .where(eq(questionOptions.id, id));
  return row;
}

export async function courseTagRows(db: Db, courseId: number) {
  return db
    .select({ id: tags.id, name: tags.name })
    .from(courseTags)
    .innerJoin(tags, eq(tags.id, courseTags.tagId))
    .where(eq(courseTags.courseId, courseId))
    .orderBy(asc(tags.name), asc(tags.id));
}

/** Tags by name, created when missing; a name that exists in another letter case is reused (one tag per lower-cased name). */
export async function upsertTags(tx: Db, names: string[]) {
  await tx.insert(tags).values(names.map((name) => ({ name }))).onConflictDoNothing();
  const lower = names.map((n) => n.toLowerCase());
  return tx.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(sql`lower(${tags.name})`, lower));
}

export async function replaceCourseTags(tx: Db, courseId: number, tagIds: number[]) {
  await tx.delete(courseTags).where(eq(courseTags.courseId, courseId));
  if (tagIds.length) await tx.insert(courseTags).values(tagIds.map((tagId) => ({ courseId, tagId })));
}

export async function courseBlockers(db: Db, courseId: number) {
  const [[e], [live], [any]] = await Promise.all([
    db.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, courseId)),
    db.select({ n: count() }).from(orders).where(and(eq(orders.courseId, courseId), ne(orders.status, 'cancelled'))),
    db.select({ n: count() }).from(orders).where(eq(orders.courseId, courseId)),
  ]);
  return { enrollments: e?.n ?? 0, liveOrders: live?.n ?? 0, orders: any?.n ?? 0 };
}

export async function enrollmentCount(db: Db, courseId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, courseId));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Lists and the dashboard

const enrollmentStats = (db: Db) =>
  db.select({ courseId: enrollments.courseId, count: sql<number>`count(*)::int`.as('enrollment_count') }).from(enrollments).groupBy(enrollments.courseId).as('enrollment_stats');
const lectureStats = (db: Db) => db.select({ courseId: lectures.courseId, count: sql<number>`count(*)::int`.as('lecture_count') }).from(lectures).groupBy(lectures.courseId).as('lecture_stats');

export type ListSort = { key: 'title' | 'price' | 'created_at' | 'updated_at' | 'submitted_at' | 'approve_status' | 'completion_status' | 'enrollment_count'; desc: boolean };

/** One page of courses with their category, instructor, enrolment and lecture counts: two queries per page. */
export async function listCourses(db: Db, where: SQL, sort: ListSort, limit: number, offset: number) {
  const e = enrollmentStats(db);
  const l = lectureStats(db);
  const column: Record<ListSort['key'], SQL> = {
    title: sql`${courses.title}`,
    price: sql`${courses.price}`,
    created_at: sql`${courses.createdAt}`,
    updated_at: sql`${courses.updatedAt}`,
    submitted_at: sql`${courses.submittedAt}`,
    approve_status: sql`${courses.approveStatus}`,
    completion_status: sql`${courses.completionStatus}`,
    enrollment_count: sql`coalesce(${e.count}, 0)`,
  };
  const key = column[sort.key];
  const order = sort.desc ? sql`${key} desc nulls last` : sql`${key} asc nulls last`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        course: courses,
        instructorName: users.name,
        categoryId: categories.id,
        categorySlug: categories.slug,
        categoryAr: categories.nameAr,
        categoryEn: categories.nameEn,
        enrollmentCount: e.count,
        lectureCount: l.count,
      })
      .from(courses)
      .innerJoin(users, eq(users.id, courses.instructorId))
      .leftJoin(categories, eq(categories.id, courses.categoryId))
      .leftJoin(e, eq(e.courseId, courses.id))
      .leftJoin(l, eq(l.courseId, courses.id))
      .where(where)
      .orderBy(order, sort.desc ? desc(courses.id) : asc(courses.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(courses).innerJoin(users, eq(users.id, courses.instructorId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type ListRow = Awaited<ReturnType<typeof listCourses>>['rows'][number];

export async function instructorFigures(db: Db, instructorId: number, since: Date) {
  const from = sql`${since.toISOString()}::timestamptz`;
  const own = and(eq(courses.instructorId, instructorId), isNull(courses.deletedAt));
  const [byStatus, [enrolled], [revenue], [rating]] = await Promise.all([
    db.select({ status: courses.approveStatus, n: count() }).from(courses).where(own).groupBy(courses.approveStatus),
    db
      .select({ total: count(), recent: sql<number>`count(*) filter (where ${enrollments.createdAt} >= ${from})::int` })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(own),
    // Money actually received: paid orders only, even of a course deleted since.
    db
      .select({
        total: sql<string>`coalesce(sum(${orders.amount}), 0)`,
        recent: sql<string>`coalesce(sum(${orders.amount}) filter (where ${orders.paidAt} >= ${from}), 0)`,
        n: count(),
      })
      .from(orders)
      .innerJoin(courses, eq(courses.id, orders.courseId))
      .where(and(eq(courses.instructorId, instructorId), eq(orders.status, 'paid'))),
    db
      .select({ average: sql<number | null>`round(avg(${ratings.rating})::numeric, 1)::float8`, n: count() })
      .from(ratings)
      .innerJoin(courses, eq(courses.id, ratings.courseId))
      .where(own),
  ]);
  return { byStatus, enrolled: enrolled!, revenue: revenue!, rating: rating! };
}
