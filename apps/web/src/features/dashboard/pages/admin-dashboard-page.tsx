import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { useAccountName } from '../../accounts/public';
import { MonthlyCharts } from '../components/monthly-charts';
import { dashboardQueries, WAITING_SHOWN } from '../api';
import '../dashboard.css';

// What waits must never be an old answer: these are asked again each time the page opens.
const fresh = { staleTime: 0, refetchOnMount: 'always' as const };

function Figure({ label, value, testId, rows = [], wide = rows.length > 0 }: { label: string; value: string; testId: string; rows?: { label: string; value: string; testId: string }[]; wide?: boolean }) {
  return (
    <Paper withBorder radius="lg" p="md" className={wide ? 'dashboard-figure--wide' : undefined}>
      <Text size="sm" c="dimmed" fw={600} className="dashboard-figure__label">
        {label}
      </Text>
      <p className="dashboard-figure__value" data-testid={testId}>
        {value}
      </p>
      {rows.length ? (
        <dl className="dashboard-figure__rows">
          {rows.map((row) => (
            <div key={row.testId}>
              <Text component="dt" size="sm" c="dimmed">
                {row.label}
              </Text>
              <Text component="dd" size="sm" fw={600} data-testid={row.testId}>
                {row.value}
              </Text>
            </div>
          ))}
        </dl>
      ) : null}
    </Paper>
  );
}

function WaitingList({ title, headingId, total, more, testId, children }: { title: string; headingId: string; total: number; more: ReactNode; testId: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        <Text size="sm" fw={700} data-testid={`${testId}-total`}>
          {formatNumber(total, i18n.language)}
        </Text>
      </Group>
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.waiting.none')}
        </Text>
      ) : (
        <>
          <ul className="plain-list">{children}</ul>
          {total > WAITING_SHOWN ? more : null}
        </>
      )}
    </Paper>
  );
}

