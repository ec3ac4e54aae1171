import { Alert, Anchor, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GRADEBOOK_FILTERS, GRADEBOOK_SORTS } from '@nibras/contract';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { ListToolbar } from '../../../components/list-toolbar';
import { LoadingDots } from '../../../components/loading-dots';
import { ListPager } from '../../../components/pager';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError, failureText } from '../../../lib/http';
import { exportGradebook, gradebookQueries, type GradebookRole } from '../api';
import { courseIdOf, gradebookQueryOf, isNarrowed, nextGradebookParams, readGradebookParams, writeGradebookParams, type GradebookParams } from '../gradebook-params';
import { GradebookSettings } from '../components/gradebook-settings';
import { ExportMenu } from '../../../components/export-menu';
import { GradebookSummary } from '../components/gradebook-summary';
import { GradebookTable } from '../components/gradebook-table';
import '../gradebook.css';

/** How long the search waits after the last key before it asks (Enter and the button ask at once). */
const SEARCH_DELAY_MS = 400;

/**
 * A course's gradebook (docs/gradebook.md) for its instructor or an admin: the summary, a toolbar whose search,
 * filter, sort and page live in the address, and a row per learner by the course's items, with the settings of the
 * pass mark and the items' weights in a dialog.
 */
export default function GradebookPage({ role }: { role: GradebookRole }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const courseId = courseIdOf(useParams().courseId);
  const params = readGradebookParams(new URLSearchParams(location.search));
  const book = useQuery({ ...gradebookQueries.read(role, courseId, gradebookQueryOf(params)), enabled: courseId > 0, placeholderData: keepPreviousData });
  const [draft, setDraft] = useState(params.search);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  const go = (change: Partial<GradebookParams>, replace = false) => {
    const search = writeGradebookParams(nextGradebookParams(params, change)).toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace });
  };
  // Typing searches after a pause, replacing the address rather than adding a history entry per pause.
  const searchSoon = useDebouncedCallback((text: string) => {
    if (text.trim() !== params.search) go({ search: text.trim() }, true);
  }, SEARCH_DELAY_MS);
  // Back and forward bring another search: the box follows the address (not while it only differs by spaces).
  useEffect(() => {
    setDraft((current) => (current.trim() === params.search ? current : params.search));
  }, [params.search]);

  const data = book.data;
  const title = t('gradebook.title');
  usePageTitle(data ? `${title} · ${data.course.title}` : title);

  const refused = courseId === 0 || (book.error instanceof ApiError && [400, 403, 404].includes(book.error.status));
  if (refused || (book.isError && !data)) {
    return (
      <Stack gap="lg" maw={960} data-testid="gradebook-error">
        <EmptyState
          title={t(refused ? 'gradebook.notFound.title' : 'gradebook.error.title')}
          description={courseId === 0 ? t('gradebook.notFound.text') : failureText(book.error, t('gradebook.error.text'))}
          headingLevel={1}
        >
          {refused ? (
            <Button component={Link} to={paths.courses(role)}>
              {t('gradebook.backToCourses')}
            </Button>
          ) : (
            <Button variant="default" onClick={() => void book.refetch()}>
              {t('gradebook.retry')}
            </Button>
          )}
        </EmptyState>
      </Stack>
    );
  }

  const narrowed = isNarrowed(params);
  const noLearners = data?.summary.learners === 0;
  return (
    <Stack gap="lg" data-testid="gradebook-page">
      <Stack gap={4}>
        <Anchor component={Link} to={paths.courseView(role, courseId)} size="sm" data-testid="gradebook-back">
          {t('gradebook.backToCourse')}
        </Anchor>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 16rem', minInlineSize: 0 }}>
            <Title order={1} className="shell-page__title" style={{ marginBlockEnd: 0 }}>
              {title}
            </Title>
            {data ? (
              <Text c="dimmed" className="break-anywhere" data-testid="gradebook-course">
                <bdi>{data.course.title}</bdi>
              </Text>
            ) : null}
          </Stack>
          {data ? (
            <Group gap="sm">
              <ExportMenu
                name={`nibras-gradebook-${courseId}`}
                load={(format) => exportGradebook(role, courseId, format, { search: params.search, filter: gradebookQueryOf(params).filter })}
                testId="gradebook-export"
              />
              <Button variant="default" onClick={() => setSettingsOpen(true)} data-testid="gradebook-settings-open">
                {t('gradebook.settings.open')}
              </Button>
            </Group>
          ) : null}
        </Group>
      </Stack>
      {saved ? (
        <Alert color="green" role="status" withCloseButton closeButtonLabel={t('gradebook.settings.dismiss')} onClose={() => setSaved(null)} data-testid="gradebook-settings-saved">
          {saved}
        </Alert>
      ) : null}
      {!data ? <LoadingDots /> : null}
      {data ? (
        <>
          <GradebookSummary book={data} />
          {noLearners ? (
            <EmptyState title={t('gradebook.empty.title')} description={t('gradebook.empty.text')} />
          ) : (
            <>
              <ListToolbar
                texts="gradebook.toolbar"
                draft={draft}
                onDraftChange={(text) => {
                  setDraft(text);
                  searchSoon(text);
                }}
                onSearch={(text) => {
                  searchSoon.cancel();
                  go({ search: text });
                }}
                maxLength={200}
                searchTestId="gradebook-search"
                below={
                  <Group gap="sm" align="flex-end">
                    <Select
                      label={t('gradebook.toolbar.filter')}
                      value={params.filter}
                      onChange={(value) => go({ filter: (value ?? '') as GradebookParams['filter'] })}
                      data={[{ value: '', label: t('gradebook.filter.all') }, ...GRADEBOOK_FILTERS.map((value) => ({ value, label: t(`gradebook.filter.${value}`) }))]}
                      allowDeselect={false}
                      w={200}
                      data-testid="gradebook-filter"
                    />
                    <Select
                      label={t('gradebook.toolbar.sort')}
                      value={params.sort}
                      onChange={(value) => go({ sort: (value ?? 'name') as GradebookParams['sort'] })}
                      data={GRADEBOOK_SORTS.map((value) => ({ value, label: t(`gradebook.sort.${value}`) }))}
                      allowDeselect={false}
                      w={180}
                      data-testid="gradebook-sort"
                    />
                    <Select
                      label={t('gradebook.toolbar.order')}
                      value={params.order}
                      onChange={(value) => go({ order: value === 'desc' ? 'desc' : 'asc' })}
                      data={[
                        { value: 'asc', label: t('gradebook.order.asc') },
                        { value: 'desc', label: t('gradebook.order.desc') },
                      ]}
                      allowDeselect={false}
                      w={160}
                      data-testid="gradebook-order"
                    />
                  </Group>
                }
              />
              {data.learners.items.length === 0 ? (
                <EmptyState title={t('gradebook.noMatch.title')} description={t('gradebook.noMatch.text')}>
                  {narrowed ? (
                    <Button
                      variant="default"
                      onClick={() => {
                        setDraft('');
                        go({ search: '', filter: '' });
                      }}
                      data-testid="gradebook-clear"
                    >
                      {t('gradebook.clear')}
                    </Button>
                  ) : null}
                </EmptyState>
              ) : (
                <>
                  <Text size="sm" c="dimmed" aria-live="polite" data-testid="gradebook-total">
                    {t('gradebook.total', { count: data.learners.total })}
                  </Text>
                  <GradebookTable role={role} courseId={courseId} courseTitle={data.course.title} items={data.items} rows={data.learners.items} />
                  <ListPager page={params.page} perPage={data.learners.perPage} total={data.learners.total} onChange={(page) => go({ page })} />
                </>
              )}
            </>
          )}
          <GradebookSettings
            opened={settingsOpen}
            role={role}
            courseId={courseId}
            passMark={data.pass_mark}
            items={data.items}
            onClose={() => setSettingsOpen(false)}
            onSaved={(message) => {
              setSettingsOpen(false);
              setSaved(message);
            }}
          />
        </>
      ) : null}
    </Stack>
  );
}
