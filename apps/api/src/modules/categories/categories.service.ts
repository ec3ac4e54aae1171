import type { AppContext } from '../../context';
import { listCategoryNames } from './categories.queries';

const CATEGORY_CACHE_PREFIX = 'categories:';
const NAMES_TTL_MS = 10_000;

/** The name list is read on every page (header, footer, filters) and changes rarely. */
export function categoryNames(ctx: AppContext) {
  return ctx.cache.getOrLoad(`${CATEGORY_CACHE_PREFIX}names`, NAMES_TTL_MS, () => listCategoryNames(ctx.db));
}
