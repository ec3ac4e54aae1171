import { z } from 'zod';

export const categoryName = z.object({
  id: z.number().int(),
  slug: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
});
export const categoryNameList = z.array(categoryName);
