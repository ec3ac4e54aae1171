import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Role } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { AssignmentStandingBadge, GradeResult, HandInFacts } from '../../assignments/public';
import type { RecordAssignmentView } from '../api';

/** One assignment: where the participant stands, its due date, and what was handed in with its grade. */
function RecordAssignment({ assignment, role }: { assignment: RecordAssignmentView; role: Role }) {
  const { t, i18n } = useTranslation();
  const headingId = `record-assignment-${assignment.id}`;
  const submission = assignment.submission;
  return (
    <Paper withBorder radius="lg" p="md" component="article" aria-labelledby={headingId} data-testid="record-assignment" data-assignment-id={assignment.id} data-standing={assignment.standing}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <Title order={3} size="h5" id={headingId} dir="auto" className="break-anywhere">
              {assignment.title}
            </Title>
            <Text size="sm" c="dimmed" dir="auto" className="break-anywhere">
              {assignment.section_title} ·{' '}
              {assignment.due_at ? t('records.assignments.due', { date: formatDateTime(assignment.due_at, i18n.language) }) : t('records.assignments.noDue')}
            </Text>
          </Stack>
          <AssignmentStandingBadge standing={assignment.standing} />
        </Group>
        {submission ? (
          <>
            <HandInFacts
              submission={submission}
              who={role === 'participant' ? { role, assignmentId: assignment.id } : { role: role as 'instructor' | 'admin', submissionId: submission.id }}
              reviewer={role !== 'participant'}
            />
            <GradeResult submission={submission} points={assignment.points} passMark={assignment.pass_mark} rubric={assignment.rubric ?? []} headingOrder={4} />
          </>
        ) : (
          <Text size="sm" c="dimmed" data-testid="record-no-hand-in">
            {t('records.assignments.notHandedIn')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The course's assignments in the outline's order, each with what was handed in and its grade. */
export function RecordAssignments({ assignments, role }: { assignments: RecordAssignmentView[]; role: Role }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="record-assignments-title" data-testid="record-assignments">
      <Stack gap="sm">
        <Title order={2} size="h4" id="record-assignments-title">
          {t('records.assignments.title')}
        </Title>
        {assignments.length === 0 ? (
          <Text c="dimmed" data-testid="record-assignments-empty">
            {t('records.assignments.empty')}
          </Text>
        ) : (
          assignments.map((assignment) => <RecordAssignment key={assignment.id} assignment={assignment} role={role} />)
        )}
      </Stack>
    </section>
  );
}
