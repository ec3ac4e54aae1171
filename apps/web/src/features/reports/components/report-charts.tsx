import { BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay, formatDayMonth, formatNumber } from '../../../lib/format';
import type { ReportPointView } from '../api';
import '@mantine/charts/styles.layer.css';

const CHART_HEIGHT = 240;

/** Axis settings that read the way the page does: in Arabic the days run right to left and the values stand on the right. */
export function useChartAxes() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const rtl = i18n.dir(lang) === 'rtl';
  const axisNumber = (v: number) => formatNumber(v, lang);
  const tick = { fontSize: 11, fill: 'currentColor' };
  return {
    lang,
    rtl,
    yAxisProps: rtl ? { orientation: 'right' as const, allowDecimals: false, width: 44, tickFormatter: axisNumber, tick: { ...tick, transform: 'translate(10, 0)' } } : { allowDecimals: false, width: 44, tickFormatter: axisNumber, tick },
    xTick: { ...tick, transform: 'translate(0, 8)' },
  };
}

/**
 * Enrolments and active learners over the period (a point a day, or a week on a long period), and the completion rate
 * of the page's courses with the most enrolments. Each chart gives the same figures as a table to screen readers.
 */
export function ReportCharts({ series, step, rates }: { series: ReportPointView[]; step: 'day' | 'week'; rates: { name: string; rate: number }[] }) {
  const { t } = useTranslation();
  const { lang, rtl, yAxisProps, xTick } = useChartAxes();
  const data = series.map((p) => ({ ...p, label: formatDayMonth(p.start, lang) }));
  const every = Math.max(0, Math.ceil(series.length / 6) - 1);
  const pointLabel = t(step === 'day' ? 'reports.charts.day' : 'reports.charts.weekOf');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="reports-chart-activity" data-testid="reports-chart-activity">
        <Title order={2} size="h5" id="reports-chart-activity" mb="sm">
          {t('reports.charts.activity')}
        </Title>
        <div aria-hidden="true" className="reports-chart">
          <LineChart
            h={CHART_HEIGHT}
            data={data}
            dataKey="label"
            series={[
              { name: 'enrollments', label: t('reports.figure.enrollments'), color: 'nibras.7' },
              { name: 'active_learners', label: t('reports.figure.active_learners'), color: 'orange.8' },
            ]}
            withLegend
            withDots={series.length <= 31}
            curveType="linear"
            tooltipAnimationDuration={0}
            accessibilityLayer={false}
            valueFormatter={(v) => formatNumber(v, lang)}
            xAxisProps={{ reversed: rtl, interval: every, tick: xTick }}
            yAxisProps={yAxisProps}
          />
        </div>
        {/* A table is as wide as its cells whatever its own size: the hidden box around it keeps it off the page's width. */}
        <div className="visually-hidden">
          <table data-testid="reports-chart-activity-table">
            <caption>{t('reports.charts.activity')}</caption>
            <thead>
              <tr>
                <th scope="col">{pointLabel}</th>
                <th scope="col">{t('reports.figure.enrollments')}</th>
                <th scope="col">{t('reports.figure.active_learners')}</th>
              </tr>
            </thead>
            <tbody>
              {series.map((p) => (
                <tr key={p.start}>
                  <th scope="row">{formatDay(p.start, lang)}</th>
                  <td>{formatNumber(p.enrollments, lang)}</td>
                  <td>{formatNumber(p.active_learners, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Paper>
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="reports-chart-rates" data-testid="reports-chart-rates">
        <Title order={2} size="h5" id="reports-chart-rates" mb="sm">
          {t('reports.charts.rates')}
        </Title>
        {rates.length === 0 ? (
          <p className="reports-chart__empty">{t('reports.charts.noRates')}</p>
        ) : (
          <>
            <div aria-hidden="true" className="reports-chart">
              <BarChart
                h={CHART_HEIGHT}
                data={rates.map((r, i) => ({ ...r, label: String(i + 1) }))}
                dataKey="label"
                series={[{ name: 'rate', label: t('reports.figure.completion_rate'), color: 'teal.8' }]}
                tooltipAnimationDuration={0}
                accessibilityLayer={false}
                valueFormatter={(v) => t('reports.percent', { value: formatNumber(v, lang) })}
                xAxisProps={{ reversed: rtl, interval: 0, tick: xTick }}
                yAxisProps={{ ...yAxisProps, domain: [0, 100] }}
              />
            </div>
            <ol className="reports-chart__legend">
              {rates.map((r) => (
                <li key={r.name}>
                  <bdi>{r.name}</bdi>: {t('reports.percent', { value: formatNumber(r.rate, lang) })}
                </li>
              ))}
            </ol>
          </>
        )}
      </Paper>
    </SimpleGrid>
  );
}
