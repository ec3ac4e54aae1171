import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema';

export function listCategoryNames(db: Db) {
  return db
    .select({ id: categories.id, slug: categories.slug, name_ar: categories.nameAr, name_en: categories.nameEn })
    .from(categories)
    .orderBy(asc(categories.id));
}
