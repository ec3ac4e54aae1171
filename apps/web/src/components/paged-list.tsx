import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import { LoadingDots } from './loading-dots';
import { ListPager } from './pager';

export interface Paged<Item> {
  items: Item[];
  perPage: number;
  total: number;
}

/**
 * A paged list's four states in one place: loading, failed, empty (with a way on), and the items
 * followed by their pager. A list keeps showing its last page while the next one loads.
 */
export function PagedList<Item>({ list, texts, emptyAction, page, onPage, children }: {
  list: UseQueryResult<Paged<Item>>;
  /** Prefix of the translation keys `<texts>.error.title`, `.error.text`, `.empty.title`, `.empty.text`. */
  texts: string;
  /** Shown with the empty state: where to go when there is nothing here yet. */
  emptyAction?: ReactNode;
  page: number;
  onPage: (page: number) => void;
  children: (items: Item[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (list.isPending) return <LoadingDots />;
  if (list.isError) return <EmptyState title={t(`${texts}.error.title`)} description={t(`${texts}.error.text`)} />;
  if (list.data.items.length === 0) {
    return (
      <EmptyState title={t(`${texts}.empty.title`)} description={t(`${texts}.empty.text`)}>
        {emptyAction}
      </EmptyState>
    );
  }
  return (
    <>
      {children(list.data.items)}
      <ListPager page={page} perPage={list.data.perPage} total={list.data.total} onChange={onPage} />
    </>
  );
}
