import { Alert, Button, Group, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ExportMenu } from '../../../components/export-menu';
import { ListToolbar } from '../../../components/list-toolbar';
import { LoadingDots } from '../../../components/loading-dots';
import { ListPager } from '../../../components/pager';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError, failureText } from '../../../lib/http';
import { formatDay } from '../../../lib/format';
import { categoryQueries } from '../../categories/public';
import { exportReport, reportsQueries } from '../api';
import { ReportCharts } from '../components/report-charts';
import { ReportTotals } from '../components/report-figures';
import { CategoryReportTable, CourseReportTable } from '../components/report-table';
import { REPORT_PRESETS, nextReportParams, periodQuery, readReportParams, writeReportParams, type ReportParams, type ReportPreset } from '../report-params';
import '../reports.css';

/** A course's drop-off, in this screen's file (app/role-routes.tsx loads both at once). */
export { default as DropoffPage } from './dropoff-page';

const PER_PAGE = 25;
/** The completion-rate chart's courses: the page's first ones with enrolments in the period. */
const CHART_COURSES = 8;

/**
 * The admins' reports (docs/reports.md): a period (a preset or days of one's own), a category and a course search,
 * the period's totals and charts, then a table per course or per category, sortable and exported; each course leads
 * to its drop-off. Everything the screen shows is in the address.
 */
