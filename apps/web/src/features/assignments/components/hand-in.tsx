import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { AssignmentSubmission } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { GraderRole } from '../api';
import { megabytes } from '../assignment-model';
import { LateBadge } from './assignment-badges';
import { DownloadButton } from './download-button';

type Who = { role: 'participant'; assignmentId: number } | { role: GraderRole; submissionId: number };

/** What was handed in: when (late or not, how many times), and the text answer as written or the file to download. */
export function HandInFacts({ submission, who, reviewer = false }: { submission: AssignmentSubmission; who: Who; reviewer?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="sm" data-testid="assignment-hand-in" data-submission-id={submission.id}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm">{t('assignments.handIn.at', { date: formatDateTime(submission.submitted_at, i18n.language) })}</Text>
        {submission.late ? <LateBadge /> : null}
        {submission.versions > 1 ? (
          <Text size="sm" c="dimmed" data-testid="assignment-versions">
            {t('assignments.handIn.versions', { count: submission.versions })}
          </Text>
        ) : null}
      </Group>
      {submission.text !== null ? (
        <div>
          <Text size="sm" fw={600}>
            {t(reviewer ? 'assignments.handIn.theirText' : 'assignments.handIn.yourText')}
          </Text>
          <Paper withBorder radius="md" p="sm" mt={4} className="assignment-text">
            <Text size="sm" dir="auto" className="assignment-text__body break-anywhere" data-testid="assignment-text">
              {submission.text}
            </Text>
          </Paper>
        </div>
      ) : null}
      {submission.file ? (
        <Group gap="sm" wrap="wrap" align="center">
          <Text size="sm" className="break-anywhere" data-testid="assignment-file-name">
            <bdi>{submission.file.name}</bdi> · {t('assignments.file.size', { mb: megabytes(submission.file.size) })}
          </Text>
          <DownloadButton who={who} name={submission.file.name} />
        </Group>
      ) : null}
    </Stack>
  );
}

/** The grade once given: score and percent, passed or not, the feedback, and each criterion's points with a rubric. */
export function GradeResult({
  submission,
  points,
  passMark,
  rubric,
  headingOrder = 3,
}: {
  submission: AssignmentSubmission;
  points: number;
  passMark: number;
  rubric: readonly { title: string; points: number }[];
  headingOrder?: 2 | 3 | 4;
}) {
  const { t, i18n } = useTranslation();
  if (!submission.graded) {
    return (
      <Text size="sm" c="dimmed" data-testid="assignment-waiting">
        {t('assignments.grade.waiting')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="assignment-grade" data-passed={String(submission.passed)}>
      <Title order={headingOrder} size="h5">
        {t('assignments.grade.title')}
      </Title>
      <Text fw={600} data-testid="assignment-score">
        {t('assignments.grade.score', { score: submission.score, points, percent: submission.percent })} ·{' '}
        {t(submission.passed ? 'assignments.grade.passed' : 'assignments.grade.failed', { pass: passMark })}
      </Text>
      {rubric.length > 0 && submission.rubric_scores.length === rubric.length ? (
        <div className="assignment-table-wrap">
          <Table verticalSpacing={4} className="assignment-rubric" data-testid="assignment-rubric-scores">
            <Table.Caption className="visually-hidden">{t('assignments.grade.rubricCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('assignments.rubric.criterion')}</Table.Th>
                <Table.Th scope="col">{t('assignments.rubric.points')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rubric.map((criterion, index) => (
                <Table.Tr key={index}>
                  <Table.Td dir="auto" className="break-anywhere">
                    {criterion.title}
                  </Table.Td>
                  <Table.Td>{t('assignments.grade.outOf', { score: submission.rubric_scores[index], points: criterion.points })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      ) : null}
      {submission.feedback ? (
        <div>
          <Text size="sm" fw={600}>
            {t('assignments.grade.feedback')}
          </Text>
          <Text size="sm" dir="auto" className="assignment-text__body break-anywhere" data-testid="assignment-feedback">
            {submission.feedback}
          </Text>
        </div>
      ) : null}
      {submission.graded_at ? (
        <Text size="xs" c="dimmed">
          {submission.graded_by
            ? t('assignments.grade.by', { name: submission.graded_by.name, date: formatDateTime(submission.graded_at, i18n.language) })
            : t('assignments.grade.at', { date: formatDateTime(submission.graded_at, i18n.language) })}
        </Text>
      ) : null}
    </Stack>
  );
}
