import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GradebookView } from '../api';

/** The course in a few figures: its learners, how many completed, are at risk or failed an item, the average and the pass mark. */
export function GradebookSummary({ book }: { book: GradebookView }) {
  const { t } = useTranslation();
  const { summary } = book;
  const facts: { key: string; value: string | number; hint?: string }[] = [
    { key: 'learners', value: summary.learners },
    { key: 'completed', value: summary.completed },
    { key: 'atRisk', value: summary.at_risk, hint: t('gradebook.summary.atRiskHint', { count: book.at_risk_days }) },
    { key: 'failed', value: summary.failed },
    { key: 'average', value: summary.average_percent === null ? '—' : t('gradebook.percent', { percent: summary.average_percent }) },
    { key: 'passMark', value: t('gradebook.percent', { percent: book.pass_mark }) },
  ];
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="gradebook-summary-title" data-testid="gradebook-summary">
      <Stack gap="sm">
        <Title order={2} size="h4" id="gradebook-summary-title">
          {t('gradebook.summary.title')}
        </Title>
        <dl className="gradebook-facts">
          {facts.map((fact) => (
            <div key={fact.key} data-testid={`gradebook-fact-${fact.key}`}>
              <dt>{t(`gradebook.summary.${fact.key}`)}</dt>
              <dd>{fact.value}</dd>
              {fact.hint ? (
                <dd className="gradebook-fact-hint">{fact.hint}</dd>
              ) : null}
            </div>
          ))}
        </dl>
      </Stack>
    </Paper>
  );
}
