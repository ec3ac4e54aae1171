import { Anchor, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { useAccountName } from '../../accounts/public';
import { learningQueries } from '../api';
import '../learning.css';
import { formatLongDate } from '../../../lib/format';

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={32} fw={800} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The participant's landing page: counts, courses to continue, recent enrolments, certificates. */
export default function ParticipantDashboardPage() {
  const { t, i18n } = useTranslation();
  const name = useAccountName('participant');
  const dashboard = useQuery(learningQueries.dashboard());
  usePageTitle(t('shell.nav.dashboard'));
  const data = dashboard.data;
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} className="shell-page__title" data-testid="dashboard-title">
        {name.data ? t('dashboard.welcome', { name: name.data }) : t('dashboard.welcomeAnonymous')}
      </Title>
      {dashboard.isPending ? <LoadingDots /> : null}
      {dashboard.isError ? <EmptyState title={t('pdash.error.title')} description={t('pdash.error.text')} /> : null}
      {data ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Stat label={t('pdash.enrolled')} value={data.enrolledCount} testId="pdash-enrolled" />
            <Stat label={t('pdash.completed')} value={data.completedCount} testId="pdash-completed" />
          </SimpleGrid>

          <section aria-labelledby="pdash-progress">
            <Title order={2} size="h3" id="pdash-progress" mb="sm">
              {t('pdash.inProgress')}
            </Title>
            {data.inProgress.length === 0 ? (
              <EmptyState title={t('pdash.inProgress.empty.title')} description={t('pdash.inProgress.empty.text')} headingLevel={3}>
                <Button component={Link} to={paths.home}>
                  {t('pdash.browse')}
                </Button>
              </EmptyState>
            ) : (
              <Stack gap="sm">
                {data.inProgress.map((course) => (
                  <Paper key={course.id} withBorder radius="lg" p="md" data-testid="pdash-course">
                    <Group justify="space-between" align="center" gap="sm">
                      <Stack gap={6} style={{ flex: '1 1 14rem', minInlineSize: 0 }}>
                        <Text fw={700} dir="auto" className="break-anywhere">
                          {course.title}
                        </Text>
                        <Progress value={course.progress.percent} aria-label={t('pdash.progressOf', { title: course.title })} />
                        <Text size="sm" c="dimmed">
                          {t('pdash.progress', { percent: course.progress.percent, done: course.progress.completedLectures, count: course.progress.totalLectures })}
                        </Text>
                      </Stack>
                      <Button component={Link} to={paths.learn(course.id)} aria-label={t('pdash.continueCourse', { title: course.title })}>
                        {t('pdash.continue')}
                      </Button>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            )}
          </section>

          <section aria-labelledby="pdash-recent">
            <Title order={2} size="h3" id="pdash-recent" mb="sm">
              {t('pdash.recent')}
            </Title>
            {data.recent.length === 0 ? (
              <Text c="dimmed">{t('pdash.recent.empty')}</Text>
            ) : (
              <ul className="plain-list">
                {data.recent.map((course) => (
                  <li key={course.id}>
                    <Anchor component={Link} to={paths.learn(course.id)} dir="auto">
                      {course.title}
                    </Anchor>{' '}
                    <Text span size="sm" c="dimmed">
                      {t('pdash.enrolledOn', { date: formatLongDate(course.enrolledAt, i18n.language) })}
                    </Text>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="pdash-certificates">
            <Title order={2} size="h3" id="pdash-certificates" mb="sm">
              {t('pdash.certificates')}
            </Title>
            {data.certificates.length === 0 ? (
              <Text c="dimmed">{t('pdash.certificates.empty')}</Text>
            ) : (
              <ul className="plain-list">
                {data.certificates.map((certificate) => (
                  <li key={certificate.code}>
                    <Anchor component={Link} to={paths.certificate(certificate.code)} dir="auto" data-testid="pdash-certificate">
                      {certificate.courseTitle}
                    </Anchor>{' '}
                    <Text span size="sm" c="dimmed">
                      {formatLongDate(certificate.issuedAt, i18n.language)}
                    </Text>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </Stack>
  );
}
