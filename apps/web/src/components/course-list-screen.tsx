import { Button, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { CourseCard as CourseCardData } from '@nibras/contract';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { CourseCard, CourseGrid, CourseGridItem } from './course-card';
import { PagedList, type Paged } from './paged-list';
import { usePageTitle } from './use-page-title';

interface ListScreenProps<Data extends Paged<unknown>, Key extends QueryKey> {
  /** Prefix of the screen's translation keys: its title `<texts>.title`, and the empty and error texts of PagedList. */
  texts: string;
  /** The list's query options for a page. */
  query: (page: number) => UseQueryOptions<Data, Error, Data, Key>;
  maw?: number;
}

/**
 * A participant's own list of courses (my courses, wishlist, orders): its title, its pages (the last
 * one stays in sight while the next loads), and the way to the catalogue while it is empty.
 */
export function CourseListScreen<Data extends Paged<unknown>, Key extends QueryKey>({ texts, query, maw, children }: ListScreenProps<Data, Key> & { children: (items: Data['items'], title: string) => ReactNode }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...query(page), placeholderData: keepPreviousData });
  const title = t(`${texts}.title`);
  usePageTitle(title);
  return (
    <Stack gap="lg" maw={maw}>
      <Title order={1} className="shell-page__title">
        {title}
      </Title>
      <PagedList
        list={list}
        texts={texts}
        page={page}
        onPage={setPage}
        emptyAction={
          <Button component={Link} to={paths.home}>
            {t('pdash.browse')}
          </Button>
        }
      >
        {(items) => children(items, title)}
      </PagedList>
    </Stack>
  );
}

/** The same screen showing course cards, with what the screen adds to each card: a corner and a footer. */
export function CourseCardListScreen<Data extends Paged<CourseCardData>, Key extends QueryKey>({ corner, footer, ...screen }: ListScreenProps<Data, Key> & {
  corner: (course: Data['items'][number]) => ReactNode;
  footer: (course: Data['items'][number]) => ReactNode;
}) {
  return (
    <CourseListScreen {...screen}>
      {(courses, title) => (
        <CourseGrid label={title}>
          {courses.map((course) => (
            <CourseGridItem key={course.id}>
              <CourseCard course={course} corner={corner(course)} footer={footer(course)} />
            </CourseGridItem>
          ))}
        </CourseGrid>
      )}
    </CourseListScreen>
  );
}
