import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { AuthoringCourseItem } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuthoringRole } from '../api';
import { paths } from '../../../config/paths';
import { CourseStatusBadge } from './course-status-badge';
import { ListFacts } from './list-facts';
import { formatLongDate, formatMoney } from '../../../lib/format';

interface ListCourseCardProps {
  role: AuthoringRole;
  course: AuthoringCourseItem;
  onDelete: (course: AuthoringCourseItem) => void;
}

/** One course of the authoring list: what it is, where it stands, and what can be done with it. */
export function ListCourseCard({ role, course, onDelete }: ListCourseCardProps) {
  const { t, i18n } = useTranslation();
  const rejected = course.approve_status === 'rejected' && course.review_message !== '';
  return (
    <Paper withBorder radius="lg" p="md" data-testid="course-row" data-course-id={course.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Stack gap={2} style={{ flex: '1 1 auto', minInlineSize: 0 }}>
            <Anchor component={Link} to={paths.courseView(role, course.id)} fw={700} dir="auto" className="break-anywhere" data-testid="course-row-title">
              {course.title}
            </Anchor>
            {course.subtitle ? (
              <Text size="sm" c="dimmed" dir="auto" className="break-anywhere">
                {course.subtitle}
              </Text>
            ) : null}
          </Stack>
          {/* The badge keeps its full text; the title wraps instead. */}
          <div style={{ flex: 'none' }}>
            <CourseStatusBadge status={course.approve_status} />
          </div>
        </Group>
        <ListFacts
          facts={[
            {
              label: t('authoring.list.completion'),
              value: (
                <Badge variant="outline" color={course.completion_status === 'complete' ? 'teal.9' : 'gray.8'} data-testid="course-row-completion">
                  {t(`authoring.list.completionStatus.${course.completion_status}`)}
                </Badge>
              ),
            },
            { label: t('authoring.list.language'), value: t(`catalog.language.${course.language}`) },
            { label: t('authoring.list.price'), value: course.priceMinor === 0 ? t('authoring.list.free') : formatMoney(course.priceMinor, course.currency, i18n.language) },
            { label: t('authoring.list.enrolments'), value: course.enrollment_count, testId: 'course-row-enrolments' },
            { label: t('authoring.list.updated'), value: formatLongDate(course.updated_at, i18n.language) },
            role === 'admin' && {
              label: t('authoring.list.instructor'),
              value: (
                <bdi className="break-anywhere" data-testid="course-row-instructor">
                  {course.instructor.name}
                </bdi>
              ),
            },
          ]}
        />
        {rejected ? (
          <Alert color="red" variant="light" title={t('authoring.list.reviewMessage')} data-testid="course-row-review">
            <Text size="sm" dir="auto" className="break-anywhere" style={{ whiteSpace: 'pre-wrap' }}>
              {course.review_message}
            </Text>
          </Alert>
        ) : null}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" component={Link} to={paths.courseView(role, course.id)} aria-label={t('authoring.list.viewCourse', { title: course.title })}>
            {t('authoring.list.view')}
          </Button>
          <Button size="xs" variant="default" component={Link} to={paths.courseAssignments(role, course.id)} aria-label={t('assignments.link.manageOf', { title: course.title })} data-testid="course-row-assignments">
            {t('assignments.link.manage')}
          </Button>
          <Button size="xs" variant="light" component={Link} to={paths.editCourse(role, course.id, 1)} aria-label={t('authoring.list.editCourse', { title: course.title })}>
            {t('authoring.list.edit')}
          </Button>
          <Button size="xs" variant="default" component={Link} to={paths.gradebook(role, course.id)} aria-label={t('gradebook.link.openOf', { title: course.title })} data-testid="course-row-gradebook">
            {t('gradebook.link.open')}
          </Button>
          <Button size="xs" variant="outline" color="red.9" onClick={() => onDelete(course)} aria-label={t('authoring.list.deleteCourse', { title: course.title })}>
            {t('authoring.list.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
