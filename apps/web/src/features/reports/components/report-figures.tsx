import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import type { ReportFiguresView } from '../api';

/** A percent, or a dash read out as "no data" when there is nothing to divide. */
export function Percent({ value }: { value: number | null }) {
  const { t, i18n } = useTranslation();
  if (value === null)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t('reports.noData')}</span>
      </>
    );
  return <>{t('reports.percent', { value: formatNumber(value, i18n.language) })}</>;
}

/** The totals of the period: one card per figure, its meaning under it. */
export function ReportTotals({ totals, stalledDays }: { totals: ReportFiguresView; stalledDays: number }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  const cards = [
    { key: 'enrollments', value: n(totals.enrollments), hint: t('reports.hint.enrollments') },
    { key: 'active_learners', value: n(totals.active_learners), hint: t('reports.hint.active_learners') },
    { key: 'completions', value: n(totals.completions), hint: t('reports.hint.completions') },
    { key: 'completion_rate', value: <Percent value={totals.completion_rate} />, hint: t('reports.hint.completion_rate') },
    { key: 'average_grade', value: <Percent value={totals.average_grade} />, hint: t('reports.hint.average_grade', { count: totals.grades }) },
    { key: 'stalled', value: n(totals.stalled), hint: t('reports.hint.stalled', { count: stalledDays }) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" component="ul" className="reports-figures" aria-label={t('reports.totals')} data-testid="reports-totals">
      {cards.map((card) => (
        <Paper key={card.key} component="li" withBorder radius="lg" p="sm" data-testid={`reports-total-${card.key}`}>
          <Text size="sm" c="dimmed" className="reports-figure__label">
            {t(`reports.figure.${card.key}`)}
          </Text>
          <p className="reports-figure__value" data-testid={`reports-total-${card.key}-value`}>
            {card.value}
          </p>
          <Text size="xs" c="dimmed">
            {card.hint}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
