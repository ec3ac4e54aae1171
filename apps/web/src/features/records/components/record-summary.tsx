import { Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../../lib/format';
import type { LearnerRecordView } from '../api';
import { formatTimeSpent } from '../record-view';

/** The record in a few figures: progress, the dates that matter, and the time spent on lectures and assessments. */
export function RecordSummary({ record }: { record: LearnerRecordView }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { progress } = record;
  const facts = [
    { key: 'enrolled', value: formatLongDate(record.enrolled_at, lang) },
    { key: 'completed', value: record.completed_at ? formatLongDate(record.completed_at, lang) : t('records.summary.notCompleted') },
    { key: 'lastStudied', value: record.last_studied_at ? formatLongDate(record.last_studied_at, lang) : t('records.summary.notStudied') },
    { key: 'lecturesTime', value: formatTimeSpent(record.time_spent.lectures_seconds, t) },
    { key: 'assessmentsTime', value: formatTimeSpent(record.time_spent.assessments_seconds, t) },
  ];
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="record-summary-title" data-testid="record-summary">
      <Stack gap="sm">
        <Title order={2} size="h4" id="record-summary-title">
          {t('records.summary.title')}
        </Title>
        <Progress value={progress.percent} aria-label={t('records.summary.progressLabel')} />
        <Text fw={600} data-testid="record-progress">
          {t('records.summary.progress', { percent: progress.percent, done: progress.completedLectures, count: progress.totalLectures })}
        </Text>
        <dl className="records-facts">
          {facts.map((fact) => (
            <div key={fact.key} className="records-facts__item" data-testid={`record-fact-${fact.key}`}>
              <dt>{t(`records.summary.${fact.key}`)}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </Stack>
    </Paper>
  );
}
