import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { failureText } from '../../../lib/http';
import { assignmentQueries } from '../api';
import { bySection, idOf } from '../assignment-model';
import { AssignmentStandingBadge } from '../components/assignment-badges';
import { DueDate } from '../components/due-date';
import '../assignments.css';

/** `/participant/course/:id/assignments`: a course's assignments by section, each with its due date and where the participant stands. */
export default function MyCourseAssignmentsPage() {
  const { t } = useTranslation();
  const courseId = idOf(useParams().id);
  const list = useQuery({ ...assignmentQueries.mine(courseId), enabled: courseId > 0 });
  const items = list.data ?? [];
  const course = items[0]?.course;
  const title = t('assignments.mine.title');
  usePageTitle(course ? `${title} · ${course.title}` : title);

  if (courseId === 0 || list.isError) {
    return (
      <Stack gap="lg" maw={960} data-testid="my-assignments-error">
        <EmptyState title={t('assignments.mine.error')} description={courseId ? failureText(list.error, t('assignments.loadFailed')) : t('assignments.notFound')} headingLevel={1}>
          <Button component={Link} to={paths.myCourses}>
            {t('assignments.mine.backToCourses')}
          </Button>
        </EmptyState>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={960} data-testid="my-assignments-page">
      <Group gap="md">
        <Anchor component={Link} to={paths.myCourses} size="sm">
          {t('assignments.mine.backToCourses')}
        </Anchor>
        <Anchor component={Link} to={paths.learn(courseId)} size="sm" data-testid="my-assignments-player">
          {t('assignments.mine.toPlayer')}
        </Anchor>
      </Group>
      <Stack gap={4}>
        <Title order={1} className="shell-page__title">
          {title}
        </Title>
        {course ? (
          <Text c="dimmed" dir="auto">
            {course.title}
          </Text>
        ) : null}
      </Stack>
      {list.isPending ? <LoadingDots /> : null}
      {list.data && items.length === 0 ? <EmptyState title={t('assignments.mine.empty.title')} description={t('assignments.mine.empty.text')} /> : null}
      {bySection(items).map(({ section, items: inSection }) => (
        <section key={section.id} aria-labelledby={`assignments-section-${section.id}`}>
          <Title order={2} size="h4" id={`assignments-section-${section.id}`} dir="auto" className="assignment-section-title break-anywhere">
            {section.title}
          </Title>
          <ul className="assignment-list">
            {inSection.map((assignment) => (
              <li key={assignment.id}>
                <Paper withBorder radius="lg" p="md" data-testid="my-assignment" data-assignment-id={assignment.id}>
                  <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
                    <Stack gap={4} miw={0}>
                      <Anchor component={Link} to={paths.myAssignment(assignment.id)} fw={700} dir="auto" className="break-anywhere">
                        {assignment.title}
                      </Anchor>
                      <DueDate dueAt={assignment.due_at} now={Date.parse(assignment.server_now)} />
                      <Text size="xs" c="dimmed">
                        {t(`assignments.kind.${assignment.kind}`)} · {t('assignments.points', { count: assignment.points })}
                      </Text>
                    </Stack>
                    <AssignmentStandingBadge standing={assignment.standing} />
                  </Group>
                </Paper>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Stack>
  );
}
