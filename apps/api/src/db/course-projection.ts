import { eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { categories, courses, users } from './schema';

/**
 * A column of a course's instructor, read by key for each course (a subquery: one probe of users' primary
 * key per course). Written as a join, the planner may merge it with a walk of users' key from the first
 * account up to the instructor's: cheap while the instructors are the oldest accounts, as in the seeded
 * catalogue, 4 ms for an instructor who signed up after 10,000 learners (issue 26; test/query-plans.ts
 * now fails on such a walk). `courses` must be unaliased in the statement.
 */
export function instructorColumn<T>(column: 'name' | 'email') {
  return sql<T>`(select u.${sql.identifier(column)} from ${users} u where u.id = ${courses}.${sql.identifier('instructor_id')})`;
}

/** The instructor and category of a course, as every course listing shows them. */
export const instructorAndCategory = {
  instructorId: courses.instructorId,
  instructorName: instructorColumn<string>('name'),
  categoryId: categories.id,
  categorySlug: categories.slug,
  categoryAr: categories.nameAr,
  categoryEn: categories.nameEn,
};

/** Courses joined to their instructor and (optional) category, selecting `fields` and the columns above. */
export function selectCoursesWithInstructorAndCategory<T extends SelectedFields>(db: Db, fields: T) {
  return db
    .select({ ...fields, ...instructorAndCategory })
    .from(courses)
    .leftJoin(categories, eq(categories.id, courses.categoryId));
}

/** The category of a row selected with the columns above, in the contract's shape (null when the course has none). */
export function categoryOf(r: { categoryId: number | null; categorySlug: string | null; categoryAr: string | null; categoryEn: string | null }) {
  return r.categoryId ? { id: r.categoryId, slug: r.categorySlug!, name_ar: r.categoryAr!, name_en: r.categoryEn! } : null;
}
