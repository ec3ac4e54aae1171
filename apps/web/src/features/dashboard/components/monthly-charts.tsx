import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MonthlyPoint } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatMonth, formatNumber } from '../../../lib/format';
import '@mantine/charts/styles.layer.css';
import '../dashboard.css';

const CHART_HEIGHT = 240;

/**
 * Enrolments and revenue per month over the last 12 months (the dashboard area's series: every
 * month present, 0 without data). In Arabic the months run right to left and the value axis stands
 * on the right, as the page reads; each chart has the same figures as a table for screen readers.
 */
export function MonthlyCharts({ monthly, currency, idPrefix }: { monthly: MonthlyPoint[]; currency: string; idPrefix: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rtl = i18n.dir(lang) === 'rtl';
  // Every other month's name where the chart is wide enough, every third on a phone: evenly spaced,
  // whatever the length of each month's name in the language, counted back from this month's.
  const step = useMediaQuery('(min-width: 36em)', true) ? 2 : 3;
  const monthTick = (label: string, index: number) => ((monthly.length - 1 - index) % step === 0 ? label : '');
  // Axis ticks are plain numbers (the title names the currency); the tooltip and the table give the full price.
  const axisNumber = (v: number) => formatNumber(v, lang);
  const data = monthly.map((p) => ({ ...p, label: formatMonth(p.month, lang, false) }));
  const charts = [
    { key: 'enrollments' as const, title: t('dashboard.charts.enrollments'), color: 'nibras.7', format: (v: number) => formatNumber(v, lang) },
    { key: 'revenue' as const, title: t('dashboard.charts.revenue'), color: 'yellow.8', format: (v: number) => formatCurrency(v, currency, lang) },
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {charts.map((chart) => {
        const headingId = `${idPrefix}-chart-${chart.key}`;
        return (
          <Paper key={chart.key} withBorder radius="lg" p="md" component="section" aria-labelledby={headingId} data-testid={`chart-${chart.key}`}>
            <Title order={2} size="h5" id={headingId} mb="sm">
              {chart.title}
            </Title>
            <div aria-hidden="true">
              <BarChart
                h={CHART_HEIGHT}
                data={data}
                dataKey="label"
                series={[{ name: chart.key, label: chart.title, color: chart.color }]}
                valueFormatter={chart.format}
                tickLine="y"
                gridAxis="x"
                withTooltip
                tooltipAnimationDuration={0}
                // The table below gives the figures to keyboard and screen-reader users.
                accessibilityLayer={false}
                xAxisProps={{ reversed: rtl, interval: 0, tickFormatter: monthTick, tick: { fontSize: 11, fill: 'currentColor', transform: 'translate(0, 8)' } }}
                yAxisProps={
                  rtl
                    ? { orientation: 'right', allowDecimals: false, width: 48, tickFormatter: axisNumber, tick: { fontSize: 11, fill: 'currentColor', transform: 'translate(10, 0)' } }
                    : { allowDecimals: false, width: 48, tickFormatter: axisNumber, tick: { fontSize: 11, fill: 'currentColor' } }
                }
                className="dashboard-chart"
              />
            </div>
            <table className="visually-hidden" data-testid={`chart-${chart.key}-table`}>
              <caption>{chart.title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.charts.month')}</th>
                  <th scope="col">{chart.title}</th>
                </tr>
              </thead>
              <tbody>
                {monthly.map((p) => (
                  <tr key={p.month} data-month={p.month}>
                    <th scope="row">{formatMonth(p.month, lang)}</th>
                    <td>{chart.format(p[chart.key])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
