import { APPROVE_STATUSES, COMPLETION_STATUSES, COURSE_LANGUAGES, COURSE_LIST_SORT_KEYS } from '@nibras/contract';

export type SortKey = (typeof COURSE_LIST_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

/** What the course list shows, as kept in the address bar so reload and back restore it. */
export interface CourseListParams {
  search: string;
  language: (typeof COURSE_LANGUAGES)[number] | '';
  approve_status: (typeof APPROVE_STATUSES)[number] | '';
  completion_status: (typeof COMPLETION_STATUSES)[number] | '';
  sort: SortKey;
  direction: SortDirection;
  perPage: number;
  page: number;
}

export const PER_PAGE_CHOICES = [10, 20, 50] as const;
export const DEFAULT_PARAMS: CourseListParams = { search: '', language: '', approve_status: '', completion_status: '', sort: 'updated_at', direction: 'desc', perPage: 10, page: 1 };

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T | ''): T | '' {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

function positive(value: string | null, fallback: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

/** Reads the list's parameters; anything unknown (an edited URL) falls back to the default. */
export function readListParams(search: URLSearchParams): CourseListParams {
  const perPage = positive(search.get('perPage'), DEFAULT_PARAMS.perPage, 100);
  return {
    search: (search.get('q') ?? '').slice(0, 200),
    language: oneOf(COURSE_LANGUAGES, search.get('language'), ''),
    approve_status: oneOf(APPROVE_STATUSES, search.get('status'), ''),
    completion_status: oneOf(COMPLETION_STATUSES, search.get('completion'), ''),
    sort: oneOf(COURSE_LIST_SORT_KEYS, search.get('sort'), DEFAULT_PARAMS.sort) || DEFAULT_PARAMS.sort,
    direction: search.get('dir') === 'asc' ? 'asc' : 'desc',
    perPage: (PER_PAGE_CHOICES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PARAMS.perPage,
    page: positive(search.get('page'), 1, 1_000_000),
  };
}

/** The address-bar form of the parameters: defaults are left out to keep links short. */
export function writeListParams(params: CourseListParams): URLSearchParams {
  const out = new URLSearchParams();
  const entries: [string, string, string][] = [
    ['q', params.search, DEFAULT_PARAMS.search],
    ['language', params.language, ''],
    ['status', params.approve_status, ''],
    ['completion', params.completion_status, ''],
    ['sort', params.sort, DEFAULT_PARAMS.sort],
    ['dir', params.direction, DEFAULT_PARAMS.direction],
    ['perPage', String(params.perPage), String(DEFAULT_PARAMS.perPage)],
    ['page', String(params.page), '1'],
  ];
  for (const [name, value, fallback] of entries) if (value !== fallback) out.set(name, value);
  return out;
}

/** True when the list is narrowed (sorting and page size do not hide courses). */
export function hasActiveFilters(params: CourseListParams): boolean {
  return params.search !== '' || params.language !== '' || params.approve_status !== '' || params.completion_status !== '';
}

/** The server's list body: an empty string means "any", as the contract allows. */
export function listBody(params: CourseListParams) {
  return {
    search: params.search,
    language: params.language,
    approve_status: params.approve_status,
    completion_status: params.completion_status,
    sortConfig: { key: params.sort, direction: params.direction },
    perPage: params.perPage,
  };
}

/** What another screen (the admin's review) leaves for the list to say, passed as navigation state. */
export interface CourseListNotice {
  notice: string;
}
