import { Badge } from '@mantine/core';
import type { AssignmentStanding } from '@nibras/contract';
import { useTranslation } from 'react-i18next';

// Filled dark shades with autoContrast, as the quiz's badges: light variants fall below WCAG AA.
const COLORS: Record<AssignmentStanding, string> = {
  not_submitted: 'gray.7',
  submitted: 'yellow.9',
  passed: 'teal.9',
  failed: 'red.9',
};

/** Where a participant stands with an assignment, in words and not only in colour. */
export function AssignmentStandingBadge({ standing }: { standing: AssignmentStanding }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[standing]} variant="filled" autoContrast flex="none" data-testid="assignment-standing" data-standing={standing}>
      {t(`assignments.standing.${standing}`)}
    </Badge>
  );
}

/** Handed in after the due date. */
export function LateBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="orange.9" variant="filled" autoContrast flex="none" data-testid="assignment-late">
      {t('assignments.late')}
    </Badge>
  );
}

/** Graded or waiting for a grade (a grader's lists). */
export function GradedBadge({ graded, passed }: { graded: boolean; passed: boolean | null }) {
  const { t } = useTranslation();
  const key = !graded ? 'ungraded' : passed ? 'passed' : 'failed';
  return (
    <Badge color={!graded ? 'yellow.9' : passed ? 'teal.9' : 'red.9'} variant="filled" autoContrast flex="none" data-testid="assignment-graded" data-graded={key}>
      {t(`assignments.graded.${key}`)}
    </Badge>
  );
}
