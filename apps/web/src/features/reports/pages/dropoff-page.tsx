import { BarChart } from '@mantine/charts';
import { Anchor, Button, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { REPORT_STOP_BUCKETS } from '@nibras/contract';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError, failureText } from '../../../lib/http';
import { formatClock, formatNumber } from '../../../lib/format';
import { reportsQueries, type DropoffView } from '../api';
import { useChartAxes } from '../components/report-charts';
import { Percent } from '../components/report-figures';
import '../../../styles/stacked-table.css';
import '@mantine/charts/styles.layer.css';
import '../reports.css';

const share = (part: number, whole: number) => (whole > 0 ? Math.floor((part * 100) / whole) : null);

/** Where a video's viewers who did not finish it stopped: ten bars, one per tenth of its length, and the same in words. */
function StopHistogram({ video }: { video: DropoffView['videos'][number] }) {
  const { t } = useTranslation();
  const most = Math.max(1, ...video.stops);
  const tenth = video.duration_seconds / REPORT_STOP_BUCKETS;
  const stopped = video.stops.reduce((a, b) => a + b, 0);
  if (video.viewers === 0) return <Text size="sm" c="dimmed">{t('reports.dropoff.noViewers')}</Text>;
  if (stopped === 0) return <Text size="sm" c="dimmed">{t('reports.dropoff.noStops')}</Text>;
  return (
    <>
      <div className="reports-stops" aria-hidden="true">
        {video.stops.map((n, i) => (
          <span key={i} className="reports-stops__bar" style={{ blockSize: `${Math.max(4, (n * 100) / most)}%` }} title={String(n)} />
        ))}
      </div>
      <ul className="visually-hidden">
        {video.stops.map((n, i) => (
          <li key={i}>
            {t('reports.dropoff.stopRange', { from: formatClock(i * tenth), to: formatClock((i + 1) * tenth), count: n })}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * A course's drop-off (docs/reports.md): how many enrolled learners opened and completed each lecture in the course's
 * order (the funnel, as a chart and a table), and for each video where the viewers who did not finish it stopped.
 */
export default function DropoffPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const courseId = Number(useParams().courseId);
  const valid = Number.isInteger(courseId) && courseId > 0;
  const dropoff = useQuery({ ...reportsQueries.dropoff(valid ? courseId : 0), enabled: valid });
  const { rtl, yAxisProps, xTick } = useChartAxes();
  const data = dropoff.data;
  usePageTitle(data ? `${t('reports.dropoff.title')} · ${data.course.title}` : t('reports.dropoff.title'));
  const n = (v: number) => formatNumber(v, lang);

  const back = (
    <Anchor component={Link} to={paths.adminReports} size="sm" data-testid="dropoff-back">
      {t('reports.dropoff.back')}
    </Anchor>
  );
  const refused = !valid || (dropoff.error instanceof ApiError && [400, 404].includes(dropoff.error.status));
  if (refused || (dropoff.isError && !data)) {
    return (
      <Stack gap="lg" maw={960} data-testid="dropoff-error">
        {back}
        <EmptyState title={t(refused ? 'reports.dropoff.notFound' : 'reports.error.title')} description={failureText(dropoff.error, t('reports.error.text'))} headingLevel={1}>
          {refused ? null : (
            <Button variant="default" onClick={() => void dropoff.refetch()}>
              {t('reports.retry')}
            </Button>
          )}
        </EmptyState>
      </Stack>
    );
  }
  if (!data)
    return (
      <Stack gap="lg">
        {back}
        <Title order={1} className="shell-page__title">
          {t('reports.dropoff.title')}
        </Title>
        <LoadingDots />
      </Stack>
    );

  const funnel = data.lectures.map((l, i) => ({ label: String(i + 1), reached: l.reached, completed: l.completed }));
  return (
    <Stack gap="lg" data-testid="dropoff-page">
      <Stack gap={4}>
        {back}
        <Title order={1} className="shell-page__title" style={{ marginBlockEnd: 0 }}>
          {t('reports.dropoff.title')}
        </Title>
        <Text c="dimmed" className="break-anywhere" data-testid="dropoff-course">
          <bdi>{data.course.title}</bdi>
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" component="ul" className="reports-figures" aria-label={t('reports.totals')}>
        {[
          { key: 'enrolled', value: n(data.enrolled) },
          { key: 'completed', value: n(data.completed) },
          { key: 'stalled', value: n(data.stalled), hint: t('reports.hint.stalledNow', { count: data.stalled_days }) },
        ].map((f) => (
          <Paper key={f.key} component="li" withBorder radius="lg" p="sm" data-testid={`dropoff-${f.key}`}>
            <Text size="sm" c="dimmed">
              {t(`reports.dropoff.${f.key}`)}
            </Text>
            <p className="reports-figure__value">{f.value}</p>
            {f.hint ? (
              <Text size="xs" c="dimmed">
                {f.hint}
              </Text>
            ) : null}
          </Paper>
        ))}
      </SimpleGrid>

      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="dropoff-funnel-title" data-testid="dropoff-funnel">
        <Title order={2} size="h4" id="dropoff-funnel-title" mb="xs">
          {t('reports.dropoff.funnel')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('reports.dropoff.funnelHint')}
        </Text>
        {data.lectures.length === 0 ? (
          <Text c="dimmed">{t('reports.dropoff.noLectures')}</Text>
        ) : (
          <>
            <div aria-hidden="true" className="reports-chart">
              <BarChart
                h={220}
                data={funnel}
                dataKey="label"
                series={[
                  { name: 'reached', label: t('reports.dropoff.reached'), color: 'nibras.7' },
                  { name: 'completed', label: t('reports.dropoff.completedLecture'), color: 'teal.8' },
                ]}
                withLegend
                tooltipAnimationDuration={0}
                accessibilityLayer={false}
                valueFormatter={n}
                xAxisProps={{ reversed: rtl, interval: funnel.length > 20 ? Math.ceil(funnel.length / 20) - 1 : 0, tick: xTick }}
                yAxisProps={yAxisProps}
              />
            </div>
            <div className="reports-table-wrap">
              <Table striped verticalSpacing="xs" className="reports-table stacked-table" data-testid="dropoff-lectures">
                <Table.Caption className="visually-hidden">{t('reports.dropoff.funnel')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('reports.dropoff.lecture')}</Table.Th>
                    <Table.Th scope="col">{t('reports.dropoff.reached')}</Table.Th>
                    <Table.Th scope="col">{t('reports.dropoff.completedLecture')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.lectures.map((l, i) => (
                    <Table.Tr key={l.id} data-testid="dropoff-lecture">
                      <Table.Th scope="row" className="reports-table__name">
                        <Text size="sm" fw={600} className="break-anywhere">
                          {t('reports.dropoff.lectureNumber', { number: n(i + 1) })} <bdi>{l.title}</bdi>
                        </Text>
                        <Text size="xs" c="dimmed" dir="auto">
                          {l.section} · {t(`reports.lectureType.${l.type}`)}
                        </Text>
                      </Table.Th>
                      <Table.Td data-label={t('reports.dropoff.reached')}>
                        {n(l.reached)} (<Percent value={share(l.reached, data.enrolled)} />)
                      </Table.Td>
                      <Table.Td data-label={t('reports.dropoff.completedLecture')}>
                        {n(l.completed)} (<Percent value={share(l.completed, data.enrolled)} />)
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          </>
        )}
      </Paper>

      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="dropoff-videos-title" data-testid="dropoff-videos">
        <Title order={2} size="h4" id="dropoff-videos-title" mb="xs">
          {t('reports.dropoff.videos')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('reports.dropoff.videosHint')}
        </Text>
        {data.videos.length === 0 ? (
          <Text c="dimmed">{t('reports.dropoff.noVideos')}</Text>
        ) : (
          <div className="reports-table-wrap">
            <Table striped verticalSpacing="sm" className="reports-table stacked-table">
              <Table.Caption className="visually-hidden">{t('reports.dropoff.videos')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('reports.dropoff.video')}</Table.Th>
                  <Table.Th scope="col">{t('reports.dropoff.viewers')}</Table.Th>
                  <Table.Th scope="col">{t('reports.figure.completion_rate')}</Table.Th>
                  <Table.Th scope="col">{t('reports.dropoff.stops')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.videos.map((v) => (
                  <Table.Tr key={v.id} data-testid="dropoff-video">
                    <Table.Th scope="row" className="reports-table__name">
                      <Text size="sm" fw={600} dir="auto" className="break-anywhere">
                        {v.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatClock(v.duration_seconds)}
                      </Text>
                    </Table.Th>
                    <Table.Td data-label={t('reports.dropoff.viewers')}>{n(v.viewers)}</Table.Td>
                    <Table.Td data-label={t('reports.figure.completion_rate')}>
                      <Percent value={v.completion_rate} />
                    </Table.Td>
                    <Table.Td data-label={t('reports.dropoff.stops')} className="reports-stops-cell">
                      <StopHistogram video={v} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Paper>
    </Stack>
  );
}
