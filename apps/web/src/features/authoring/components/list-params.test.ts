import { courseListBody } from '@nibras/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, hasActiveFilters, listBody, readListParams, writeListParams } from './list-params';

describe('course list parameters in the address bar', () => {
  it('round-trips every filter, the sorting, the page size and the page', () => {
    const params = { search: 'خط النسخ', language: 'ar', approve_status: 'rejected', completion_status: 'complete', sort: 'title', direction: 'asc', perPage: 20, page: 3 } as const;
    const written = writeListParams(params);
    expect(written.toString()).toBe('q=%D8%AE%D8%B7+%D8%A7%D9%84%D9%86%D8%B3%D8%AE&language=ar&status=rejected&completion=complete&sort=title&dir=asc&perPage=20&page=3');
    expect(readListParams(new URLSearchParams(written.toString()))).toEqual(params);
  });

  it('leaves the defaults out of the address', () => {
    expect(writeListParams(DEFAULT_PARAMS).toString()).toBe('');
    expect(readListParams(new URLSearchParams())).toEqual(DEFAULT_PARAMS);
  });

  it('falls back to the defaults for values a hand-edited address may hold', () => {
    const read = readListParams(new URLSearchParams('status=archived&language=fr&sort=password&dir=sideways&perPage=7&page=-2'));
    expect(read).toEqual(DEFAULT_PARAMS);
  });

  it('counts search, status, completion and language as filters, but not sorting or page size', () => {
    expect(hasActiveFilters({ ...DEFAULT_PARAMS, sort: 'price', perPage: 50, page: 2 })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_PARAMS, search: 'x' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_PARAMS, completion_status: 'incomplete' })).toBe(true);
  });

  it('sends "any" as the empty string the list API accepts, with the sort config', () => {
    expect(listBody(DEFAULT_PARAMS)).toEqual({ search: '', language: '', approve_status: '', completion_status: '', sortConfig: { key: 'updated_at', direction: 'desc' }, perPage: 10 });
    expect(courseListBody.safeParse(listBody({ ...DEFAULT_PARAMS, search: 'x', language: 'en', sort: 'enrollment_count', direction: 'asc' })).success).toBe(true);
  });
});
