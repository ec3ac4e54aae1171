import { and, asc, eq, exists } from 'drizzle-orm';
import { categories, courses } from '../../db/schema';
import { isPublicCourse } from '../../db/public-course';
import type { Db } from '../../db/client';

/** The sitemap's rows: public courses, and the categories that hold at least one. */
export async function sitemapEntries(db: Db) {
  const [courseRows, categoryRows] = await Promise.all([
    db.select({ id: courses.id, updatedAt: courses.updatedAt }).from(courses).where(isPublicCourse).orderBy(asc(courses.id)),
    db
      .select({ slug: categories.slug, updatedAt: categories.updatedAt })
      .from(categories)
      .where(exists(db.select({ one: courses.id }).from(courses).where(and(eq(courses.categoryId, categories.id), isPublicCourse))))
      .orderBy(asc(categories.slug)),
  ]);
  return { courses: courseRows, categories: categoryRows };
}
