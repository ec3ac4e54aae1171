import { Button, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { useAccountName } from '../../accounts/public';
import { formatMoney, formatNumber } from '../../../lib/format';
import { DashboardRecent } from '../components/dashboard-recent';
import { DashboardStat } from '../components/dashboard-stat';
import { UncheckedAlert } from '../../quiz/public';
import { MonthlyCharts } from '../../dashboard/public';
import { authoringQueries } from '../api';
import '../authoring-lists.css';

/** The instructor's landing page: courses by status, enrolments, revenue, rating and the courses changed last. */
export default function InstructorDashboardPage() {
  const { t, i18n } = useTranslation();
  const name = useAccountName('instructor');
  const dashboard = useQuery(authoringQueries.dashboard());
  const recent = useQuery(authoringQueries.recent());
  usePageTitle(t('shell.nav.dashboard'));
  const data = dashboard.data;
  const lang = i18n.language;
  const number = (value: number) => formatNumber(value, lang);

  return (
    <Stack gap="lg" maw={1040}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} className="shell-page__title" data-testid="dashboard-title">
          {name.data ? t('dashboard.welcome', { name: name.data }) : t('dashboard.welcomeAnonymous')}
        </Title>
        {data && data.courses.total > 0 ? (
          <Button component={Link} to={paths.newCourse('instructor')}>
            {t('authoring.list.new')}
          </Button>
        ) : null}
      </Group>
      <UncheckedAlert role="instructor" />
      {dashboard.isPending ? <LoadingDots /> : null}
      {dashboard.isError ? (
        <EmptyState title={t('authoring.dashboard.error.title')} description={t('authoring.dashboard.error.text')}>
          <Button variant="default" onClick={() => void dashboard.refetch()}>
            {t('authoring.list.retry')}
          </Button>
        </EmptyState>
      ) : null}
      {data && data.courses.total === 0 ? (
        <EmptyState title={t('authoring.dashboard.empty.title')} description={t('authoring.dashboard.empty.text')}>
          <Button component={Link} to={paths.newCourse('instructor')} data-testid="dashboard-create-first">
            {t('authoring.list.createFirst')}
          </Button>
        </EmptyState>
      ) : null}
      {data && data.courses.total > 0 ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <DashboardStat
              title={t('authoring.dashboard.courses')}
              headingId="dashboard-courses"
              figures={[
                { label: t('authoring.dashboard.total'), value: number(data.courses.total), testId: 'dashboard-courses-total' },
                ...(['draft', 'pending', 'approved', 'rejected'] as const).map((status) => ({
                  label: t(`authoring.status.${status}`),
                  value: number(data.courses[status]),
                  testId: `dashboard-courses-${status}`,
                })),
              ]}
            />
            <DashboardStat
              title={t('authoring.dashboard.enrolments')}
              headingId="dashboard-enrolments"
              figures={[
                { label: t('authoring.dashboard.total'), value: number(data.enrollments.total), testId: 'dashboard-enrolments-total' },
                { label: t('authoring.dashboard.last30'), value: number(data.enrollments.last_30_days), testId: 'dashboard-enrolments-30' },
              ]}
            />
            <DashboardStat
              title={t('authoring.dashboard.revenue')}
              headingId="dashboard-revenue"
              figures={[
                { label: t('authoring.dashboard.total'), value: formatMoney(data.revenue.total_minor, data.revenue.currency, lang), testId: 'dashboard-revenue-total' },
                { label: t('authoring.dashboard.last30'), value: formatMoney(data.revenue.last_30_days_minor, data.revenue.currency, lang), testId: 'dashboard-revenue-30' },
                { label: t('authoring.dashboard.paidOrders'), value: number(data.revenue.paid_orders), testId: 'dashboard-paid-orders' },
              ]}
            />
            <DashboardStat
              title={t('authoring.dashboard.rating')}
              headingId="dashboard-rating"
              figures={[
                { label: t('authoring.dashboard.average'), value: data.rating.count > 0 ? formatNumber(data.rating.average, lang, 1) : '–', testId: 'dashboard-rating-average' },
                { label: t('authoring.dashboard.ratings'), value: number(data.rating.count), testId: 'dashboard-rating-count' },
              ]}
            />
          </SimpleGrid>
          <MonthlyCharts monthly={data.monthly} currency={data.revenue.currency} idPrefix="instructor" />
          <section aria-labelledby="dashboard-recent">
            <Group justify="space-between" align="center" mb="sm" gap="sm">
              <Title order={2} size="h3" id="dashboard-recent">
                {t('authoring.dashboard.recent')}
              </Title>
              <Button variant="subtle" component={Link} to={paths.courses('instructor')}>
                {t('authoring.dashboard.allCourses')}
              </Button>
            </Group>
            {recent.isPending ? <LoadingDots /> : null}
            {recent.isError ? (
              <Button variant="default" onClick={() => void recent.refetch()}>
                {t('authoring.list.retry')}
              </Button>
            ) : null}
            {recent.data ? <DashboardRecent courses={recent.data} /> : null}
          </section>
        </>
      ) : null}
    </Stack>
  );
}
