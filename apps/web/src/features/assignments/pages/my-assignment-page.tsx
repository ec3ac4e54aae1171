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
import { assignmentQueries, type MyAssignmentView } from '../api';
import { idOf } from '../assignment-model';
import { AssignmentStandingBadge } from '../components/assignment-badges';
import { DueDate } from '../components/due-date';
import { GradeResult, HandInFacts } from '../components/hand-in';
import { HandInForm } from '../components/hand-in-form';
import '../assignments.css';

/** What the assignment asks for: kind, accepted files, points and pass mark, late work. */
function AssignmentTerms({ assignment }: { assignment: MyAssignmentView }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="assignment-terms">
      <DueDate dueAt={assignment.due_at} now={Date.parse(assignment.server_now)} />
      <Text size="sm">
        {assignment.kind === 'file'
          ? t('assignments.terms.file', { types: assignment.file_types.join(', '), mb: assignment.max_size_mb })
          : t('assignments.terms.text')}
      </Text>
      <Text size="sm">{t('assignments.terms.points', { count: assignment.points, pass: assignment.pass_mark })}</Text>
      {assignment.due_at ? <Text size="sm">{t(assignment.accept_late ? 'assignments.terms.lateTaken' : 'assignments.terms.lateRefused')}</Text> : null}
    </Stack>
  );
}

/** `/participant/assignment/:id` (mailLinks.assignment): the instructions, the hand-in form, what was handed in and its grade. */
export default function MyAssignmentPage() {
  const { t, i18n } = useTranslation();
  const id = idOf(useParams().id);
  const query = useQuery({ ...assignmentQueries.one(id), enabled: id > 0 });
  const assignment = query.data;
  usePageTitle(assignment?.title ?? t('assignments.one.loading'));

  if (id === 0 || query.isError) {
    return (
      <Stack gap="lg" maw={960} data-testid="my-assignment-error">
        <EmptyState title={t('assignments.one.error')} description={id ? failureText(query.error, t('assignments.loadFailed')) : t('assignments.notFound')} headingLevel={1}>
          <Button component={Link} to={paths.myCourses}>
            {t('assignments.mine.backToCourses')}
          </Button>
        </EmptyState>
      </Stack>
    );
  }
  if (!assignment) return <LoadingDots />;

  const submission = assignment.submission;
  return (
    <Stack gap="lg" maw={880} data-testid="my-assignment-page" data-assignment-id={assignment.id}>
      <Anchor component={Link} to={paths.myCourseAssignments(assignment.course.id)} size="sm" data-testid="my-assignment-back">
        {t('assignments.one.back')}
      </Anchor>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Title order={1} className="shell-page__title break-anywhere" dir="auto">
            {assignment.title}
          </Title>
          <AssignmentStandingBadge standing={assignment.standing} />
        </Group>
        <Text c="dimmed" dir="auto" className="break-anywhere">
          {assignment.course.title} · {assignment.section.title}
        </Text>
      </Stack>
      <AssignmentTerms assignment={assignment} />
      <section aria-labelledby="assignment-instructions">
        <Title order={2} size="h4" id="assignment-instructions" mb="xs">
          {t('assignments.instructions')}
        </Title>
        {assignment.instructions ? (
          <RichContent html={assignment.instructions} lang={i18n.language} testId="assignment-instructions" />
        ) : (
          <Text c="dimmed">{t('assignments.noInstructions')}</Text>
        )}
      </section>
      {submission ? (
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="assignment-current">
          <Stack gap="md">
            <Title order={2} size="h4" id="assignment-current">
              {t('assignments.handIn.current')}
            </Title>
            <HandInFacts submission={submission} who={{ role: 'participant', assignmentId: assignment.id }} />
            <GradeResult submission={submission} points={assignment.points} passMark={assignment.pass_mark} rubric={assignment.rubric} />
          </Stack>
        </Paper>
      ) : null}
      <section aria-labelledby="assignment-hand-in">
        <Title order={2} size="h4" id="assignment-hand-in" mb="xs">
          {t(submission ? 'assignments.handIn.againTitle' : 'assignments.handIn.title')}
        </Title>
        <HandInForm assignment={assignment} />
      </section>
    </Stack>
  );
}
