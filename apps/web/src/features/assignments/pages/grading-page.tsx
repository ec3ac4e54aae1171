import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { failureText } from '../../../lib/http';
import { RichContent } from '../../cms/public';
import { recordPath } from '../../records/public';
import { assignmentQueries, type GraderRole } from '../api';
import { idOf } from '../assignment-model';
import { DueDate } from '../components/due-date';
import { GradeForm } from '../components/grade-form';
import { GradeResult, HandInFacts } from '../components/hand-in';
import '../assignments.css';

/** `/:role/grading/:id`: one hand-in to grade: the participant's text or file, then the grade and feedback. */
export default function GradingPage({ role }: { role: GraderRole }) {
  const { t, i18n } = useTranslation();
  const id = idOf(useParams().id);
  const query = useQuery({ ...assignmentQueries.submission(role, id), enabled: id > 0 });
  const submission = query.data;
  usePageTitle(submission ? t('assignments.grading.title', { name: submission.participant.name }) : t('assignments.grading.loading'));

  if (id === 0 || query.isError) {
    return (
      <Stack gap="lg" maw={960} data-testid="grading-error">
        <EmptyState title={t('assignments.grading.error')} description={id ? failureText(query.error, t('assignments.loadFailed')) : t('assignments.notFound')} headingLevel={1}>
          <Button component={Link} to={paths.gradingQueue(role)}>
            {t('assignments.grading.toQueue')}
          </Button>
        </EmptyState>
      </Stack>
    );
  }
  if (!submission) return <LoadingDots />;

  const { assignment } = submission;
  return (
    <Stack gap="lg" maw={880} data-testid="grading-page" data-submission-id={submission.id}>
      <Group gap="md">
        <Anchor component={Link} to={paths.gradingQueue(role)} size="sm">
          {t('assignments.grading.toQueue')}
        </Anchor>
        <Anchor component={Link} to={paths.assignmentSubmissions(role, assignment.course.id, assignment.id)} size="sm">
          {t('assignments.grading.toHandIns')}
        </Anchor>
      </Group>
      <Stack gap={4}>
        <Title order={1} className="shell-page__title break-anywhere">
          {t('assignments.grading.title', { name: submission.participant.name })}
        </Title>
        <Text c="dimmed" dir="auto" className="break-anywhere">
          {assignment.title} · {assignment.course.title}
        </Text>
        <Anchor component={Link} to={recordPath(role, assignment.course.id, submission.participant.id)} size="sm" data-testid="grading-record">
          {t('records.link.of', { name: submission.participant.name })}
        </Anchor>
      </Stack>
      <details className="assignment-details">
        <summary>{t('assignments.grading.instructions')}</summary>
        <Stack gap="xs" mt="xs">
          <DueDate dueAt={assignment.due_at} now={Date.now()} />
          {assignment.instructions ? <RichContent html={assignment.instructions} lang={i18n.language} /> : <Text c="dimmed">{t('assignments.noInstructions')}</Text>}
        </Stack>
      </details>
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="grading-hand-in">
        <Stack gap="md">
          <Title order={2} size="h4" id="grading-hand-in">
            {t('assignments.grading.handIn')}
          </Title>
          <HandInFacts submission={submission} who={{ role, submissionId: submission.id }} reviewer />
        </Stack>
      </Paper>
      {submission.graded ? (
        <Paper withBorder radius="lg" p="md" component="section" aria-label={t('assignments.grade.current')}>
          <GradeResult submission={submission} points={assignment.points} passMark={assignment.pass_mark} rubric={assignment.rubric} headingOrder={2} />
        </Paper>
      ) : null}
      <section aria-labelledby="grade-form-title">
        <Title order={2} size="h4" id="grade-form-title" mb="sm">
          {t(submission.graded ? 'assignments.grade.changeTitle' : 'assignments.grade.formTitle')}
        </Title>
        <GradeForm key={submission.id} role={role} submission={submission} />
      </section>
    </Stack>
  );
}
