import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CourseCard } from '@nibras/contract';
import type { Db } from '../../db/client';
import { categories, courses, enrollments, lectures, ratings, users } from '../../db/schema';

/** Only these courses exist for the public: approved and not deleted. */
export const isPublicCourse = and(eq(courses.approveStatus, 'approved'), isNull(courses.deletedAt));
/**
 * When a public course went public: its last review, which for a public course is its approval, or
 * its creation for a course approved without one (seeded). The catalog's "newest" means newest to
 * the catalog: a course built over weeks is new on the day it is approved.
 */
export const publishedAt = sql<Date | string>`coalesce(${courses.reviewedAt}, ${courses.createdAt})`;

const ratingStats = (db: Db) =>
  db
    .select({ courseId: ratings.courseId, average: sql<number>`round(avg(${ratings.rating})::numeric, 1)::float8`.as('rating_average'), count: sql<number>`count(*)::int`.as('rating_count') })
    .from(ratings)
    .groupBy(ratings.courseId)
    .as('rating_stats');

const enrollmentStats = (db: Db) =>
  db.select({ courseId: enrollments.courseId, count: sql<number>`count(*)::int`.as('enrollment_count') }).from(enrollments).groupBy(enrollments.courseId).as('enrollment_stats');

const lectureStats = (db: Db) =>
  db
    .select({ courseId: lectures.courseId, count: sql<number>`count(*)::int`.as('lecture_count'), seconds: sql<number>`coalesce(sum(${lectures.durationSeconds}), 0)::int`.as('lecture_seconds') })
    .from(lectures)
    .groupBy(lectures.courseId)
    .as('lecture_stats');

/**
 * Course cards for the given ids, in the order given (callers decide ranking). One query
 * with grouped joins: no per-course lookups.
 */
export async function loadCourseCards(db: Db, ids: number[]): Promise<CourseCard[]> {
  if (ids.length === 0) return [];
  const r = ratingStats(db);
  const e = enrollmentStats(db);
  const l = lectureStats(db);
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      subtitle: courses.subtitle,
      language: courses.language,
      level: courses.level,
      price: courses.price,
      coverImage: courses.coverImage,
      createdAt: courses.createdAt,
      publishedAt: publishedAt,
      categoryId: categories.id,
      categorySlug: categories.slug,
      categoryAr: categories.nameAr,
      categoryEn: categories.nameEn,
      instructorId: users.id,
      instructorName: users.name,
      ratingAverage: r.average,
      ratingCount: r.count,
      enrollmentCount: e.count,
      lectureCount: l.count,
      durationSeconds: l.seconds,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.instructorId))
    .leftJoin(categories, eq(categories.id, courses.categoryId))
    .leftJoin(r, eq(r.courseId, courses.id))
    .leftJoin(e, eq(e.courseId, courses.id))
    .leftJoin(l, eq(l.courseId, courses.id))
    .where(inArray(courses.id, ids));
  const byId = new Map(rows.map((c) => [c.id, c]));
  return ids.flatMap((id) => {
    const c = byId.get(id);
    if (!c) return [];
    return [
      {
        id: c.id,
        title: c.title,
        subtitle: c.subtitle,
        language: c.language,
        level: c.level,
        price: Number(c.price),
        isFree: Number(c.price) === 0,
        coverImage: c.coverImage ? `/api/media/cover/${c.id}` : null,
        category: c.categoryId ? { id: c.categoryId, slug: c.categorySlug!, name_ar: c.categoryAr!, name_en: c.categoryEn! } : null,
        instructor: { id: c.instructorId, name: c.instructorName },
        rating: { average: Number(c.ratingAverage ?? 0), count: c.ratingCount ?? 0 },
        enrollmentCount: c.enrollmentCount ?? 0,
        lectureCount: c.lectureCount ?? 0,
        durationSeconds: c.durationSeconds ?? 0,
        createdAt: c.createdAt.toISOString(),
        publishedAt: new Date(c.publishedAt).toISOString(),
      },
    ];
  });
}
