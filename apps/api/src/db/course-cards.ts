import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { instructorAndCategory, selectCoursesWithInstructorAndCategory } from './course-projection';
import { publishedAt, ratingAverageShown } from './public-course';
import { categories, courses, users } from './schema';

// Ratings and enrolments from the course's counters; lectures counted for the course only (a
// grouped subquery over all lectures read the whole table for one card).
const lectureFigures = sql`(select count(*)::int as count, coalesce(sum(l.duration_seconds), 0)::int as seconds from lectures l where l.course_id = "courses"."id")`;

/** What a course card shows, beside its instructor and category (instructorAndCategory). */
const courseCardFields = {
  id: courses.id,
  title: courses.title,
  subtitle: courses.subtitle,
  language: courses.language,
  level: courses.level,
  price: courses.price,
  coverImage: courses.coverImage,
  createdAt: courses.createdAt,
  publishedAt: publishedAt,
  ratingAverage: ratingAverageShown,
  ratingCount: courses.ratingCount,
  enrollmentCount: courses.enrollmentCount,
  lectureCount: sql<number>`(select f.count from ${lectureFigures} f)`,
  durationSeconds: sql<number>`(select f.seconds from ${lectureFigures} f)`,
};

/**
 * What a course card shows, for the given ids (any order; the caller ranks). One query with
 * grouped joins: no per-course lookups.
 */
export async function courseCardRows(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return selectCoursesWithInstructorAndCategory(db, courseCardFields).where(inArray(courses.id, ids));
}
export type CourseCardRow = Awaited<ReturnType<typeof courseCardRows>>[number];

/**
 * The cards of the courses whose ids `ids` (a subquery) selects, as one JSON array inside a larger
 * statement, so a page that shows cards beside other things can load them all at once. Read each
 * element back with cardRowFromJson.
 */
export function courseCardsJson(ids: SQL): SQL {
  const fields = Object.entries({ ...courseCardFields, ...instructorAndCategory }).map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`);
  return sql`(select coalesce(json_agg(json_build_object(${sql.join(fields, sql`, `)})), '[]'::json)
    from ${courses} inner join ${users} on ${users.id} = ${courses.instructorId} left join ${categories} on ${categories.id} = ${courses.categoryId}
    where ${courses.id} in (${ids}))`;
}

/** A card row from courseCardsJson, with its creation date a Date again (JSON has none). */
export function cardRowFromJson(row: Record<string, unknown>): CourseCardRow {
  return { ...(row as unknown as CourseCardRow), createdAt: new Date(row.createdAt as string) };
}
