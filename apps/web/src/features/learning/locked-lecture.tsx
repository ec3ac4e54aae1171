import { Badge, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { formatClock, formatDateTime } from '../../lib/format';
import type { LearnLecture } from './api';

/**
 * Scheduled release (docs/authoring.md): a lecture not open yet for this participant. In the outline it is listed with
 * the moment it opens and cannot be opened; opened by its address (?lecture=), the player shows when instead of a video.
 * The server refuses its files and progress meanwhile: these only say so.
 */
export function LockedOutlineItem({ lecture }: { lecture: LearnLecture & { opensAt: string } }) {
  const { t, i18n } = useTranslation();
  const date = formatDateTime(lecture.opensAt, i18n.language);
  return (
    <div className="learn-outline__item learn-outline__item--locked" data-testid={`outline-locked-${lecture.id}`}>
      <span className="learn-outline__check">
        <IconLock size={16} stroke={1.75} role="img" aria-label={t('learn.locked.label')} />
      </span>
      <span className="learn-outline__title" dir="auto">
        {lecture.title}
        <Text component="span" display="block" size="xs" c="dimmed" data-testid={`outline-opens-${lecture.id}`}>
          {t('learn.locked.opens', { date })}
        </Text>
      </span>
      <Badge variant="light" color="gray" size="sm" component="span">
        {formatClock(lecture.durationSeconds)}
      </Badge>
    </div>
  );
}

/** In place of the video: when the lecture opens. */
export function LockedLectureState({ opensAt }: { opensAt: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div data-testid="lecture-locked">
      <EmptyState title={t('learn.locked.title')} description={t('learn.locked.text', { date: formatDateTime(opensAt, i18n.language) })} headingLevel={3} />
    </div>
  );
}

/** Beside a section's title: when it opens for this participant. */
export function SectionOpens({ opensAt }: { opensAt: string | null }) {
  const { t, i18n } = useTranslation();
  if (!opensAt) return null;
  return (
    <Text size="xs" c="dimmed" mb={4} className="learn-section-opens">
      <IconLock size={14} stroke={1.75} aria-hidden="true" /> {t('learn.locked.opens', { date: formatDateTime(opensAt, i18n.language) })}
    </Text>
  );
}
