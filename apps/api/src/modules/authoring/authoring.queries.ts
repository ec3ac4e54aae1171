import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollmentCountNow } from '../../db/enrolment-count';
import { categories, courses, courseTags, enrollments, lectureResources, lectures, orders, ratings, tags, users } from '../../db/schema';
import { selectCoursesWithInstructorAndCategory } from '../../db/course-projection';
import { containsPattern } from '../../lib/like-pattern';

export type CourseRow = typeof courses.$inferSelect;
export type LectureRow = typeof lectures.$inferSelect;

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
      // Each type needs its own content: a video its file, an article its text, a PDF its file.
      lecturesWithoutContent: sql<number>`(select count(*)::int from lectures l where l.course_id = ${courseId} and case l.type
        when 'article' then l.article_html = '' when 'pdf' then l.pdf is null else l.video is null end)`,
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
  const [row] = await selectCoursesWithInstructorAndCategory(db, {}).where(eq(courses.id, courseId));
  return row!;
}

export async function courseLectures(db: Db, courseId: number): Promise<LectureRow[]> {
  return db.select().from(lectures).where(eq(lectures.courseId, courseId)).orderBy(asc(lectures.position), asc(lectures.id));
}

export type CourseValues = Partial<Omit<typeof courses.$inferInsert, 'id'>>;

export async function insertCourse(db: Db, values: typeof courses.$inferInsert): Promise<CourseRow> {
  const [row] = await db.insert(courses).values(values).returning();
  return row!;
}

export async function updateCourse(tx: Db, id: number, values: CourseValues): Promise<CourseRow> {
  const [row] = await tx.update(courses).set(values).where(eq(courses.id, id)).returning();
  return row!;
}

/** A course whose only orders were cancelled keeps its row, marked deleted with its files gone, for the order history. */
export async function softDeleteCourse(tx: Db, id: number) {
  await tx.update(courses).set({ deletedAt: new Date(), coverImage: null, promoVideo: null, updatedAt: new Date() }).where(eq(courses.id, id));
  await tx.update(lectures).set({ video: null, pdf: null }).where(eq(lectures.courseId, id));
  await tx.delete(lectureResources).where(inArray(lectureResources.lectureId, tx.select({ id: lectures.id }).from(lectures).where(eq(lectures.courseId, id))));
}

/** The storage keys of a course's lecture files: videos, PDFs and resources (removed once the course is). */
export async function courseLectureFileKeys(db: Db, courseId: number): Promise<string[]> {
  const [files, resources] = await Promise.all([
    db.select({ video: lectures.video, pdf: lectures.pdf }).from(lectures).where(eq(lectures.courseId, courseId)),
    db.select({ key: lectureResources.storageKey }).from(lectureResources).innerJoin(lectures, eq(lectures.id, lectureResources.lectureId)).where(eq(lectures.courseId, courseId)),
  ]);
  return [...files.flatMap((f) => [f.video, f.pdf]), ...resources.map((r) => r.key)].filter((k): k is string => !!k);
}

/** Sections, lectures, assessments and tags go with it (foreign keys cascade). */
export async function deleteCourseRow(tx: Db, id: number) {
  await tx.delete(courses).where(eq(courses.id, id));
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

/** False when the course had no such tag. */
export async function removeCourseTag(tx: Db, courseId: number, tagId: number): Promise<boolean> {
  const removed = await tx.delete(courseTags).where(and(eq(courseTags.courseId, courseId), eq(courseTags.tagId, tagId))).returning({ tagId: courseTags.tagId });
  return removed.length > 0;
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


export type ListSort = { key: 'title' | 'price' | 'created_at' | 'updated_at' | 'submitted_at' | 'approve_status' | 'completion_status' | 'enrollment_count'; desc: boolean };

export interface ListFilter {
  /** An instructor sees only their own courses. */
  instructorId?: number;
  language?: 'ar' | 'en';
  completionStatus?: 'complete' | 'incomplete';
  approveStatus?: 'draft' | 'pending' | 'approved' | 'rejected';
  /** Title or subtitle; with `searchInstructor`, also the instructor's name and email. */
  search?: string;
  searchInstructor?: boolean;
}

function listWhere(f: ListFilter): SQL {
  const where: SQL[] = [isNull(courses.deletedAt)];
  if (f.instructorId !== undefined) where.push(eq(courses.instructorId, f.instructorId));
  if (f.language) where.push(eq(courses.language, f.language));
  if (f.completionStatus) where.push(eq(courses.completionStatus, f.completionStatus));
  if (f.approveStatus) where.push(eq(courses.approveStatus, f.approveStatus));
  const search = f.search?.trim();
  if (search) {
    const like = containsPattern(search);
    // The instructor's name or email, read by key for each course (db/course-projection.ts, instructorColumn).
    const byInstructor = f.searchInstructor ? [sql`exists (select 1 from ${users} u where u.id = ${courses}.instructor_id and (u.name ilike ${like} or u.email ilike ${like}))`] : [];
    where.push(or(ilike(courses.title, like), ilike(courses.subtitle, like), ...byInstructor)!);
  }
  return and(...where)!;
}

/** One page of live courses with their category, instructor, enrolment and lecture counts: two queries per page. */
export async function listCourses(db: Db, filter: ListFilter, sort: ListSort, limit: number, offset: number) {
  const where = listWhere(filter);
  const column: Record<ListSort['key'], SQL> = {
    title: sql`${courses.title}`,
    price: sql`${courses.priceMinor}`,
    created_at: sql`${courses.createdAt}`,
    updated_at: sql`${courses.updatedAt}`,
    submitted_at: sql`${courses.submittedAt}`,
    approve_status: sql`${courses.approveStatus}`,
    completion_status: sql`${courses.completionStatus}`,
    enrollment_count: enrollmentCountNow,
  };
  const key = column[sort.key];
  const order = sort.desc ? sql`${key} desc nulls last` : sql`${key} asc nulls last`;
  const [rows, [total]] = await Promise.all([
    // The enrolment and lecture counts are the course's own counters (kept by triggers, migrations 0007, 0010
    // and 0013), the enrolments with their deltas not folded yet: exact.
    selectCoursesWithInstructorAndCategory(db, { course: courses, enrollmentCount: enrollmentCountNow, lectureCount: courses.lectureCount })
      .where(where)
      .orderBy(order, sort.desc ? desc(courses.id) : asc(courses.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(courses).where(where),
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
        total: sql<string>`coalesce(sum(${orders.amountMinor}), 0)`,
        recent: sql<string>`coalesce(sum(${orders.amountMinor}) filter (where ${orders.paidAt} >= ${from}), 0)`,
        // Orders that brought money: a free enrolment is recorded as a paid order of 0, but nobody paid.
        n: sql<number>`(count(*) filter (where ${orders.amountMinor} > 0))::int`,
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
