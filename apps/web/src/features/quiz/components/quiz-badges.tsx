import { Badge } from '@mantine/core';
import type { AssessmentStanding, SubmissionStatus } from '@nibras/contract';
import { useTranslation } from 'react-i18next';

// Filled dark shades with autoContrast, as the course status badge: light variants fall below WCAG AA.
const COLORS: Record<AssessmentStanding, string> = {
  not_started: 'gray.7',
  in_progress: 'blue.9',
  pending: 'yellow.9',
  passed: 'teal.9',
  failed: 'red.9',
};

/** Where a participant stands with an assessment, or a submission's status (a subset of the same words). */
export function StandingBadge({ standing }: { standing: AssessmentStanding | SubmissionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[standing]} variant="filled" autoContrast data-testid="quiz-standing" data-standing={standing}>
      {t(`quiz.standing.${standing}`)}
    </Badge>
  );
}

/** Right, wrong or waiting for a check, in words and not only in colour. */
export function VerdictBadge({ correct }: { correct: boolean | null }) {
  const { t } = useTranslation();
  const key = correct === null ? 'waiting' : correct ? 'right' : 'wrong';
  return (
    // Beside a long question at phone width the badge keeps its word whole: the question's text wraps instead.
    <Badge color={correct === null ? 'yellow.9' : correct ? 'teal.9' : 'red.9'} variant="filled" autoContrast flex="none" data-testid="quiz-verdict" data-verdict={key}>
      {t(`quiz.verdict.${key}`)}
    </Badge>
  );
}
