import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { categories, courses, users } from './schema';

/** The instructor and category of a course, as every course listing shows them. */
export const instructorAndCategory = {
  instructorId: users.id,
  instructorName: users.name,
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
    .innerJoin(users, eq(users.id, courses.instructorId))
    .leftJoin(categories, eq(categories.id, courses.categoryId));
}

/** The category of a row selected with the columns above, in the contract's shape (null when the course has none). */
export function categoryOf(r: { categoryId: number | null; categorySlug: string | null; categoryAr: string | null; categoryEn: string | null }) {
  return r.categoryId ? { id: r.categoryId, slug: r.categorySlug!, name_ar: r.categoryAr!, name_en: r.categoryEn! } : null;
}
