import { Alert, Anchor, Button, Group, List, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/http';
import { markSubmission, quizKeys, quizQueries, type ReviewerRole, type SubmissionReviewView } from '../api';
import { paths } from '../../../config/paths';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes';
import { positiveInt } from '../list-params';
import { StandingBadge, VerdictBadge } from '../components/quiz-badges';
import { SubmissionDates, SubmissionScore } from '../components/submission-facts';
import '../quiz.css';

type Question = SubmissionReviewView['questions'][number];
interface Mark {
  correct: boolean | null;
  feedback: string;
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

/** A short answer to mark right or wrong, with feedback for the participant. */
function ShortAnswer({ question, mark, onChange }: { question: Question; mark: Mark; onChange: (next: Mark) => void }) {
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
  const [marks, setMarks] = useState<Record<number, Mark>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
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

  useEffect(() => {
    if (review.data) setMarks(marksFrom(review.data));
  }, [review.data]);
  const { setDirty } = unsaved;
  useEffect(() => {
    if (review.data) setDirty(JSON.stringify(marks) !== JSON.stringify(marksFrom(review.data)));
  }, [marks, review.data, setDirty]);

  const data = review.data;
  usePageTitle(data ? t('quiz.check.title', { name: data.participant.name }) : t('quiz.review.title'));
  if (!data) return <LoadingDots />;

  const shortAnswers = data.questions.filter((question) => question.type === 'short' && question.answer);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = Object.entries(marks).filter(([, mark]) => mark.correct !== null);
    if (chosen.length === 0) {
      setResult({ ok: false, text: t('quiz.check.nothingMarked') });
      return;
    }
    setSaving(true);
    setResult(null);
    try {
      const response = await markSubmission(role, {
        submission_id: data.id,
        marks: chosen.map(([answerId, mark]) => ({ answer_id: Number(answerId), correct: mark.correct!, feedback: mark.feedback.trim() })),
      });
      unsaved.setDirty(false);
      queryClient.setQueryData(query.queryKey, response.data);
      setResult({ ok: true, text: response.message });
      // The lists and counts of this reviewer; the review itself is the answer just stored.
      await queryClient.invalidateQueries({ queryKey: quizKeys.reviewer(role), predicate: (q) => q.queryKey[2] !== 'review' });
    } catch (error) {
      setResult({ ok: false, text: failureText(error, t('quiz.check.saveFailed')) });
    } finally {
      setSaving(false);
    }
  };

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
        <Alert color={result.ok ? 'teal' : 'red'} role={result.ok ? 'status' : 'alert'} data-testid="quiz-check-result" withCloseButton closeButtonLabel={t('quiz.dismiss')} onClose={() => setResult(null)}>
          {result.text}
        </Alert>
      ) : null}
      <form onSubmit={save} aria-label={t('quiz.check.formLabel')}>
        <Stack gap="md">
          {data.questions.map((question, index) => (
            <fieldset key={question.id} className="quiz-question" data-testid="quiz-check-question" data-question-id={question.id}>
              <legend>{t('quiz.take.questionNumber', { number: index + 1, points: question.points })}</legend>
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
                    onChange={(next) => setMarks((current) => ({ ...current, [question.answer!.answer_id]: next }))}
                  />
                ) : (
                  <ChoiceAnswer question={question} />
                )}
              </Stack>
            </fieldset>
          ))}
          {shortAnswers.length > 0 ? (
            <Group justify="flex-end">
              <Button type="submit" loading={saving} data-testid="quiz-save-marks">
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
