import { Anchor, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { exportSubmissions, quizQueries, type ReviewerRole, type SubmissionFilter } from '../api';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { ListPager } from '../../../components/pager';
import { ListToolbar } from '../../../components/list-toolbar';
import { ExportMenu } from '../../../components/export-menu';
import { BackNotice } from '../components/back-notice';
import { StandingBadge } from '../components/quiz-badges';
import { UncheckedAlert } from '../components/unchecked-alert';
import { positiveInt, readListParams } from '../list-params';
import '../quiz.css';
import { formatLongDate } from '../../../lib/format';
import '../../../styles/stacked-table.css';

const STATUSES = ['pending', 'passed', 'failed'] as const;

/** The filters live in the address bar; the spec's `?course_id=1?page=2` is read as well as `&page=2`. */
function filterFrom(search: string): SubmissionFilter {
  const params = readListParams(search);
  const status = params.get('status');
  const courseId = positiveInt(params.get('course_id'), 0);
  return {
    page: positiveInt(params.get('page'), 1),
    ...(courseId ? { course_id: courseId } : {}),
    ...(STATUSES.includes(status as (typeof STATUSES)[number]) ? { status: status as SubmissionFilter['status'] } : {}),
    ...(params.get('search')?.trim() ? { search: params.get('search')!.trim() } : {}),
  };
}

function searchFrom(filter: SubmissionFilter): string {
  const params = new URLSearchParams();
  if (filter.course_id) params.set('course_id', String(filter.course_id));
  if (filter.status) params.set('status', filter.status);
  if (filter.search) params.set('search', filter.search);
  if (filter.page > 1) params.set('page', String(filter.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Submissions in the instructor's courses, or in every course for an admin, to follow and to check. */
export default function SubmissionListPage({ role }: { role: ReviewerRole }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const filter = filterFrom(location.search);
  const [searchInput, setSearchInput] = useState(filter.search ?? '');
  const go = (next: Partial<SubmissionFilter>) => {
    const merged: SubmissionFilter = { ...filter, page: 1, ...next };
    for (const key of ['course_id', 'status', 'search'] as const) if (!merged[key]) delete merged[key];
    navigate({ pathname: location.pathname, search: searchFrom(merged) });
  };

  const list = useQuery({ ...quizQueries.submissions(role, filter), placeholderData: keepPreviousData });
  const courses = useQuery({ ...quizQueries.courseChoices(role), staleTime: 60_000 });
  const title = t(role === 'admin' ? 'quiz.review.titleAdmin' : 'quiz.review.title');
  usePageTitle(title);

  const items = list.data?.items ?? [];
  // The first 100 courses fill the menu; a course chosen through the URL is added from the list itself.
  const choices = [...(courses.data ?? [])];
  const shown = items.find((item) => item.course.id === filter.course_id)?.course;
  if (filter.course_id && shown && !choices.some((course) => course.id === filter.course_id)) choices.push(shown);
  const filtered = Boolean(filter.course_id || filter.status || filter.search);

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} className="shell-page__title">
          {title}
        </Title>
        <ExportMenu name="nibras-results" load={(format) => exportSubmissions(role, format, filter)} testId="submissions-export" />
      </Group>
      <BackNotice />
      <UncheckedAlert role={role} showLink={filter.status !== 'pending' || Boolean(filter.course_id || filter.search)} />
      <ListToolbar
        texts="quiz.review"
        draft={searchInput}
        onDraftChange={setSearchInput}
        onSearch={(search) => go({ search })}
        before={
          <>
            <Select
              label={t('quiz.review.course')}
              value={filter.course_id ? String(filter.course_id) : ''}
              onChange={(value) => go({ course_id: value ? Number(value) : undefined })}
              data={[{ value: '', label: t('quiz.review.allCourses') }, ...choices.map((course) => ({ value: String(course.id), label: course.title }))]}
              allowDeselect={false}
              searchable
              w={260}
              data-testid="quiz-filter-course"
            />
            <Select
              label={t('quiz.review.status')}
              value={filter.status ?? ''}
              onChange={(value) => go({ status: (value || undefined) as SubmissionFilter['status'] })}
              data={[{ value: '', label: t('quiz.review.allStatuses') }, ...STATUSES.map((value) => ({ value, label: t(`quiz.standing.${value}`) }))]}
              allowDeselect={false}
              w={200}
              data-testid="quiz-filter-status"
            />
          </>
        }
      />
      {list.isPending ? <LoadingDots /> : null}
      {list.isError ? <EmptyState title={t('quiz.review.error.title')} description={t('quiz.review.error.text')} /> : null}
      {list.data && items.length === 0 ? (
        <EmptyState title={t(filtered ? 'quiz.review.emptyFiltered.title' : 'quiz.review.empty.title')} description={t(filtered ? 'quiz.review.emptyFiltered.text' : 'quiz.review.empty.text')}>
          {filtered ? (
            <Button
              variant="default"
              onClick={() => {
                setSearchInput('');
                navigate({ pathname: location.pathname, search: '' });
              }}
            >
              {t('quiz.review.clear')}
            </Button>
          ) : null}
        </EmptyState>
      ) : null}
      {list.data && items.length > 0 ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="quiz-total">
            {t('quiz.review.total', { count: list.data.total })}
          </Text>
          <div className="quiz-table-wrap">
            <Table striped highlightOnHover verticalSpacing="sm" className="quiz-table stacked-table" data-testid="quiz-submissions">
              <Table.Caption className="visually-hidden">{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('quiz.review.participant')}</Table.Th>
                  <Table.Th scope="col">{t('quiz.review.assessment')}</Table.Th>
                  <Table.Th scope="col">{t('quiz.review.status')}</Table.Th>
                  <Table.Th scope="col">{t('quiz.review.score')}</Table.Th>
                  <Table.Th scope="col">{t('quiz.review.submitted')}</Table.Th>
                  <Table.Th scope="col">
                    <span className="visually-hidden">{t('quiz.review.actions')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id} data-testid="quiz-submission" data-submission-id={item.id}>
                    <Table.Td>
                      <bdi>{item.participant.name}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600} dir="auto" className="break-anywhere">
                        {item.assessment.title}
                      </Text>
                      <Text size="xs" c="dimmed" dir="auto" className="break-anywhere">
                        {item.course.title} · {t('quiz.result.attempt', { number: item.number })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StandingBadge standing={item.status} />
                    </Table.Td>
                    <Table.Td>{t('quiz.review.scoreValue', { score: item.score, max: item.max_score, percent: item.percent })}</Table.Td>
                    <Table.Td>{formatLongDate(item.submitted_at, i18n.language)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={paths.submission(role, item.course.id, item.id)} fw={600} aria-label={`${t(item.unchecked_answers > 0 ? 'quiz.review.check' : 'quiz.review.view')}: ${item.participant.name}, ${item.assessment.title}`}>
                        {t(item.unchecked_answers > 0 ? 'quiz.review.check' : 'quiz.review.view')}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          <ListPager page={filter.page} perPage={list.data.perPage} total={list.data.total} onChange={(page) => go({ ...filter, page })} />
        </>
      ) : null}
    </Stack>
  );
}
