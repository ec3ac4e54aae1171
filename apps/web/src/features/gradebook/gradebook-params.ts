import { GRADEBOOK_FILTERS, GRADEBOOK_SORTS, type GradebookFilter, type GradebookQuery, type GradebookSort } from '@nibras/contract';

/** What the gradebook shows, as kept in the address bar so back, forward and reload keep it. */
export interface GradebookParams {
  search: string;
  filter: GradebookFilter | '';
  sort: GradebookSort;
  order: 'asc' | 'desc';
  page: number;
}

export const GRADEBOOK_PER_PAGE = 25;
export const DEFAULT_GRADEBOOK_PARAMS: GradebookParams = { search: '', filter: '', sort: 'name', order: 'asc', page: 1 };

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** Reads the address's parameters; anything unknown (an edited address) falls back to the default. */
export function readGradebookParams(search: URLSearchParams): GradebookParams {
  const page = Number(search.get('page'));
  return {
    search: (search.get('q') ?? '').trim().slice(0, 200),
    filter: oneOf(GRADEBOOK_FILTERS, search.get('filter')) ?? '',
    sort: oneOf(GRADEBOOK_SORTS, search.get('sort')) ?? DEFAULT_GRADEBOOK_PARAMS.sort,
    order: search.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

/** The address-bar form of the parameters: defaults are left out to keep links short. */
export function writeGradebookParams(params: GradebookParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.search) out.set('q', params.search);
  if (params.filter) out.set('filter', params.filter);
  if (params.sort !== DEFAULT_GRADEBOOK_PARAMS.sort) out.set('sort', params.sort);
  if (params.order !== DEFAULT_GRADEBOOK_PARAMS.order) out.set('order', params.order);
  if (params.page > 1) out.set('page', String(params.page));
  return out;
}

/**
 * The parameters after a change: a new search, filter or sort starts again at the first page; only a page change
 * keeps the others as they are.
 */
export function nextGradebookParams(current: GradebookParams, change: Partial<GradebookParams>): GradebookParams {
  return { ...current, page: 1, ...change };
}

/** True when the list is narrowed (sorting and paging hide nobody). */
export function isNarrowed(params: GradebookParams): boolean {
  return params.search !== '' || params.filter !== '';
}

/** The API's query for these parameters (docs/gradebook.md), without the empty ones. */
export function gradebookQueryOf(params: GradebookParams): GradebookQuery {
  return {
    ...(params.search ? { search: params.search } : {}),
    ...(params.filter ? { filter: params.filter } : {}),
    sort: params.sort,
    order: params.order,
    page: params.page,
    perPage: GRADEBOOK_PER_PAGE,
  };
}

/** A course id from the address: a positive database integer, or 0 for anything else. */
export function courseIdOf(raw: string | undefined): number {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0;
}
