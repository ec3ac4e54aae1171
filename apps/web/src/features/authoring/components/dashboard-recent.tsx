import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { AuthoringCourseItem } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { CourseStatusBadge } from './course-status-badge';
import { formatLongDate } from '../../../lib/format';

/** The instructor's most recently changed courses, each with its status and a way back into the editor. */
export function DashboardRecent({ courses }: { courses: AuthoringCourseItem[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="plain-list" aria-labelledby="dashboard-recent">
      {courses.map((course) => (
        <li key={course.id}>
          <Paper withBorder radius="lg" p="sm" data-testid="dashboard-recent-course" data-course-id={course.id}>
            <Group justify="space-between" align="center" gap="sm">
              <Stack gap={2} style={{ flex: '1 1 12rem', minInlineSize: 0 }}>
                <Anchor component={Link} to={paths.courseView('instructor', course.id)} fw={700} dir="auto" className="break-anywhere">
                  {course.title}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {t('authoring.dashboard.updated', { date: formatLongDate(course.updated_at, i18n.language) })}
                </Text>
              </Stack>
              <Group gap="xs">
                <CourseStatusBadge status={course.approve_status} />
                <Button size="xs" variant="light" component={Link} to={paths.editCourse('instructor', course.id, 1)} aria-label={t('authoring.list.editCourse', { title: course.title })}>
                  {t('authoring.list.edit')}
                </Button>
              </Group>
            </Group>
          </Paper>
        </li>
      ))}
    </ul>
  );
}
