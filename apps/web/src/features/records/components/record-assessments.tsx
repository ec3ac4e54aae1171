import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Role } from '@nibras/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StandingBadge, SubmissionCard } from '../../quiz/public';
import type { RecordAssessmentView } from '../api';
import { attemptCheckLink } from '../record-view';

/** One assessment: where the participant stands, their best, and every attempt with its answers (newest first). */
function RecordAssessment({ assessment, role, courseId }: { assessment: RecordAssessmentView; role: Role; courseId: number }) {
  const { t } = useTranslation();
  const headingId = `record-assessment-${assessment.id}`;
  return (
    <Paper withBorder radius="lg" p="md" component="article" aria-labelledby={headingId} data-testid="record-assessment" data-assessment-id={assessment.id} data-standing={assessment.standing}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={3} size="h5" id={headingId} dir="auto" className="break-anywhere">
              {assessment.title}
            </Title>
            <Text size="sm" c="dimmed" data-testid="record-assessment-best">
              {assessment.best_percent === null
                ? t('records.assessments.passMark', { pass: assessment.pass_mark })
                : t('records.assessments.best', { percent: assessment.best_percent, pass: assessment.pass_mark })}
            </Text>
          </Stack>
          <StandingBadge standing={assessment.standing} />
        </Group>
        {assessment.attempts.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="record-no-attempts">
            {t('records.assessments.noAttempts')}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" className="records-attempts" aria-label={t('records.assessments.attempts', { title: assessment.title })}>
            {assessment.attempts.map((attempt) => {
              const check = attemptCheckLink(role, courseId, attempt.id);
              return (
                <li key={attempt.id} data-testid="record-attempt" data-submission-id={attempt.id} data-status={attempt.status}>
                  <Stack gap={4}>
                    <SubmissionCard result={attempt} questions={assessment.questions} headingOrder={4} reviewer={role !== 'participant'} />
                    {check ? (
                      <Anchor component={Link} to={check} size="sm" data-testid="record-attempt-check">
                        {t('records.assessments.check', { number: attempt.number })}
                      </Anchor>
                    ) : null}
                  </Stack>
                </li>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The course's assessments in its order, each with its attempts. */
export function RecordAssessments({ assessments, role, courseId }: { assessments: RecordAssessmentView[]; role: Role; courseId: number }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="record-assessments-title" data-testid="record-assessments">
      <Stack gap="sm">
        <Title order={2} size="h4" id="record-assessments-title">
          {t('records.assessments.title')}
        </Title>
        {assessments.length === 0 ? (
          <Text c="dimmed" data-testid="record-assessments-empty">
            {t('records.assessments.empty')}
          </Text>
        ) : (
          assessments.map((assessment) => <RecordAssessment key={assessment.id} assessment={assessment} role={role} courseId={courseId} />)
        )}
      </Stack>
    </section>
  );
}
