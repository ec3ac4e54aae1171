import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { AuthoringCourseItem } from '@nibras/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { authoringQueries, callAuthoring, invalidateCourseScreens, type AuthoringRole } from '../api';
import { failureText } from '../../../lib/http';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { ListPager } from '../../../components/pager';
import { ListCourseCard } from '../components/list-course-card';
import { ListDeleteModal } from '../components/list-delete-modal';
import { ListFilters } from '../components/list-filters';
import { DEFAULT_PARAMS, hasActiveFilters, listBody, readListParams, writeListParams, type CourseListNotice, type CourseListParams } from '../components/list-params';
import '../authoring-lists.css';

/** The courses an instructor builds, or every course for an admin, with filters kept in the address bar. */
export default function CourseListPage({ role }: { role: AuthoringRole }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams);
  const [toDelete, setToDelete] = useState<AuthoringCourseItem | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(() => {
    const state = location.state as Partial<CourseListNotice> | null;
    return typeof state?.notice === 'string' ? { ok: true, text: state.notice } : null;
  });
  usePageTitle(t('authoring.list.title'));

  // The notice was shown once; a reload must not repeat it.
  useEffect(() => {
    if ((location.state as Partial<CourseListNotice> | null)?.notice !== undefined) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }
  }, [location, navigate]);

  const list = useQuery({
    ...authoringQueries.list(role, params.page, listBody(params)),
    placeholderData: keepPreviousData,
  });

  // Any other change than the page itself starts again at page 1.
  const update = (next: Partial<CourseListParams>) => setSearchParams(writeListParams({ ...params, ...next, page: next.page ?? 1 }));

  const remove = useMutation({
    mutationFn: (course: AuthoringCourseItem) => callAuthoring(role, 'deleteCourse', { params: { id: course.id } }),
    onSuccess: (response) => setResult({ ok: true, text: response.message }),
    onError: (error) => setResult({ ok: false, text: failureText(error, t('authoring.list.deleteFailed')) }),
    onSettled: async () => {
      setToDelete(null);
      await invalidateCourseScreens(queryClient);
    },
  });

  // Deleting the only course of the last page leaves that page empty: step back to one that has courses.
  const data = list.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.perPage))) : 1;
  const pageTooFar = !!data && !list.isPlaceholderData && data.items.length === 0 && params.page > lastPage;
  useEffect(() => {
    if (pageTooFar) setSearchParams(writeListParams({ ...params, page: lastPage }), { replace: true });
  }, [pageTooFar, lastPage, params, setSearchParams]);

  const filtered = hasActiveFilters(params);
  const clearFilters = () => setSearchParams(writeListParams({ ...DEFAULT_PARAMS, sort: params.sort, direction: params.direction, perPage: params.perPage }));

  return (
    <Stack gap="lg" maw={1040}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} className="shell-page__title">
          {t('authoring.list.title')}
        </Title>
        <Button component={Link} to={paths.newCourse(role)} data-testid="course-new">
          {t('authoring.list.new')}
        </Button>
      </Group>
      <ListFilters params={params} onChange={update} />
      {result ? (
        <Alert
          color={result.ok ? 'green' : 'red'}
          aria-live="polite"
          data-testid="course-list-result"
          withCloseButton
          closeButtonLabel={t('authoring.list.dismiss')}
          onClose={() => setResult(null)}
        >
          {result.text}
        </Alert>
      ) : null}
      {list.isPending ? <LoadingDots /> : null}
      {list.isError ? (
        <EmptyState title={t('authoring.list.error.title')} description={failureText(list.error, t('authoring.list.error.text'))}>
          <Button variant="default" onClick={() => void list.refetch()}>
            {t('authoring.list.retry')}
          </Button>
        </EmptyState>
      ) : null}
      {data && data.items.length === 0 && !pageTooFar ? (
        filtered ? (
          <EmptyState title={t('authoring.list.noMatch.title')} description={t('authoring.list.noMatch.text')}>
            <Button variant="default" onClick={clearFilters} data-testid="course-list-clear">
              {t('authoring.list.clearFilters')}
            </Button>
          </EmptyState>
        ) : (
          <EmptyState title={t(`authoring.list.empty.${role}.title`)} description={t(`authoring.list.empty.${role}.text`)}>
            <Button component={Link} to={paths.newCourse(role)}>
              {t('authoring.list.createFirst')}
            </Button>
          </EmptyState>
        )
      ) : null}
      {data && data.items.length > 0 ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="course-list-total">
            {t('authoring.list.total', { count: data.total })}
          </Text>
          <ul className="plain-list authoring-list" aria-label={t('authoring.list.title')} aria-busy={list.isFetching}>
            {data.items.map((course) => (
              <li key={course.id}>
                <ListCourseCard role={role} course={course} onDelete={setToDelete} />
              </li>
            ))}
          </ul>
          <ListPager page={params.page} perPage={data.perPage} total={data.total} onChange={(page) => update({ page })} />
        </>
      ) : null}
      <ListDeleteModal title={toDelete?.title ?? null} deleting={remove.isPending} onCancel={() => setToDelete(null)} onConfirm={() => toDelete && remove.mutate(toDelete)} />
    </Stack>
  );
}
