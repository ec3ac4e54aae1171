import { z } from 'zod';
import { envelope } from './envelope';
import type { RouteDef } from './route-def';

export const categoryName = z.object({
  id: z.number().int(),
  slug: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
});
export const categoryNameList = z.array(categoryName);

export const categoryRoutes = {
  nameList: {
    method: 'GET', path: '/api/category/namelist', access: 'public', tags: ['categories'],
    summary: 'Every category with its Arabic and English name', response: envelope(categoryNameList),
  },
} satisfies Record<string, RouteDef>;
