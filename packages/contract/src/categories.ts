import { z } from 'zod';
import { numeric } from './numbers';
import { envelope, idParam, listData, pageQuery } from './envelope';
import type { RouteDef } from './route-def';

/**
 * Categories (docs/admin-dashboard.md, Categories): the public name list, and the admin's list,
 * add, edit, update, delete and icon. Field names are the spec's snake_case.
 */

export const categoryName = z.object({
  id: z.number().int(),
  slug: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
});
export const categoryNameList = z.array(categoryName);

export const CATEGORY_LIMITS = { name: 80, slug: 60 } as const;
/** Lowercase Latin letters and digits in groups joined by single hyphens: `web-design`, `arabic-101`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CATEGORY_SORT_KEYS = ['name', 'slug', 'course_count', 'created_at', 'updated_at'] as const;

const name = z.string().trim().min(2).max(CATEGORY_LIMITS.name);
const slug = z
  .string()
  .trim()
  .max(CATEGORY_LIMITS.slug)
  .refine((v) => v === '' || SLUG_PATTERN.test(v), { message: 'api.categories.slug_format' });

export const categoryBody = z
  .strictObject({
    name_ar: name.describe('The Arabic name (plain text)'),
    name_en: name.describe('The English name (plain text)'),
    slug: slug
      .optional()
      .describe('Lowercase letters, digits and single hyphens. Empty or absent: made from the English name (else a transliteration of the Arabic name, else `category-{id}`); on update, absent or empty keeps the current slug'),
  })
  .describe('A category');
export type CategoryBody = z.input<typeof categoryBody>;

export const categoryListBody = z
  .strictObject({
    language: z.union([z.enum(['ar', 'en']), z.literal('')]).optional().describe('Whose name `name` sorts by (default ar)'),
    search: z.string().max(200).optional().describe('Part of either name or the slug; Arabic letter forms and diacritics are folded (lib/search-text.ts)'),
    sortConfig: z
      .strictObject({ key: z.enum(CATEGORY_SORT_KEYS).optional(), direction: z.enum(['asc', 'desc', 'ascending', 'descending']).optional() })
      .nullable()
      .optional()
      .describe('Default: name, ascending'),
    perPage: numeric(z.number().int().min(1).max(100)).optional().describe('Default 10'),
  })
  .describe('Category list request');

const isoDate = z.string().describe('ISO 8601 date-time');
export const adminCategory = categoryName.extend({
  icon: z.string().nullable().describe('URL of the icon image, or null'),
  course_count: z.number().int().describe('Courses (not deleted) in the category'),
  created_at: isoDate,
  updated_at: isoDate,
});
export type AdminCategory = z.infer<typeof adminCategory>;

const tags = ['categories'];
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const categoryRoutes = {
  nameList: {
    method: 'GET', path: '/api/category/namelist', access: 'public', tags,
    summary: 'Every category with its Arabic and English name', response: envelope(categoryNameList),
  },
  icon: {
    method: 'GET', path: '/api/category/icon/:id', access: 'public', errors: [404], tags,
    summary: "A category's icon image", params: idParam, file: { types: IMAGE_TYPES, ranges: false },
  },
  list: {
    method: 'POST', path: '/api/admin/category/list', access: 'admin', tags,
    summary: 'Categories with their course counts: searched, sorted and paginated', query: pageQuery, body: categoryListBody,
    response: envelope(listData(adminCategory)),
  },
  add: {
    method: 'POST', path: '/api/admin/category/add', access: 'admin', errors: [409], tags,
    summary: 'Add a category; 409 with `errors.slug` when the slug is taken', body: categoryBody, response: envelope(adminCategory),
  },
  edit: {
    method: 'GET', path: '/api/admin/category/edit/:id', access: 'admin', errors: [404], tags,
    summary: 'One category', params: idParam, response: envelope(adminCategory),
  },
  update: {
    method: 'POST', path: '/api/admin/category/update/:id', access: 'admin', errors: [404, 409], tags,
    summary: 'Rename a category or change its slug; 409 with `errors.slug` when the slug is taken', params: idParam, body: categoryBody,
    response: envelope(adminCategory),
  },
  delete: {
    method: 'GET', path: '/api/admin/category/delete/:id', access: 'admin', errors: [404, 409], tags,
    summary: 'Delete a category and its icon; refused (409) while it holds courses, saying how many', params: idParam,
    response: envelope(z.object({ id: z.number().int() })),
  },
  uploadIcon: {
    method: 'POST', path: '/api/admin/category/icon/:id', access: 'admin', errors: [404], tags, multipart: true, params: idParam,
    summary: 'Upload the icon (multipart field `file`): JPEG, PNG or WebP by content (SVG and markup refused), at most UPLOAD_IMAGE_MAX_MB; replaces the old one',
    response: envelope(adminCategory),
  },
  removeIcon: {
    method: 'GET', path: '/api/admin/category/icon/delete/:id', access: 'admin', errors: [404], tags,
    summary: 'Remove the icon', params: idParam, response: envelope(adminCategory),
  },
} satisfies Record<string, RouteDef>;
