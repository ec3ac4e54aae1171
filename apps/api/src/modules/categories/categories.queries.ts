import { and, asc, count, eq, isNull, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, courses } from '../../db/schema';

export function listCategoryNames(db: Db) {
  return db
    .select({ id: categories.id, slug: categories.slug, name_ar: categories.nameAr, name_en: categories.nameEn })
    .from(categories)
    .orderBy(asc(categories.id));
}

const categoryColumns = {
  id: categories.id,
  slug: categories.slug,
  nameAr: categories.nameAr,
  nameEn: categories.nameEn,
  icon: categories.icon,
  createdAt: categories.createdAt,
  updatedAt: categories.updatedAt,
};

/** Every category with its count of courses that are not deleted (categories are few: the list is sorted in the service). */
export async function allCategoriesWithCounts(db: Db) {
  const [rows, counts] = await Promise.all([
    db.select(categoryColumns).from(categories),
    db.select({ id: courses.categoryId, n: count() }).from(courses).where(isNull(courses.deletedAt)).groupBy(courses.categoryId),
  ]);
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((r) => ({ ...r, courseCount: byId.get(r.id) ?? 0 }));
}
export type CategoryRow = Awaited<ReturnType<typeof allCategoriesWithCounts>>[number];

export async function findCategory(db: Db, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.id, id));
  if (!row) return undefined;
  return { ...row, courseCount: await countCourses(db, id) };
}

export async function countCourses(db: Db, id: number) {
  const [row] = await db.select({ n: count() }).from(courses).where(and(eq(courses.categoryId, id), isNull(courses.deletedAt)));
  return row!.n;
}

/** Slugs equal to `base` or `base-<anything>`: the ones a new slug made from `base` must avoid. */
export async function slugsLike(db: Db, base: string) {
  const rows = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(or(eq(categories.slug, base), like(categories.slug, `${base}-%`)));
  return rows;
}

export async function slugOwner(db: Db, slug: string) {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  return row?.id;
}

export async function insertCategory(db: Db, values: { slug: string; nameAr: string; nameEn: string }) {
  const [row] = await db.insert(categories).values(values).returning({ id: categories.id });
  return row!.id;
}

export async function updateCategory(db: Db, id: number, values: { slug?: string; nameAr?: string; nameEn?: string; icon?: string | null }) {
  const [row] = await db
    .update(categories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(categories.id, id))
    .returning({ id: categories.id });
  return !!row;
}

/**
 * Deletes the category unless a course that is not deleted is in it: counted in the same transaction,
 * so a course moved in meanwhile is not silently left without a category. Deleted courses lose it
 * (the foreign key sets it to null).
 */
export async function deleteCategoryIfEmpty(db: Db, id: number): Promise<{ deleted: { id: number; icon: string | null } | undefined; courses: number }> {
  return db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(courses).where(and(eq(courses.categoryId, id), isNull(courses.deletedAt)));
    if (held!.n > 0) return { deleted: undefined, courses: held!.n };
    const [row] = await tx.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id, icon: categories.icon });
    return { deleted: row, courses: 0 };
  });
}