export default function ReportsPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const params = readReportParams(new URLSearchParams(location.search));
  const go = (change: Partial<ReportParams>) => {
    const search = writeReportParams(nextReportParams(params, change)).toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' });
  };
  const period = periodQuery(params);
  const courseQuery = { ...period, categoryId: params.category ? Number(params.category) : undefined, search: params.search || undefined, sort: params.sort, order: params.order, page: params.page, perPage: PER_PAGE };
  const courses = useQuery({ ...reportsQueries.courses(courseQuery), enabled: params.tab === 'courses', placeholderData: keepPreviousData });
  const categories = useQuery({ ...reportsQueries.categories({ ...period, sort: params.sort, order: params.order }), enabled: params.tab === 'categories', placeholderData: keepPreviousData });
  const names = useQuery(categoryQueries.names());
  const active = params.tab === 'courses' ? courses : categories;
  const data = active.data;
  const [from, setFrom] = useState(params.from);
  const [to, setTo] = useState(params.to);
  const [draft, setDraft] = useState(params.search);
  useEffect(() => {
    setFrom(params.from);
    setTo(params.to);
  }, [params.from, params.to]);
  useEffect(() => setDraft(params.search), [params.search]);
  usePageTitle(t('reports.title'));

  const lang = i18n.language;
  const fieldErrors = active.error instanceof ApiError && active.error.status === 400 ? active.error.fieldErrors : {};
  const sorting = { sort: params.sort, order: params.order, onSort: (sort: ReportParams['sort']) => go({ sort, order: params.sort === sort && params.order === 'desc' ? 'asc' : 'desc' }) };
  const empty = data ? data.totals.enrollments + data.totals.active_learners + data.totals.completions + data.totals.grades === 0 : false;
  const rates =
    courses.data?.courses.items
      .filter((r) => r.completion_rate !== null)
      .slice(0, CHART_COURSES)
      .map((r) => ({ name: r.course.title, rate: r.completion_rate! })) ?? [];

  return (
    <Stack gap="lg" data-testid="reports-page">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 16rem', minInlineSize: 0 }}>
          <Title order={1} className="shell-page__title" style={{ marginBlockEnd: 0 }}>
            {t('reports.title')}
          </Title>
          {data ? (
            <Text c="dimmed" data-testid="reports-period">
              {t('reports.periodOf', { from: formatDay(data.period.from, lang), to: formatDay(data.period.to, lang) })}
            </Text>
          ) : null}
        </Stack>
        <ExportMenu
          name={`nibras-report-${params.tab}`}
          load={(format) => exportReport(params.tab, format, { ...courseQuery, categoryId: courseQuery.categoryId })}
          testId="reports-export"
        />
      </Group>

      <ListToolbar
        texts="reports.toolbar"
        draft={draft}
        onDraftChange={setDraft}
        onSearch={(text) => go({ search: text })}
        maxLength={200}
        searchTestId="reports-search"
        below={
          <Group gap="sm" align="flex-end" className="reports-filters">
            <Select
              label={t('reports.toolbar.period')}
              value={params.preset}
              onChange={(value) => go({ preset: (value ?? '30') as ReportPreset, from: '', to: '' })}
              data={REPORT_PRESETS.map((value) => ({ value, label: t(`reports.preset.${value}`) }))}
              allowDeselect={false}
              className="reports-filters__field"
              data-testid="reports-preset"
            />
            {params.preset === 'custom' ? (
              // Not a form of its own: the toolbar around it is one (the search's), and forms do not nest.
              <div className="reports-custom" role="group" aria-label={t('reports.toolbar.custom')}>
                <TextInput type="date" label={t('reports.toolbar.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} error={fieldErrors.from} className="reports-filters__field" data-testid="reports-from" />
                <TextInput type="date" label={t('reports.toolbar.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} error={fieldErrors.to} className="reports-filters__field" data-testid="reports-to" />
                <Button type="button" variant="default" onClick={() => go({ from, to })} data-testid="reports-apply">
                  {t('reports.toolbar.apply')}
                </Button>
              </div>
            ) : null}
            {params.tab === 'courses' ? (
              <Select
                label={t('reports.toolbar.category')}
                value={params.category}
                onChange={(value) => go({ category: value ?? '' })}
                data={[{ value: '', label: t('reports.allCategories') }, ...(names.data ?? []).map((c) => ({ value: String(c.id), label: lang === 'ar' ? c.name_ar : c.name_en }))]}
                allowDeselect={false}
                searchable
                className="reports-filters__field"
                data-testid="reports-category"
              />
            ) : null}
          </Group>
        }
      />

      {active.isError && !(active.error instanceof ApiError && active.error.status === 400) ? (
        <Alert color="red" role="alert" title={t('reports.error.title')} data-testid="reports-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{failureText(active.error, t('reports.error.text'))}</Text>
            <Button variant="default" size="xs" onClick={() => void active.refetch()}>
              {t('reports.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {active.isError && active.error instanceof ApiError && active.error.status === 400 ? (
        <Alert color="red" role="alert" data-testid="reports-bad-period">
          {Object.values(active.error.fieldErrors)[0] ?? failureText(active.error, t('reports.error.text'))}
        </Alert>
      ) : null}
      {!data && active.isPending ? <LoadingDots /> : null}

      {data ? (
        <>
          <ReportTotals totals={data.totals} stalledDays={data.period.stalled_days} />
          <ReportCharts series={data.series} step={data.period.step} rates={params.tab === 'courses' ? rates : []} />
        </>
      ) : null}

      <Tabs value={params.tab} onChange={(value) => go({ tab: value === 'categories' ? 'categories' : 'courses', sort: params.sort, page: 1 })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="courses" data-testid="reports-tab-courses">
            {t('reports.tab.courses')}
          </Tabs.Tab>
          <Tabs.Tab value="categories" data-testid="reports-tab-categories">
            {t('reports.tab.categories')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="courses" pt="md">
          {courses.data ? (
            empty || courses.data.courses.items.length === 0 ? (
              <EmptyState title={t('reports.empty.title')} description={t('reports.empty.text')} />
            ) : (
              <Stack gap="sm">
                <Text size="sm" c="dimmed" aria-live="polite" data-testid="reports-total">
                  {t('reports.coursesTotal', { count: courses.data.courses.total })}
                </Text>
                <CourseReportTable rows={courses.data.courses.items} sorting={sorting} />
                <ListPager page={params.page} perPage={courses.data.courses.perPage} total={courses.data.courses.total} onChange={(page) => go({ page })} />
              </Stack>
            )
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="categories" pt="md">
          {categories.data ? (
            categories.data.categories.length === 0 ? (
              <EmptyState title={t('reports.empty.title')} description={t('reports.empty.text')} />
            ) : (
              <CategoryReportTable rows={categories.data.categories} sorting={sorting} />
            )
          ) : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
