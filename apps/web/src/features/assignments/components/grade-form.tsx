import { Button, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ASSIGNMENT_LIMITS, gradeBody } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { AUTO_DIR } from './auto-dir';
import { FormOutcome } from '../../../components/form-outcome';
import { useContractForm } from '../../../lib/forms';
import { assignmentKeys, assignmentQueries, gradeSubmission, type GradedSubmissionView, type GraderRole } from '../api';
import { gradeProblems, gradeSum, type GradeValues } from '../assignment-model';

function valuesOf(submission: GradedSubmissionView): GradeValues {
  const rubric = submission.assignment.rubric;
  return {
    score: submission.score ?? '',
    scores: rubric.map((_criterion, index) => submission.rubric_scores[index] ?? ''),
    feedback: submission.feedback ?? '',
  };
}

/** `rubric_scores.<n>` of the body on the criterion's own field. */
const mapErrors = (_values: GradeValues, errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [path.replace(/^rubric_scores\./, 'scores.'), message]));

/** The grade: one score out of the points, or one per criterion (their sum shown), and feedback for the participant. */
export function GradeForm({ role, submission }: { role: GraderRole; submission: GradedSubmissionView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { assignment } = submission;
  const rubric = assignment.rubric;
  const grading = useContractForm<GradeValues, GradedSubmissionView, Record<string, unknown>>({
    schema: gradeBody,
    initialValues: valuesOf(submission),
    // `version`: the hand-in as read here; a newer one handed in meanwhile is not graded (409 api.assignments.changed).
    toBody: (values) =>
      rubric.length > 0
        ? { submission_id: submission.id, version: submission.versions, rubric_scores: values.scores, feedback: values.feedback }
        : { submission_id: submission.id, version: submission.versions, score: values.score, feedback: values.feedback },
    rules: (values) => gradeProblems(values, assignment.points, rubric),
    mapErrors,
    networkFailure: 'assignments.grade.saveFailed',
    send: (body) => gradeSubmission(role, body as never),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(assignmentQueries.submission(role, submission.id).queryKey, data);
      void queryClient.invalidateQueries({ queryKey: assignmentKeys.grader(role), predicate: (query) => query.queryKey[2] !== 'submission' });
    },
  });
  const { form } = grading;
  const total = rubric.length > 0 ? gradeSum(form.values.scores) : gradeSum([form.values.score]);
  return (
    <form onSubmit={grading.onSubmit} noValidate aria-labelledby="grade-form-title" data-testid="grade-form">
      <Stack gap="md">
        <FormOutcome
          success={{ text: grading.success === null ? null : grading.success || t('assignments.grade.saved'), role: 'status', testId: 'grade-saved' }}
          failure={{ text: grading.failure, role: 'alert', color: 'red.9' }}
        />
        {rubric.length > 0 ? (
          <fieldset className="assignment-fieldset">
            <legend>
              <Text fw={600} component="span">
                {t('assignments.grade.byCriterion')}
              </Text>
            </legend>
            <Stack gap="xs">
              {rubric.map((criterion, index) => (
                <NumberInput
                  key={index}
                  label={t('assignments.grade.criterionLabel', { title: criterion.title, points: criterion.points })}
                  min={0}
                  max={criterion.points}
                  allowDecimal={false}
                  allowNegative={false}
                  maw={360}
                  data-testid="grade-criterion"
                  {...form.getInputProps(`scores.${index}`)}
                />
              ))}
            </Stack>
          </fieldset>
        ) : (
          <NumberInput
            label={t('assignments.grade.scoreLabel', { points: assignment.points })}
            min={0}
            max={assignment.points}
            allowDecimal={false}
            allowNegative={false}
            maw={240}
            data-testid="grade-score"
            {...form.getInputProps('score')}
          />
        )}
        <Text fw={600} aria-live="polite" data-testid="grade-total">
          {t('assignments.grade.total', { score: total, points: assignment.points, percent: Math.round((total / assignment.points) * 100) })}
        </Text>
        <Textarea
          label={t('assignments.grade.feedback')}
          description={t('assignments.grade.feedbackHint')}
          autosize
          minRows={4}
          maxLength={ASSIGNMENT_LIMITS.feedback}
          attributes={AUTO_DIR}
          data-testid="grade-feedback"
          {...form.getInputProps('feedback')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={grading.pending} data-testid="grade-save">
            {t(submission.graded ? 'assignments.grade.update' : 'assignments.grade.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
