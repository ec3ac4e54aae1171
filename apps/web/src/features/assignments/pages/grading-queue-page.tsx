import { Anchor, Badge, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { ListPager } from '../../../components/pager';
import { usePageTitle } from '../../../components/use-page-title';
import { failureText } from '../../../lib/http';
import { formatDateTime } from '../../../lib/format';
import { quizQueries } from '../../quiz/public';
import { assignmentQueries, type GraderRole, type QueueItemView } from '../api';
import { idOf } from '../assignment-model';
import { LateBadge } from '../components/assignment-badges';
import '../assignments.css';
import '../../../styles/stacked-table.css';

/** Where a queue item is graded: a quiz submission's check screen, or an assignment's grading screen. */
const gradeLink = (role: GraderRole, item: QueueItemView) => (item.kind === 'quiz' ? paths.submission(role, item.course.id, item.id) : paths.gradeSubmission(role, item.id));

/** `/:role/grading`: every piece of work waiting for a grade, the oldest first: short answers to check and assignments handed in. */
export default function GradingQueuePage({ role }: { role: GraderRole }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const courseId = idOf(search.get('course_id'));
  const page = idOf(search.get('page')) || 1;
  const queue = useQuery({ ...assignmentQueries.queue(role, courseId, page), placeholderData: keepPreviousData });
  const courses = useQuery({ ...quizQueries.courseChoices(role), staleTime: 60_000 });
  const title = t('assignments.queue.title');
  usePageTitle(title);
  const go = (next: { course_id?: number; page?: number }) => {
    const merged = { course_id: courseId, page: 1, ...next };
    const params: Record<string, string> = {};
    if (merged.course_id) params.course_id = String(merged.course_id);
    if (merged.page > 1) params.page = String(merged.page);
    setSearch(params);
  };
  const items = queue.data?.items ?? [];
  const choices = [...(courses.data ?? [])];
  const shown = items.find((item) => item.course.id === courseId)?.course;
  if (courseId && shown && !choices.some((course) => course.id === courseId)) choices.push(shown);

  return (
    <Stack gap="lg" maw={1100} data-testid="grading-queue-page">
      <Stack gap={4}>
        <Title order={1} className="shell-page__title">
          {title}
        </Title>
        <Text c="dimmed">{t('assignments.queue.intro')}</Text>
      </Stack>
      <Select
        label={t('assignments.queue.course')}
        value={courseId ? String(courseId) : ''}
        onChange={(value) => go({ course_id: value ? Number(value) : 0 })}
        data={[{ value: '', label: t('assignments.queue.allCourses') }, ...choices.map((course) => ({ value: String(course.id), label: course.title }))]}
        allowDeselect={false}
        searchable
        maw={360}
        data-testid="grading-queue-course"
      />
      {queue.isPending ? <LoadingDots /> : null}
      {queue.isError ? <EmptyState title={t('assignments.queue.error')} description={failureText(queue.error, t('assignments.loadFailed'))} /> : null}
      {queue.data && items.length === 0 ? (
        <EmptyState title={t(courseId ? 'assignments.queue.emptyCourse.title' : 'assignments.queue.empty.title')} description={t(courseId ? 'assignments.queue.emptyCourse.text' : 'assignments.queue.empty.text')} />
      ) : null}
      {queue.data && items.length > 0 ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="grading-queue-total">
            {t('assignments.queue.total', { count: queue.data.total })}
          </Text>
          <div className="assignment-table-wrap">
            <Table striped highlightOnHover verticalSpacing="sm" className="stacked-table" data-testid="grading-queue">
              <Table.Caption className="visually-hidden">{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('assignments.queue.work')}</Table.Th>
                  <Table.Th scope="col">{t('assignments.queue.participant')}</Table.Th>
                  <Table.Th scope="col">{t('assignments.queue.submitted')}</Table.Th>
                  <Table.Th scope="col">
                    <span className="visually-hidden">{t('assignments.queue.actions')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={`${item.kind}-${item.id}`} data-testid="grading-queue-item" data-kind={item.kind} data-id={item.id}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap" align="flex-start">
                        <Badge variant="outline" color="gray.8" flex="none">
                          {t(`assignments.queue.kind.${item.kind}`)}
                        </Badge>
                        <Stack gap={0} miw={0}>
                          <Text size="sm" fw={600} dir="auto" className="break-anywhere">
                            {item.item.title}
                          </Text>
                          <Text size="xs" c="dimmed" dir="auto" className="break-anywhere">
                            {item.course.title}
                          </Text>
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <bdi>{item.participant.name}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="wrap">
                        <Text size="sm">{formatDateTime(item.submitted_at, i18n.language)}</Text>
                        {item.late ? <LateBadge /> : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={gradeLink(role, item)} fw={600} aria-label={`${t(`assignments.queue.open.${item.kind}`)}: ${item.participant.name}, ${item.item.title}`} data-testid="grading-queue-open">
                        {t(`assignments.queue.open.${item.kind}`)}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          <ListPager page={page} perPage={queue.data.perPage} total={queue.data.total} onChange={(next) => go({ page: next })} />
        </>
      ) : null}
    </Stack>
  );
}
