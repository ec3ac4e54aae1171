import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WholeCourse } from '../api';
import { formatClock } from '../../../lib/format';

/** The sections and lectures of step 4 with each lecture's length and whether its video is there. */
export function ReviewOutline({ sections }: { sections: WholeCourse['step4']['sections'] }) {
  const { t } = useTranslation();
  if (sections.length === 0) return <Text c="dimmed">{t('authoring.view.noSections')}</Text>;
  return (
    <Stack gap="sm">
      {sections.map((section) => (
        <div key={section.id} data-testid="course-section">
          <Title order={3} size="h5" dir="auto" className="break-anywhere">
            {section.title}
          </Title>
          {section.lectures.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('authoring.view.noLectures')}
            </Text>
          ) : (
            <ol className="authoring-outline">
              {section.lectures.map((lecture) => (
                <li key={lecture.id} data-testid="course-lecture" data-has-video={lecture.has_video}>
                  <Group gap="xs" wrap="wrap">
                    <Text span dir="auto">
                      {lecture.title}
                    </Text>
                    <Text span size="sm" c="dimmed">
                      <span className="visually-hidden">{t('authoring.view.duration')} </span>
                      <bdi>{formatClock(lecture.duration_seconds)}</bdi>
                    </Text>
                    <Badge size="sm" variant="outline" color={lecture.has_video ? 'teal.9' : 'red.9'}>
                      {lecture.has_video ? t('authoring.view.hasVideo') : t('authoring.view.noVideo')}
                    </Badge>
                    {lecture.is_free_preview ? (
                      <Badge size="sm" variant="outline" color="blue.9">
                        {t('authoring.view.freePreview')}
                      </Badge>
                    ) : null}
                  </Group>
                </li>
              ))}
            </ol>
          )}
        </div>
      ))}
    </Stack>
  );
}
