import { Alert, Anchor, Button, Group, List, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/http';
import { markBody, type MarkBody } from '@nibras/contract';
import { useContractForm } from '../../../lib/forms';
import { markSubmission, quizKeys, quizQueries, type ReviewerRole, type SubmissionReviewView } from '../api';
import { paths } from '../../../config/paths';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes';
import { positiveInt } from '../list-params';
import { GivenAnswer, isArranged, RightAnswer } from '../components/given-answer';
import { StandingBadge, VerdictBadge } from '../components/quiz-badges';
import { SubmissionDates, SubmissionScore } from '../components/submission-facts';
import '../quiz.css';
import { recordPath } from '../../records/public';

type Question = SubmissionReviewView['questions'][number];
interface Mark {
  correct: boolean | null;
  feedback: string;
}

/** The marks chosen so far, as the server takes them: answers not yet marked right or wrong are left out. */
function markBodyOf(submissionId: number, marks: Record<number, Mark>): MarkBody {
  const chosen = Object.entries(marks).filter(([, mark]) => mark.correct !== null);
  return { submission_id: submissionId, marks: chosen.map(([answerId, mark]) => ({ answer_id: Number(answerId), correct: mark.correct!, feedback: mark.feedback.trim() })) };
}

/** `marks.<n>.feedback` of the body tied to the answer it is about: `<answerId>.feedback`. */
function markErrors(marks: Record<number, Mark>, errors: Record<string, string>): Record<string, string> {
  const sent = markBodyOf(0, marks).marks;
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => {
      const match = /^marks\.(\d+)\.(\w+)$/.exec(path);
      const answer = match ? sent[Number(match[1])] : undefined;
      return [answer ? `${answer.answer_id}.${match![2]}` : path, message];
    }),
  );
}

function marksFrom(review: SubmissionReviewView): Record<number, Mark> {
  const marks: Record<number, Mark> = {};
  for (const question of review.questions) {
    if (question.type === 'short' && question.answer) marks[question.answer.answer_id] = { correct: question.answer.correct, feedback: question.answer.feedback ?? '' };
  }
  return marks;
}

/** A choice question with the right options and the participant's choices, in words as well as marks. */
function ChoiceAnswer({ question }: { question: Question }) {
  const { t } = useTranslation();
  const chosen = new Set(question.answer?.option_ids ?? []);
  return (
    <List size="sm" spacing={4} listStyleType="none" className="plain-list">
      {question.options.map((option) => (
        <List.Item key={option.id} className={option.is_correct ? 'quiz-option--correct' : undefined}>
          <bdi>{option.text}</bdi>
          {option.is_correct ? ` · ${t('quiz.check.rightOption')}` : ''}
          {chosen.has(option.id) ? ` · ${t('quiz.check.chosen')}` : ''}
        </List.Item>
      ))}
    </List>
  );
}

/** A matching, ordering, fill-in-the-blanks or numeric answer (graded by the server) beside the right answer. */
function ArrangedAnswer({ question }: { question: Question }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" className="break-anywhere">
      <div>
        <Text size="sm">{t('quiz.check.answer')}</Text>
        <GivenAnswer question={question} answer={question.answer!} />
      </div>
      <div className="quiz-option--correct">
        <Text size="sm">{t('quiz.check.rightAnswer')}</Text>
        <RightAnswer question={question} />
      </div>
    </Stack>
  );
}

