import { describe, expect, it } from 'vitest';
import { DEFAULT_GRADEBOOK_PARAMS, GRADEBOOK_PER_PAGE, courseIdOf, gradebookQueryOf, isNarrowed, nextGradebookParams, readGradebookParams, writeGradebookParams } from './gradebook-params';
import { itemColumns, rowFlags } from './gradebook-view';
import type { GradebookItemView, GradebookRowView } from './api';

const read = (search: string) => readGradebookParams(new URLSearchParams(search));

describe('the gradebook address', () => {
  it('reads search, filter, sort, order and page, and writes them back the same', () => {
    const params = read('?q=%D8%A7%D9%8A%D9%85%D8%A7%D9%86&filter=failed&sort=grade&order=desc&page=3');
    expect(params).toEqual({ search: 'ايمان', filter: 'failed', sort: 'grade', order: 'desc', page: 3 });
    expect(Object.fromEntries(writeGradebookParams(params))).toEqual({ q: 'ايمان', filter: 'failed', sort: 'grade', order: 'desc', page: '3' });
    expect(read(`?${writeGradebookParams(params)}`)).toEqual(params);
  });

  it('leaves the defaults out of the address, so the bare address is the first page by name', () => {
    expect(read('')).toEqual(DEFAULT_GRADEBOOK_PARAMS);
    expect(writeGradebookParams(DEFAULT_GRADEBOOK_PARAMS).toString()).toBe('');
  });

  it('falls back to the default for anything an edited address holds that the API would refuse', () => {
    expect(read('?filter=everyone&sort=height&order=sideways&page=0')).toEqual(DEFAULT_GRADEBOOK_PARAMS);
    for (const page of ['-1', '1.5', 'two', '99999999999']) expect(read(`?page=${page}`).page).toBe(1);
    expect(read(`?q=${'x'.repeat(300)}`).search).toHaveLength(200);
    expect(read('?q=%20%20lina%20').search).toBe('lina');
  });

  it('starts again at the first page when the search, filter or sort changes, and keeps the rest', () => {
    const onPage3 = read('?filter=behind&sort=progress&page=3');
    expect(nextGradebookParams(onPage3, { search: 'سارة' })).toEqual({ ...onPage3, search: 'سارة', page: 1 });
    expect(nextGradebookParams(onPage3, { filter: '' })).toEqual({ ...onPage3, filter: '', page: 1 });
    expect(nextGradebookParams(onPage3, { page: 4 })).toEqual({ ...onPage3, page: 4 });
  });

  it('asks the API for the page without the empty search and filter', () => {
    expect(gradebookQueryOf(DEFAULT_GRADEBOOK_PARAMS)).toEqual({ sort: 'name', order: 'asc', page: 1, perPage: GRADEBOOK_PER_PAGE });
    expect(gradebookQueryOf(read('?q=lina&filter=completed&page=2'))).toEqual({ search: 'lina', filter: 'completed', sort: 'name', order: 'asc', page: 2, perPage: GRADEBOOK_PER_PAGE });
  });

  it('calls the list narrowed by a search or a filter only', () => {
    expect(isNarrowed(read('?sort=grade&order=desc&page=2'))).toBe(false);
    expect(isNarrowed(read('?q=a'))).toBe(true);
    expect(isNarrowed(read('?filter=not_started'))).toBe(true);
  });

  it('reads a course id from the path, and 0 for anything that is not one', () => {
    expect(courseIdOf('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-3', '1.5', 'abc', '2147483648']) expect(courseIdOf(bad)).toBe(0);
  });
});

describe('the gradebook table', () => {
  const item = (kind: GradebookItemView['kind'], id: number): GradebookItemView => ({ kind, id, title: `${kind} ${id}`, weight: 1, pass_mark: kind === 'lectures' ? null : 60 });

  it('has a column per assessment and assignment, each with its place in the cells; the lectures are the progress column', () => {
    const items = [item('lectures', 0), item('assessment', 7), item('assessment', 9), item('assignment', 3)];
    expect(itemColumns(items).map(({ item: { kind, id }, index }) => [kind, id, index])).toEqual([
      ['assessment', 7, 1],
      ['assessment', 9, 2],
      ['assignment', 3, 3],
    ]);
  });

  it("says every flag of a learner's standing that holds", () => {
    const row = { completed: false, at_risk: false, failed_items: 0 } as GradebookRowView;
    expect(rowFlags(row)).toEqual([]);
    expect(rowFlags({ ...row, completed: true, failed_items: 2 })).toEqual(['completed', 'failedItems']);
    expect(rowFlags({ ...row, at_risk: true })).toEqual(['atRisk']);
  });
});
