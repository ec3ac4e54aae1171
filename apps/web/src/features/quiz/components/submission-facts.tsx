import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../../lib/format';

interface Scored {
  score: number;
  max_score: number;
  percent: number;
  pass_mark: number;
  submitted_at: string;
  checked_at: string | null;
}

/** "Score: 4 of 6 (66%), pass mark 60%", as the participant and the reviewer both read it. */
export function SubmissionScore({ submission }: { submission: Scored }) {
  const { t } = useTranslation();
  return (
    <Text fw={700} data-testid="quiz-score">
      {t('quiz.result.score', { score: submission.score, max: submission.max_score, percent: submission.percent, pass: submission.pass_mark })}
    </Text>
  );
}

/** When a submission was sent, and checked once it has been. */
export function SubmissionDates({ submission }: { submission: Scored }) {
  const { t, i18n } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      {t('quiz.result.submitted', { date: formatLongDate(submission.submitted_at, i18n.language) })}
      {submission.checked_at ? ` · ${t('quiz.result.checked', { date: formatLongDate(submission.checked_at, i18n.language) })}` : ''}
    </Text>
  );
}
