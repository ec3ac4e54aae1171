import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { enrollmentCountNow } from './enrolment-count';
import { instructorAndCategory, selectCoursesWithInstructorAndCategory } from './course-projection';
import { publishedAt, ratingAverageShown } from './public-course';
import { categories, courses } from './schema';

// Ratings, enrolments and lectures from the course's counters (kept by triggers: migrations 0007
// and 0010): a card reads its course row, and the course's enrolment deltas not folded yet
// (migration 0013, one index probe), and nothing else (two subqueries over lectures per card before).

/** What a course card shows, beside its instructor and category (instructorAndCategory). */
const courseCardFields = {
  id: courses.id,
  title: courses.title,
  subtitle: courses.subtitle,
  language: courses.language,
  level: courses.level,
  priceMinor: courses.priceMinor,
  coverImage: courses.coverImage,
  createdAt: courses.createdAt,
  publishedAt: publishedAt,
  ratingAverage: ratingAverageShown,
  ratingCount: courses.ratingCount,
  enrollmentCount: enrollmentCountNow,
  lectureCount: courses.lectureCount,
  durationSeconds: courses.lectureSeconds,
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
    from ${courses} left join ${categories} on ${categories.id} = ${courses.categoryId}
    where ${courses.id} in (${ids}))`;
}

/** A card row from courseCardsJson, with its creation date a Date again (JSON has none). */
export function cardRowFromJson(row: Record<string, unknown>): CourseCardRow {
  return { ...(row as unknown as CourseCardRow), createdAt: new Date(row.createdAt as string) };
}
