import { Anchor, Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { ListPager } from '../../../components/pager';
import { usePageTitle } from '../../../components/use-page-title';
import { failureText } from '../../../lib/http';
import { formatDateTime } from '../../../lib/format';
import { assignmentQueries, type GraderRole, type SubmissionStatusFilter } from '../api';
import { idOf } from '../assignment-model';
import { GradedBadge, LateBadge } from '../components/assignment-badges';
import '../assignments.css';
import '../../../styles/stacked-table.css';

const STATUSES: SubmissionStatusFilter[] = ['', 'ungraded', 'graded'];

/** `/:role/courses/:courseId/assignments/:id`: one assignment's hand-ins, the oldest first, filtered by grade and paged (in the address). */
export default function AssignmentSubmissionsPage({ role }: { role: GraderRole }) {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const courseId = idOf(params.courseId);
  const assignmentId = idOf(params.id);
  const [search, setSearch] = useSearchParams();
  const rawStatus = search.get('status') ?? '';
  const status: SubmissionStatusFilter = STATUSES.includes(rawStatus as SubmissionStatusFilter) ? (rawStatus as SubmissionStatusFilter) : '';
  const page = idOf(search.get('page')) || 1;
  const valid = courseId > 0 && assignmentId > 0;
  const assignments = useQuery({ ...assignmentQueries.list(role, courseId), enabled: valid });
  const list = useQuery({ ...assignmentQueries.submissions(role, assignmentId, status, page), enabled: valid, placeholderData: keepPreviousData });
  const assignment = assignments.data?.find((item) => item.id === assignmentId);
  const title = assignment ? t('assignments.submissions.titleOf', { title: assignment.title }) : t('assignments.submissions.title');
  usePageTitle(title);
  const go = (next: { status?: SubmissionStatusFilter; page?: number }) => {
    const merged = { status, page: 1, ...next };
    const params: Record<string, string> = {};
    if (merged.status) params.status = merged.status;
    if (merged.page > 1) params.page = String(merged.page);
    setSearch(params);
  };

  if (!valid || list.isError) {
    return (
      <Stack gap="lg" maw={1100} data-testid="assignment-submissions-error">
        <EmptyState title={t('assignments.submissions.error')} description={valid ? failureText(list.error, t('assignments.loadFailed')) : t('assignments.notFound')} headingLevel={1}>
          <Button component={Link} to={valid ? paths.courseAssignments(role, courseId) : paths.courses(role)}>
            {t('assignments.submissions.back')}
          </Button>
        </EmptyState>
      </Stack>
    );
  }

  const items = list.data?.items ?? [];
  return (
    <Stack gap="lg" maw={1100} data-testid="assignment-submissions-page">
      <Anchor component={Link} to={paths.courseAssignments(role, courseId)} size="sm">
        {t('assignments.submissions.back')}
      </Anchor>
      <Stack gap={4}>
        <Title order={1} className="shell-page__title break-anywhere" dir="auto">
          {title}
        </Title>
        {assignment ? (
          <Text c="dimmed" dir="auto" className="break-anywhere">
            {assignment.course.title} · {assignment.section.title} · {t('assignments.counts.ungraded', { count: assignment.ungraded })}
          </Text>
        ) : null}
      </Stack>
      <SegmentedControl
        aria-label={t('assignments.submissions.filter')}
        value={status}
        onChange={(value) => go({ status: value as SubmissionStatusFilter })}
        data={STATUSES.map((value) => ({ value, label: t(`assignments.submissions.status.${value || 'all'}`) }))}
        data-testid="assignment-submissions-filter"
        maw={420}
        fullWidth
      />
      {list.isPending ? <LoadingDots /> : null}
      {list.data && items.length === 0 ? (
        <EmptyState title={t(status ? 'assignments.submissions.emptyFiltered.title' : 'assignments.submissions.empty.title')} description={t(status ? 'assignments.submissions.emptyFiltered.text' : 'assignments.submissions.empty.text')} />
      ) : null}
      {list.data && items.length > 0 ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="assignment-submissions-total">
            {t('assignments.submissions.total', { count: list.data.total })}
          </Text>
          <div className="assignment-table-wrap">
            <Table striped highlightOnHover verticalSpacing="sm" className="stacked-table" data-testid="assignment-submissions">
              <Table.Caption className="visually-hidden">{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('assignments.submissions.participant')}</Table.Th>
                  <Table.Th scope="col">{t('assignments.submissions.handedIn')}</Table.Th>
                  <Table.Th scope="col">{t('assignments.submissions.grade')}</Table.Th>
                  <Table.Th scope="col">
                    <span className="visually-hidden">{t('assignments.submissions.actions')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((row) => (
                  <Table.Tr key={row.id} data-testid="assignment-submission" data-submission-id={row.id}>
                    <Table.Td>
                      <bdi>{row.participant.name}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="wrap">
                        <Text size="sm">{formatDateTime(row.submitted_at, i18n.language)}</Text>
                        {row.late ? <LateBadge /> : null}
                      </Group>
                      {row.versions > 1 ? (
                        <Text size="xs" c="dimmed">
                          {t('assignments.handIn.versions', { count: row.versions })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2} align="flex-start">
                        <GradedBadge graded={row.graded} passed={row.passed} />
                        {row.graded && assignment ? (
                          <Text size="xs">{t('assignments.grade.score', { score: row.score, points: assignment.points, percent: row.percent })}</Text>
                        ) : null}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={paths.gradeSubmission(role, row.id)} fw={600} aria-label={`${t(row.graded ? 'assignments.submissions.open' : 'assignments.submissions.gradeIt')}: ${row.participant.name}`}>
                        {t(row.graded ? 'assignments.submissions.open' : 'assignments.submissions.gradeIt')}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          <ListPager page={page} perPage={list.data.perPage} total={list.data.total} onChange={(next) => go({ page: next })} />
        </>
      ) : null}
    </Stack>
  );
}
