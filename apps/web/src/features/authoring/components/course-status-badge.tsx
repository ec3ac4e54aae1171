import { Badge } from '@mantine/core';
import type { ApproveStatus } from '@nibras/contract';
import { useTranslation } from 'react-i18next';

// Filled dark shades with autoContrast: the light variant's yellow and gray text fall below WCAG AA on white.
const COLORS: Record<ApproveStatus, string> = { draft: 'gray.7', pending: 'yellow.9', approved: 'teal.9', rejected: 'red.9' };

/** A course's review status (docs/authoring.md) as a coloured, translated badge. */
export function CourseStatusBadge({ status }: { status: ApproveStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="filled" autoContrast data-testid="course-status" data-status={status}>
      {t(`authoring.status.${status}`)}
    </Badge>
  );
}
