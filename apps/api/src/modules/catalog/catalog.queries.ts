import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, courses, courseTags, enrollments, lectures, orders, ratings, sections, tags, users, wishlist } from '../../db/schema';

import { isPublicCourse, publishedAt, ratingAverageExact } from '../../db/public-course';

type Sort = 'newest' | 'rating' | 'popular' | 'price_asc' | 'price_desc';

export function courseOrder(sort: Sort): SQL[] {
  // Each order is the key of one of the partial indexes on public courses (schema/catalog.ts).
  switch (sort) {
    case 'rating':
      return [sql`${ratingAverageExact} desc nulls last`, sql`${courses.ratingCount} desc`, desc(courses.id)];
    case 'popular':
      return [sql`${courses.enrollmentCount} desc`, desc(courses.id)];
    case 'price_asc':
      return [asc(courses.price), desc(courses.id)];
    case 'price_desc':
      return [desc(courses.price), desc(courses.id)];
    default:
      return [sql`${publishedAt} desc`, desc(courses.id)];
  }
}

/** Which public courses: of one category or instructor, and never one of them (a course's "similar" list). */
export interface PublicCourseFilter {
  categoryId?: number;
  instructorId?: number;
  exceptId?: number;
}

function publicCourseWhere(f: PublicCourseFilter): SQL {
  const parts: SQL[] = [isPublicCourse];
  if (f.categoryId !== undefined) parts.push(eq(courses.categoryId, f.categoryId));
  if (f.instructorId !== undefined) parts.push(eq(courses.instructorId, f.instructorId));
  if (f.exceptId !== undefined) parts.push(ne(courses.id, f.exceptId));
  return and(...parts)!;
}

export async function publicCourseIds(db: Db, opts: { filter?: PublicCourseFilter; sort: Sort; limit: number; offset?: number }): Promise<number[]> {
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(publicCourseWhere(opts.filter ?? {}))
    .orderBy(...courseOrder(opts.sort))
    .limit(opts.limit)
    .offset(opts.offset ?? 0);
  return rows.map((r) => r.id);
}

export async function countPublicCourses(db: Db, filter: PublicCourseFilter = {}): Promise<number> {
  const [row] = await db.select({ n: count() }).from(courses).where(publicCourseWhere(filter));
  return row?.n ?? 0;
}

export async function categoriesWithCounts(db: Db) {
  return db
    .select({ id: categories.id, slug: categories.slug, name_ar: categories.nameAr, name_en: categories.nameEn, courseCount: sql<number>`count(${courses.id})::int` })
    .from(categories)
    .innerJoin(courses, and(eq(courses.categoryId, categories.id), isPublicCourse))
    .groupBy(categories.id)
    .orderBy(sql`count(${courses.id}) desc`, asc(categories.id));
}

export async function findCategory(db: Db, idOrSlug: string) {
  const byId = /^\d{1,9}$/.test(idOrSlug);
  const [row] = await db
    .select({ id: categories.id, slug: categories.slug, name_ar: categories.nameAr, name_en: categories.nameEn })
    .from(categories)
    .where(byId ? eq(categories.id, Number(idOrSlug)) : eq(categories.slug, idOrSlug.toLowerCase()))
    .limit(1);
  return row;
}

export async function findPublicCourse(db: Db, id: number) {
  const [row] = await db.select().from(courses).where(and(eq(courses.id, id), isPublicCourse)).limit(1);
  return row;
}

export async function courseOutline(db: Db, courseId: number) {
  const [secs, lecs] = await Promise.all([
    db.select().from(sections).where(eq(sections.courseId, courseId)).orderBy(asc(sections.position), asc(sections.id)),
    db.select().from(lectures).where(eq(lectures.courseId, courseId)).orderBy(asc(lectures.position), asc(lectures.id)),
  ]);
  return secs.map((s) => ({ ...s, lectures: lecs.filter((l) => l.sectionId === s.id) }));
}

export async function courseTagNames(db: Db, courseId: number): Promise<string[]> {
  const rows = await db.select({ name: tags.name }).from(courseTags).innerJoin(tags, eq(tags.id, courseTags.tagId)).where(eq(courseTags.courseId, courseId)).orderBy(asc(tags.name));
  return rows.map((r) => r.name);
}

export async function instructorSummary(db: Db, instructorId: number) {
  const [[row], courseCount] = await Promise.all([
    db.select({ id: users.id, name: users.name, headline: users.headline, bio: users.bio, avatar: users.avatar }).from(users).where(eq(users.id, instructorId)),
    countPublicCourses(db, { instructorId }),
  ]);
  return { ...row!, courseCount };
}

export async function ratingDistribution(db: Db, courseId: number) {
  const rows = await db.select({ rating: ratings.rating, n: count() }).from(ratings).where(eq(ratings.courseId, courseId)).groupBy(ratings.rating);
  const dist = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const r of rows) if (r.rating >= 1 && r.rating <= 5) dist[r.rating as 1 | 2 | 3 | 4 | 5] = r.n;
  return dist;
}

export async function courseReviews(db: Db, courseId: number, page: number, perPage: number) {
  const pageRows = db
    .select({ id: ratings.id, participantId: ratings.participantId, rating: ratings.rating, message: ratings.message, createdAt: ratings.createdAt, updatedAt: ratings.updatedAt })
    .from(ratings)
    .where(eq(ratings.courseId, courseId))
    .orderBy(desc(ratings.updatedAt), desc(ratings.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .as('page_rows');
  const [rows, [total]] = await Promise.all([
    // The page of ratings first (ratings_course_updated_idx), then the names of its few authors: a
    // join written plainly let the planner hash the whole users table for a popular course.
    db
      .select({ id: pageRows.id, rating: pageRows.rating, message: pageRows.message, name: users.name, createdAt: pageRows.createdAt, updatedAt: pageRows.updatedAt })
      .from(pageRows)
      .innerJoin(users, eq(users.id, pageRows.participantId))
      .orderBy(desc(pageRows.updatedAt), desc(pageRows.id)),
    db.select({ n: count() }).from(ratings).where(eq(ratings.courseId, courseId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type ReviewRow = Awaited<ReturnType<typeof courseReviews>>['rows'][number];

export async function similarCourseIds(db: Db, course: { id: number; categoryId: number | null }, limit = 4) {
  if (!course.categoryId) return [];
  return publicCourseIds(db, { filter: { categoryId: course.categoryId, exceptId: course.id }, sort: 'rating', limit });
}

export async function viewerState(db: Db, participantId: number, courseId: number) {
  const [e, w, r, o] = await Promise.all([
    db.select({ id: enrollments.id }).from(enrollments).where(and(eq(enrollments.participantId, participantId), eq(enrollments.courseId, courseId))).limit(1),
    db.select({ id: wishlist.courseId }).from(wishlist).where(and(eq(wishlist.participantId, participantId), eq(wishlist.courseId, courseId))).limit(1),
    db.select({ rating: ratings.rating }).from(ratings).where(and(eq(ratings.participantId, participantId), eq(ratings.courseId, courseId))).limit(1),
    db
      .select({ reference: orders.reference, amount: orders.amount })
      .from(orders)
      .where(and(eq(orders.participantId, participantId), eq(orders.courseId, courseId), eq(orders.status, 'pending')))
      .limit(1),
  ]);
  return { enrolled: e.length > 0, wishlisted: w.length > 0, rating: r[0]?.rating ?? null, pendingOrder: o[0] ? { reference: o[0].reference, amount: Number(o[0].amount) } : null };
}

