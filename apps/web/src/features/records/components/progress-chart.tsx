import { LineChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LearnerRecordView } from '../api';
import { hasProgressOverTime, timelinePoints } from '../record-view';
import '@mantine/charts/styles.layer.css';

const CHART_HEIGHT = 200;

/**
 * Progress over time: the percent of lectures completed, from the enrolment day to the last completion. In Arabic the
 * days run right to left and the percent axis stands on the right, as the page reads; the same points are a table for
 * screen readers.
 */
export function ProgressChart({ timeline }: { timeline: LearnerRecordView['timeline'] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rtl = i18n.dir(lang) === 'rtl';
  const points = timelinePoints(timeline, lang);
  const percent = (value: number) => t('records.chart.percent', { percent: value });
  const title = t('records.chart.title');
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="record-chart-title" data-testid="record-chart">
      <Title order={2} size="h4" id="record-chart-title" mb="sm">
        {title}
      </Title>
      {!hasProgressOverTime(points) ? (
        <Text c="dimmed" data-testid="record-chart-empty">
          {t('records.chart.empty')}
        </Text>
      ) : (
        <>
          <div aria-hidden="true">
            <LineChart
              h={CHART_HEIGHT}
              data={points}
              dataKey="label"
              series={[{ name: 'percent', label: t('records.chart.progress'), color: 'nibras.7' }]}
              valueFormatter={percent}
              curveType="monotone"
              gridAxis="x"
              withTooltip
              tooltipAnimationDuration={0}
              // The table below gives the points to keyboard and screen-reader users.
              accessibilityLayer={false}
              xAxisProps={{ reversed: rtl, tick: { fontSize: 11, fill: 'currentColor' } }}
              yAxisProps={
                rtl
                  ? { orientation: 'right', domain: [0, 100], width: 48, tickFormatter: percent, tick: { fontSize: 11, fill: 'currentColor', transform: 'translate(10, 0)' } }
                  : { domain: [0, 100], width: 48, tickFormatter: percent, tick: { fontSize: 11, fill: 'currentColor' } }
              }
              className="records-chart"
            />
          </div>
          <table className="visually-hidden" data-testid="record-chart-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('records.chart.day')}</th>
                <th scope="col">{t('records.chart.progress')}</th>
                <th scope="col">{t('records.chart.lectures')}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.date} data-date={point.date}>
                  <th scope="row">{point.label}</th>
                  <td>{percent(point.percent)}</td>
                  <td>{point.completedLectures}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Paper>
  );
}
