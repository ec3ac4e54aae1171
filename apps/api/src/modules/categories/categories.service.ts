import type { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { PER_PAGE_DEFAULT, type categoryBody, type categoryListBody } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { sanitizePlainText } from '../../lib/sanitize';
import { normalizeSearchText, searchTokens } from '../../lib/search-text';
import { receiveUpload } from '../../lib/uploads';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AppContext } from '../../context';
import { invalidateCatalog } from '../catalog/catalog.service';
import { presentAdminCategory } from './categories.presenter';
import {
  allCategoriesWithCounts,
  deleteCategoryIfEmpty,
  findCategory,
  insertCategory,
  listCategoryNames,
  slugOwner,
  slugsLike,
  updateCategory,
  type CategoryRow,
} from './categories.queries';
import { firstFreeSlug, slugFromNames } from './slug';

const CATEGORY_CACHE_PREFIX = 'categories:';
const NAMES_TTL_MS = 10_000;

/** The name list is read on every page (header, footer, filters) and changes rarely. */
export function categoryNames(ctx: AppContext) {
  return ctx.cache.getOrLoad(`${CATEGORY_CACHE_PREFIX}names`, NAMES_TTL_MS, () => listCategoryNames(ctx.db));
}

/** Every cached answer that shows category names: the name list, the catalog, anonymous public reads. */
function categoriesChanged(ctx: AppContext) {
  ctx.cache.invalidate(CATEGORY_CACHE_PREFIX);
  invalidateCatalog(ctx);
}

const notFound = () => new AppError('api.categories.not_found', 404);
const slugTaken = () => new AppError('api.categories.slug_taken', 409, { fields: { slug: 'api.categories.slug_taken' } });

async function categoryOr404(ctx: AppContext, id: number) {
  const row = await findCategory(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

type ListBody = z.output<typeof categoryListBody>;

function compare(a: CategoryRow, b: CategoryRow, key: string, language: 'ar' | 'en'): number {
  switch (key) {
    case 'slug':
      return a.slug.localeCompare(b.slug, 'en');
    case 'course_count':
      return a.courseCount - b.courseCount;
    case 'created_at':
      return a.createdAt.getTime() - b.createdAt.getTime();
    case 'updated_at':
      return a.updatedAt.getTime() - b.updatedAt.getTime();
    default:
      return language === 'en' ? a.nameEn.localeCompare(b.nameEn, 'en') : a.nameAr.localeCompare(b.nameAr, 'ar');
  }
}

/**
 * POST /api/admin/category/list: categories are few (tens), so they are read whole and searched,
 * sorted and paged here, with the same Arabic-aware folding as course search on both sides.
 */
export async function listCategories(ctx: AppContext, page: number, body: ListBody) {
  const perPage = body.perPage ?? PER_PAGE_DEFAULT;
  const language = body.language === 'en' ? 'en' : 'ar';
  const key = body.sortConfig?.key ?? 'name';
  const desc = body.sortConfig?.direction ? body.sortConfig.direction.startsWith('desc') : false;
  // Every word of the search, in any order, as part of either name or the slug.
  const words = searchTokens(normalizeSearchText(body.search ?? ''));
  const matches = (r: CategoryRow) => {
    const text = normalizeSearchText(`${r.nameAr} ${r.nameEn} ${r.slug}`);
    return words.every((w) => text.includes(w));
  };
  const rows = (await allCategoriesWithCounts(ctx.db))
    .filter(matches)
    .sort((a, b) => (desc ? -1 : 1) * (compare(a, b, key, language) || a.id - b.id));
  const items = rows.slice((page - 1) * perPage, page * perPage).map(presentAdminCategory);
  return { items, page, perPage, total: rows.length };
}

export async function getCategory(ctx: AppContext, id: number) {
  return presentAdminCategory(await categoryOr404(ctx, id));
}

type Body = z.output<typeof categoryBody>;

async function generatedSlug(ctx: AppContext, nameEn: string, nameAr: string, selfId?: number) {
  const base = slugFromNames(nameEn, nameAr);
  const taken = new Set((await slugsLike(ctx.db, base)).filter((r) => r.id !== selfId).map((r) => r.slug));
  return firstFreeSlug(base, taken);
}

async function chosenSlugOr409(ctx: AppContext, slug: string, selfId?: number) {
  const owner = await slugOwner(ctx.db, slug);
  if (owner !== undefined && owner !== selfId) throw slugTaken();
  return slug;
}

/** Names are plain text: markup is removed, and a name left too short is refused on its field. */
function names(body: Body) {
  const nameAr = sanitizePlainText(body.name_ar);
  const nameEn = sanitizePlainText(body.name_en);
  const short: Record<string, string> = {};
  if (nameAr.length < 2) short.name_ar = 'api.categories.name_required';
  if (nameEn.length < 2) short.name_en = 'api.categories.name_required';
  if (Object.keys(short).length) throw new AppError('api.validation.failed', 400, { fields: short });
  return { nameAr, nameEn };
}

export async function addCategory(ctx: AppContext, body: Body) {
  const { nameAr, nameEn } = names(body);
  const slug = body.slug ? await chosenSlugOr409(ctx, body.slug) : await generatedSlug(ctx, nameEn, nameAr);
  try {
    const id = await insertCategory(ctx.db, { slug, nameAr, nameEn });
    categoriesChanged(ctx);
    return getCategory(ctx, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

export async function editCategory(ctx: AppContext, id: number, body: Body) {
  await categoryOr404(ctx, id);
  const { nameAr, nameEn } = names(body);
  const slug = body.slug ? await chosenSlugOr409(ctx, body.slug, id) : undefined;
  try {
    if (!(await updateCategory(ctx.db, id, { nameAr, nameEn, ...(slug ? { slug } : {}) }))) throw notFound();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  categoriesChanged(ctx);
  return getCategory(ctx, id);
}

export async function removeCategory(ctx: AppContext, id: number) {
  await categoryOr404(ctx, id);
  const result = await deleteCategoryIfEmpty(ctx.db, id);
  if (result.courses > 0) throw new AppError('api.categories.has_courses', 409, { params: { count: result.courses } });
  if (!result.deleted) throw notFound();
  if (result.deleted.icon) await ctx.storage.remove(result.deleted.icon);
  categoriesChanged(ctx);
  return { id };
}

async function setIcon(ctx: AppContext, id: number, key: string | null) {
  const before = await findCategory(ctx.db, id);
  if (!before) {
    if (key) await ctx.storage.remove(key);
    throw notFound();
  }
  await updateCategory(ctx.db, id, { icon: key });
  if (before.icon && before.icon !== key) await ctx.storage.remove(before.icon);
  categoriesChanged(ctx);
  return getCategory(ctx, id);
}

/** The icon: an image by content (JPEG, PNG, WebP; SVG and anything with markup refused), within UPLOAD_IMAGE_MAX_MB. */
export async function uploadIcon(ctx: AppContext, id: number, request: FastifyRequest) {
  await categoryOr404(ctx, id);
  const upload = await receiveUpload(request, ctx.storage, 'image', ctx.config.uploadLimits, 'category-icons');
  return setIcon(ctx, id, upload.key);
}

export async function removeIcon(ctx: AppContext, id: number) {
  return setIcon(ctx, id, null);
}

export async function iconFile(ctx: AppContext, id: number) {
  const row = await findCategory(ctx.db, id);
  if (!row?.icon) throw new AppError('api.error.not_found', 404);
  return { key: row.icon, name: `category-${id}.${row.icon.split('.').pop()}` };
}