/** The admin's landing page: the platform in figures, what waits for a decision, and 12 months of enrolments and revenue. */
export default function AdminDashboardPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const name = useAccountName('admin');
  const figures = useQuery({ ...dashboardQueries.figures(), ...fresh });
  const courses = useQuery({ ...dashboardQueries.latestCourses('pending'), ...fresh });
  const submissions = useQuery({ ...dashboardQueries.waitingSubmissions(), ...fresh });
  const participants = useQuery(dashboardQueries.recentParticipants());
  const instructors = useQuery(dashboardQueries.recentInstructors());
  usePageTitle(t('shell.nav.dashboard'));
  const number = (value: number) => formatNumber(value, lang);
  const data = figures.data;
  const waitingLoaded = courses.data && submissions.data;
  const nothingWaits = waitingLoaded && courses.data.total === 0 && submissions.data.total === 0;
  // One loading indicator for the page, however many of its parts are on their way.
  const loading = [figures, courses, submissions, participants, instructors].some((q) => q.isPending);

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} className="shell-page__title" data-testid="dashboard-title">
        {name.data ? t('dashboard.welcome', { name: name.data }) : t('dashboard.welcomeAnonymous')}
      </Title>
      {loading ? <LoadingDots /> : null}

      <section aria-labelledby="dashboard-waiting" data-testid="dashboard-waiting">
        <Title order={2} size="h3" id="dashboard-waiting" mb="sm">
          {t('dashboard.waiting.title')}
        </Title>
        {courses.isError || submissions.isError ? (
          <Alert color="red" data-testid="dashboard-waiting-error">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('dashboard.waiting.error')}</Text>
              <Button size="xs" variant="default" onClick={() => void Promise.all([courses.refetch(), submissions.refetch()])}>
                {t('dashboard.retry')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {nothingWaits ? (
          <Alert color="green" data-testid="dashboard-nothing-waits">
            {t('dashboard.waiting.nothing')}
          </Alert>
        ) : null}
        {waitingLoaded && !nothingWaits ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <WaitingList
              title={t('dashboard.waiting.courses')}
              headingId="dashboard-waiting-courses"
              total={courses.data.total}
              testId="waiting-courses"
              more={
                <Anchor component={Link} to={`${paths.courses('admin')}?status=pending`} size="sm">
                  {t('dashboard.waiting.allCourses', { count: courses.data.total, formatted: number(courses.data.total) })}
                </Anchor>
              }
            >
              {courses.data.items.slice(0, WAITING_SHOWN).map((course) => (
                <li key={course.id} className="dashboard-waiting__row" data-testid="waiting-course">
                  <Stack gap={0} style={{ minInlineSize: 0, flex: '1 1 12rem' }}>
                    <Anchor component={Link} to={paths.courseView('admin', course.id)} fw={700} className="break-anywhere">
                      <bdi>{course.title}</bdi>
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      <bdi>{course.instructor.name}</bdi>
                      {course.submitted_at ? ` · ${t('dashboard.waiting.submitted', { date: formatDate(course.submitted_at, lang) })}` : ''}
                    </Text>
                  </Stack>
                </li>
              ))}
            </WaitingList>
            <WaitingList
              title={t('dashboard.waiting.submissions')}
              headingId="dashboard-waiting-submissions"
              total={submissions.data.total}
              testId="waiting-submissions"
              more={
                <Anchor component={Link} to={`${paths.submissions('admin')}?status=pending`} size="sm">
                  {t('dashboard.waiting.allSubmissions', { count: submissions.data.total, formatted: number(submissions.data.total) })}
                </Anchor>
              }
            >
              {submissions.data.items.map((submission) => (
                <li key={submission.id} className="dashboard-waiting__row" data-testid="waiting-submission">
                  <Stack gap={0} style={{ minInlineSize: 0, flex: '1 1 12rem' }}>
                    <Anchor component={Link} to={paths.submission('admin', submission.course.id, submission.id)} fw={700} className="break-anywhere">
                      <bdi>{submission.assessment.title}</bdi>
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      <bdi>{submission.participant.name}</bdi> · <bdi>{submission.course.title}</bdi>
                    </Text>
                  </Stack>
                </li>
              ))}
            </WaitingList>
          </SimpleGrid>
        ) : null}
      </section>

      <section aria-labelledby="dashboard-figures">
        <Title order={2} size="h3" id="dashboard-figures" mb="sm">
          {t('dashboard.figures.title')}
        </Title>
        {figures.isError ? (
          <EmptyState title={t('dashboard.figures.error.title')} description={t('dashboard.figures.error.text')}>
            <Button variant="default" onClick={() => void figures.refetch()}>
              {t('dashboard.retry')}
            </Button>
          </EmptyState>
        ) : null}
        {data ? (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'xs', sm: 'md' }}>
              <Figure label={t('dashboard.figures.instructors')} value={number(data.instructors)} testId="figure-instructors" />
              <Figure label={t('dashboard.figures.participants')} value={number(data.participants)} testId="figure-participants" />
              <Figure label={t('dashboard.figures.enrollments')} value={number(data.enrollments)} testId="figure-enrollments" />
              <Figure label={t('dashboard.figures.submissionsWaiting')} value={number(data.submissions_waiting)} testId="figure-submissions-waiting" />
              <Figure label={t('dashboard.figures.revenue')} value={formatMoney(data.revenueMinor, data.currency, lang)} testId="figure-revenue" wide />
              <Figure
                label={t('dashboard.figures.courses')}
                value={number(data.courses.total)}
                testId="figure-courses"
                rows={(['draft', 'pending', 'approved', 'rejected'] as const).map((status) => ({
                  label: t(`dashboard.status.${status}`),
                  value: number(data.courses[status]),
                  testId: `figure-courses-${status}`,
                }))}
              />
            </SimpleGrid>
            <MonthlyCharts monthly={data.monthly} currency={data.currency} idPrefix="admin" />
          </Stack>
        ) : null}
      </section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {(
          [
            { key: 'participants', query: participants, title: t('dashboard.recent.participants') },
            { key: 'instructors', query: instructors, title: t('dashboard.recent.instructors') },
          ] as const
        ).map(({ key, query, title }) => (
          <Paper key={key} withBorder radius="lg" p="md" component="section" aria-labelledby={`dashboard-recent-${key}`} data-testid={`recent-${key}`}>
            <Title order={2} size="h5" id={`dashboard-recent-${key}`} mb="xs">
              {title}
            </Title>
            {query.isError ? (
              <Text size="sm" c="red.9">
                {t('dashboard.recent.error')}
              </Text>
            ) : null}
            {query.data && query.data.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('dashboard.recent.empty')}
              </Text>
            ) : null}
            {query.data && query.data.length > 0 ? (
              <ul className="plain-list">
                {query.data.map((person) => (
                  <li key={person.id} className="dashboard-waiting__row">
                    <Stack gap={0} style={{ minInlineSize: 0, flex: '1 1 10rem' }}>
                      <Text size="sm" fw={600} className="break-anywhere">
                        <bdi>{person.name}</bdi>
                      </Text>
                      <Text size="xs" c="dimmed" className="break-anywhere">
                        <bdi>{person.email}</bdi>
                      </Text>
                    </Stack>
                    <Text size="xs" c="dimmed">
                      {formatDate(person.created_at, lang)}
                    </Text>
                  </li>
                ))}
              </ul>
            ) : null}
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
