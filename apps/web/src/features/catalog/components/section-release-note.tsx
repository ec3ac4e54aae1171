import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/** A section's scheduled release on the public course page (docs/authoring.md): its date, or the days after enrolment. */
export function SectionReleaseNote({ section }: { section: { opensAt: string | null; opensAfterDays: number | null } }) {
  const { t, i18n } = useTranslation();
  const text = section.opensAt
    ? t('catalog.release.date', { date: formatDate(section.opensAt, i18n.language) })
    : section.opensAfterDays
      ? t('catalog.release.days', { count: section.opensAfterDays })
      : null;
  if (!text) return null;
  return (
    <Text span c="dimmed" size="sm" display="block" data-testid="section-release-note">
      {text}
    </Text>
  );
}
