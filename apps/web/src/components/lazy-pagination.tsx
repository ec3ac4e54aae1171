import { lazy, Suspense } from 'react';
import type { PaginationProps } from '@mantine/core';

const Pagination = lazy(() => import('./pagination-control'));

/**
 * Mantine's Pagination, fetched when a list first has more than one page: the public pages (category, search, a
 * course's reviews) show one page on most first visits, and their first visit no longer carries the pager's script and
 * styles (issue 26 point 9, docs/decisions/019). The control's height is kept while it loads, so nothing under it moves.
 */
export function LazyPagination(props: PaginationProps) {
  return (
    <Suspense fallback={<div style={{ minBlockSize: 'var(--pagination-control-size-md, 2rem)' }} />}>
      <Pagination {...props} />
    </Suspense>
  );
}