/** A short answer to mark right or wrong, with feedback for the participant. */
function ShortAnswer({ question, mark, feedbackError, onChange }: { question: Question; mark: Mark; feedbackError?: string; onChange: (next: Mark) => void }) {
  const { t } = useTranslation();
  const answer = question.answer!;
  return (
    <Stack gap="xs">
      <Text size="sm">
        {t('quiz.check.answer')} <bdi className="break-anywhere">{answer.text || t('quiz.result.noAnswer')}</bdi>
      </Text>
      {question.accepted_answers.length > 0 ? (
        <Text size="sm" c="dimmed">
          {t('quiz.check.accepted')} <bdi>{question.accepted_answers.join('، ')}</bdi>
        </Text>
      ) : null}
      <Radio.Group
        label={t('quiz.check.verdict')}
        value={mark.correct === null ? null : mark.correct ? 'right' : 'wrong'}
        onChange={(value) => onChange({ ...mark, correct: value === 'right' })}
        data-testid="quiz-mark"
      >
        <Group gap="lg" mt={4}>
          <Radio value="right" label={t('quiz.verdict.right')} />
          <Radio value="wrong" label={t('quiz.verdict.wrong')} />
        </Group>
      </Radio.Group>
      <Textarea
        label={t('quiz.check.feedback')}
        description={t('quiz.check.feedbackHint')}
        value={mark.feedback}
        onChange={(event) => onChange({ ...mark, feedback: event.currentTarget.value })}
        autosize
        minRows={2}
        maxLength={2000}
        error={feedbackError}
        dir="auto"
        data-testid="quiz-feedback-input"
      />
      {answer.checked_by ? (
        <Text size="xs" c="dimmed">
          {t('quiz.check.checkedBy', { name: answer.checked_by.name })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One submission for its course's instructor or an admin: every answer, and the short ones to mark. */
export default function SubmissionReviewPage({ role }: { role: ReviewerRole }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useParams();
  const courseId = positiveInt(params.courseId ?? null, 0);
  const submissionId = positiveInt(params.submissionId ?? null, 0);
  // Marks chosen but not saved are asked about before leaving, as the course editor does.
  const unsaved = useUnsavedChanges();
  const query = quizQueries.review(role, courseId, submissionId);
  const review = useQuery({
    ...query,
    enabled: courseId > 0 && submissionId > 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

  // Spec sections 4 and 8: a failed quiz fetch returns the reviewer to the submission list.
  useEffect(() => {
    if (courseId === 0 || submissionId === 0 || review.isError) {
      navigate(paths.submissions(role), { replace: true, state: { notice: failureText(review.error, t('quiz.check.loadFailed')) } });
    }
  }, [courseId, submissionId, review.isError, review.error, navigate, role, t]);

  const marking = useContractForm({
    schema: markBody,
    initialValues: { marks: {} as Record<number, Mark> },
    toBody: (values) => markBodyOf(review.data?.id ?? 0, values.marks),
    // Nothing marked is said once, above the form, rather than as a count of items.
    rules: (values): Record<string, string> => (markBodyOf(0, values.marks).marks.length === 0 ? { marks: 'quiz.check.nothingMarked' } : {}),
    mapErrors: (values, errors) => markErrors(values.marks, errors),
    networkFailure: 'quiz.check.saveFailed',
    send: (body) => markSubmission(role, body),
    onSuccess: ({ data: stored }) => {
      unsaved.setDirty(false);
      queryClient.setQueryData(query.queryKey, stored);
      // The lists and counts of this reviewer; the review itself is the answer just stored.
      void queryClient.invalidateQueries({ queryKey: quizKeys.reviewer(role), predicate: (q) => q.queryKey[2] !== 'review' });
    },
  });
  const { form } = marking;
  const marks = form.values.marks;
  useEffect(() => {
    if (!review.data) return;
    form.setInitialValues({ marks: marksFrom(review.data) });
    form.setValues({ marks: marksFrom(review.data) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new review is the only trigger
  }, [review.data]);
  const { setDirty } = unsaved;
  useEffect(() => {
    if (review.data) setDirty(JSON.stringify(marks) !== JSON.stringify(marksFrom(review.data)));
  }, [marks, review.data, setDirty]);
  const errors = form.errors as Record<string, string>;
  const result = marking.success ? { ok: true, text: marking.success } : errors.marks || marking.failure ? { ok: false, text: errors.marks ?? marking.failure ?? '' } : null;
  const dismissResult = () => {
    marking.resetOutcome();
    form.clearFieldError('marks');
  };

  const data = review.data;
  usePageTitle(data ? t('quiz.check.title', { name: data.participant.name }) : t('quiz.review.title'));
  if (!data) return <LoadingDots />;

  const shortAnswers = data.questions.filter((question) => question.type === 'short' && question.answer);
  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={paths.submissions(role)} size="sm">
        {t('quiz.check.back')}
      </Anchor>
      <Stack gap={4}>
        <Title order={1} className="shell-page__title">
          {t('quiz.check.title', { name: data.participant.name })}
        </Title>
        <Text c="dimmed" dir="auto">
          {data.assessment.title} · {data.course.title} · {t('quiz.result.attempt', { number: data.number })}
        </Text>
        <Anchor component={Link} to={recordPath(role, data.course.id, data.participant.id)} size="sm" data-testid="quiz-check-record">
          {t('records.link.of', { name: data.participant.name })}
        </Anchor>
      </Stack>
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" gap="sm">
          <Stack gap={2}>
            <SubmissionScore submission={data} />
            <SubmissionDates submission={data} />
          </Stack>
          <StandingBadge standing={data.status} />
        </Group>
      </Paper>
      {result ? (
        <Alert color={result.ok ? 'teal' : 'red'} role={result.ok ? 'status' : 'alert'} data-testid="quiz-check-result" withCloseButton closeButtonLabel={t('quiz.dismiss')} onClose={dismissResult}>
          {result.text}
        </Alert>
      ) : null}
      <form onSubmit={marking.onSubmit} noValidate aria-label={t('quiz.check.formLabel')}>
        <Stack gap="md">
          {data.questions.map((question, index) => (
            <fieldset key={question.id} className="quiz-question" data-testid="quiz-check-question" data-question-id={question.id}>
              <legend>{t('quiz.take.questionNumber', { number: index + 1, count: question.points })}</legend>
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Text fw={600} dir="auto" className="break-anywhere">
                    {question.text}
                  </Text>
                  {question.answer ? <VerdictBadge correct={question.answer.correct} /> : null}
                </Group>
                {!question.answer ? (
                  <Text size="sm">{t('quiz.result.noAnswer')}</Text>
                ) : question.type === 'short' ? (
                  <ShortAnswer
                    question={question}
                    mark={marks[question.answer.answer_id] ?? { correct: null, feedback: '' }}
                    feedbackError={errors[`${question.answer.answer_id}.feedback`]}
                    onChange={(next) => form.setFieldValue('marks', (current) => ({ ...current, [question.answer!.answer_id]: next }))}
                  />
                ) : isArranged(question.type) ? (
                  <ArrangedAnswer question={question} />
                ) : (
                  <ChoiceAnswer question={question} />
                )}
              </Stack>
            </fieldset>
          ))}
          {shortAnswers.length > 0 ? (
            <Group justify="flex-end">
              <Button type="submit" loading={marking.pending} data-testid="quiz-save-marks">
                {t('quiz.check.save')}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('quiz.check.allAutomatic')}
            </Text>
          )}
        </Stack>
      </form>
      <UnsavedChangesDialog unsaved={unsaved} text={t('quiz.check.unsaved')} />
    </Stack>
  );
}
