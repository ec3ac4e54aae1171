import type { AdminCategory } from '@nibras/contract';
import type { CategoryRow } from './categories.queries';

export function presentAdminCategory(r: CategoryRow): AdminCategory {
  return {
    id: r.id,
    slug: r.slug,
    name_ar: r.nameAr,
    name_en: r.nameEn,
    // The version busts the browser's cache when the icon is replaced.
    icon: r.icon ? `/api/category/icon/${r.id}?v=${r.updatedAt.getTime()}` : null,
    course_count: r.courseCount,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
