import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { dueWording } from '../assignment-model';

/** The due date and how far off it is ("in 3 days", "overdue"), or that there is none. */
export function DueDate({ dueAt, now, size = 'sm' }: { dueAt: string | null; now: number; size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const wording = dueWording(dueAt, now);
  if (wording.key === 'none' || !dueAt) {
    return (
      <Text size={size} c="dimmed" data-testid="assignment-due" data-due="none">
        {t('assignments.due.none')}
      </Text>
    );
  }
  return (
    <Text size={size} data-testid="assignment-due" data-due={wording.key}>
      {t('assignments.due.at', { date: formatDateTime(dueAt, i18n.language) })} ·{' '}
      <Text span size={size} fw={600} c={wording.key === 'overdue' ? 'red.9' : undefined}>
        {wording.key === 'overdue' ? t('assignments.due.overdue') : t('assignments.due.in', { count: wording.count })}
      </Text>
    </Text>
  );
}
