import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { quizQueries, type MyAssessmentItem } from '../api';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { ListPager } from '../../../components/pager';
import { BackNotice } from '../components/back-notice';
import { StandingBadge } from '../components/quiz-badges';
import { positiveInt, readListParams } from '../list-params';
import '../quiz.css';

/** The screen's call to action for one assessment, from where the participant stands. */
function actionKey(item: MyAssessmentItem): string {
  if (item.standing === 'in_progress') return 'quiz.my.continue';
  if (item.standing === 'passed' || item.standing === 'pending') return 'quiz.my.results';
  if (item.attempts_left === 0) return 'quiz.my.results';
  return item.standing === 'failed' ? 'quiz.my.retry' : 'quiz.my.open';
}

/** The list comes in course order; one section per course. */
function byCourse(items: MyAssessmentItem[]) {
  const groups: { course: MyAssessmentItem['assessment']['course']; group: MyAssessmentItem[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.course.id === item.assessment.course.id) last.group.push(item);
    else groups.push({ course: item.assessment.course, group: [item] });
  }
  return groups;
}

function AssessmentRow({ item }: { item: MyAssessmentItem }) {
  const { t } = useTranslation();
  const a = item.assessment;
  const facts = [
    t('quiz.facts.questions', { count: a.question_count }),
    t('quiz.facts.passMark', { mark: a.pass_mark }),
    a.time_limit_minutes ? t('quiz.facts.timeLimit', { count: a.time_limit_minutes }) : t('quiz.facts.noTimeLimit'),
    item.attempts_left === null ? t('quiz.facts.attemptsUnlimited', { used: item.attempts_used }) : t('quiz.facts.attempts', { used: item.attempts_used, count: item.attempts_left }),
  ];
  return (
    <Paper withBorder radius="lg" p="md" data-testid="my-assessment" data-assessment-id={a.id}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 14rem', minInlineSize: 0 }}>
          <Title order={3} size="h5" dir="auto" className="break-anywhere">
            {a.title}
          </Title>
          <Text size="sm" c="dimmed">
            {facts.join(' · ')}
          </Text>
          {item.latest ? (
            <Text size="sm" data-testid="my-assessment-latest">
              {t('quiz.my.latest', { score: item.latest.score, max: item.latest.max_score, percent: item.latest.percent })}
            </Text>
          ) : null}
        </Stack>
        <Stack gap="xs" align="flex-end">
          <StandingBadge standing={item.standing} />
          <Button component={Link} to={paths.assessment(a.id)} size="xs" variant={item.standing === 'passed' ? 'default' : 'filled'} aria-label={`${t(actionKey(item))}: ${a.title}`}>
            {t(actionKey(item))}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The participant's assessments in every enrolled course, grouped by course, with where they stand. */
export default function MyAssessmentsPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [, setSearchParams] = useSearchParams();
  const page = positiveInt(readListParams(location.search).get('page'), 1);
  const list = useQuery({ ...quizQueries.myAssessments(0, page), placeholderData: keepPreviousData });
  const pending = useQuery(quizQueries.myPendingChecks());
  usePageTitle(t('quiz.my.title'));
  const items = list.data?.items ?? [];

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} className="shell-page__title">
        {t('quiz.my.title')}
      </Title>
      <BackNotice />
      {pending.data && pending.data.total > 0 ? (
        <Alert color="yellow" data-testid="quiz-pending-checks">
          {t('quiz.my.pendingChecks', { count: pending.data.total })}
        </Alert>
      ) : null}
      {list.isPending ? <LoadingDots /> : null}
      {list.isError ? <EmptyState title={t('quiz.my.error.title')} description={t('quiz.my.error.text')} /> : null}
      {list.data && items.length === 0 ? (
        <EmptyState title={t('quiz.my.empty.title')} description={t('quiz.my.empty.text')}>
          <Button component={Link} to={paths.myCourses}>
            {t('mycourses.nav')}
          </Button>
        </EmptyState>
      ) : null}
      {items.length > 0 && list.data ? (
        <>
          {byCourse(items).map(({ course, group }) => (
            <section key={course.id} aria-labelledby={`quiz-course-${course.id}`}>
              <Title order={2} size="h4" mb="sm" id={`quiz-course-${course.id}`} dir="auto" className="break-anywhere">
                {course.title}
              </Title>
              <ul className="plain-list">
                {group.map((entry) => (
                  <li key={entry.assessment.id}>
                    <AssessmentRow item={entry} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <ListPager page={page} perPage={list.data.perPage} total={list.data.total} onChange={(next) => setSearchParams(next > 1 ? { page: String(next) } : {})} />
        </>
      ) : null}
    </Stack>
  );
}
