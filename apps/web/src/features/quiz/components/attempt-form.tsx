import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { answerBody as answerSchema } from '@nibras/contract';
import { useContractForm } from '../../../lib/forms';
import { ApiError } from '../../../lib/http';
import { submitAnswers, type AssessmentDetailsView, type SubmittedResultView } from '../api';
import { answerBody, answerOf, clearDraft, isAnswered, loadDraft, saveDraft, type Draft, type Stored } from '../attempt-draft';
import { formatClock, secondsLeft } from '../clock';
import { QuestionField } from './question-field';

type Attempt = NonNullable<AssessmentDetailsView['attempt']>;

/** Seconds left on the attempt's clock, ticking once a second; null without a time limit. */
function useSecondsLeft(attempt: Attempt, receivedAt: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!attempt.deadline) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [attempt.deadline]);
  return attempt.deadline ? secondsLeft(attempt.deadline, attempt.server_now, receivedAt, now) : null;
}

/** Screen readers hear the clock at a few moments only, not every second. */
function announcementFor(left: number | null): number | null {
  if (left === null) return null;
  for (const mark of [300, 60]) if (left <= mark && left > mark - 5) return mark;
  return null;
}

/** The server refused the attempt for good: the time is up, no attempts are left, or it is gone. */
const refused = (error: Error): error is ApiError => error instanceof ApiError && (error.status === 409 || error.status === 404);

/**
 * The open attempt: every question, the clock when there is a time limit, and one submission of all
 * answers. Answers and the idempotency key are kept in sessionStorage, so a reload loses nothing and a
 * retry after a lost answer is recognised by the server. At zero the answers are sent by themselves.
 */
export function AttemptForm({ details, receivedAt, onSubmitted, onRefused }: {
  details: AssessmentDetailsView;
  receivedAt: number;
  onSubmitted: (result: SubmittedResultView, message: string) => void;
  /** The server refused the attempt for good (time up, no attempts left): show the fresh state. */
  onRefused: (message: string) => void;
}) {
  const { t } = useTranslation();
  const attempt = details.attempt!;
  const questions = details.questions;
  const [confirming, setConfirming] = useState(false);
  const autoSent = useRef(false);
  const left = useSecondsLeft(attempt, receivedAt);
  const announced = announcementFor(left);
  const answers = useContractForm({
    schema: answerSchema,
    initialValues: loadDraft(attempt.id),
    toBody: (values: Stored) => answerBody(attempt.id, values.key, questions, values.answers),
    networkFailure: 'quiz.take.sendFailed',
    send: submitAnswers,
    onSuccess: ({ data, message }) => {
      clearDraft(attempt.id);
      onSubmitted(data, message);
    },
    onFailure: (error) => {
      if (refused(error)) {
        clearDraft(attempt.id);
        onRefused(error.message);
      }
      // Otherwise (no answer, a 5xx) the answers stay here, and sending again reuses the same key.
    },
  });
  const stored = answers.form.values;
  const sending = answers.pending;
  // A refusal for good is shown by the screen that follows (onRefused), not here.
  const error = answers.error && refused(answers.error) ? null : answers.failure;
  const unanswered = questions.filter((question) => !isAnswered(question, answerOf(stored.answers, question.id))).length;

  const setAnswer = (questionId: number, answer: Draft[number]) => {
    const next = { ...stored, answers: { ...stored.answers, [questionId]: answer } };
    answers.form.setValues(next);
    saveDraft(attempt.id, next);
  };

  const send = () => {
    setConfirming(false);
    answers.onSubmit();
  };

  useEffect(() => {
    if (left === 0 && !autoSent.current) {
      autoSent.current = true;
      send();
    }
    // `send` reads the latest answers on each render; the clock alone decides when to send.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [left]);

  // Answers cannot be changed once sent: always asked first, except to send again after a failed try.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (error) send();
    else setConfirming(true);
  };

  return (
    <form onSubmit={submit} aria-labelledby="quiz-attempt-title" data-testid="quiz-attempt" data-attempt-id={attempt.id}>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Text component="h2" fw={700} size="lg" id="quiz-attempt-title" m={0}>
            {t('quiz.take.attemptTitle', { number: attempt.number })}
          </Text>
          {left !== null ? (
            <Paper withBorder radius="md" px="sm" py={4} className="quiz-clock" role="timer" aria-label={t('quiz.take.timeLeftLabel')} data-testid="quiz-clock">
              <Text fw={700} c={left <= 60 ? 'red.9' : undefined}>
                {t('quiz.take.timeLeft', { time: formatClock(left) })}
              </Text>
            </Paper>
          ) : null}
        </Group>
        <div aria-live="polite" className="visually-hidden">
          {announced ? t('quiz.take.minutesLeft', { count: announced / 60 }) : ''}
        </div>
        {questions.map((question, index) => (
          <QuestionField
            key={question.id}
            question={question}
            number={index + 1}
            value={answerOf(stored.answers, question.id)}
            onChange={(answer) => setAnswer(question.id, answer)}
            disabled={sending}
          />
        ))}
        {error ? (
          <Alert color="red" role="alert" data-testid="quiz-send-error">
            {error}
          </Alert>
        ) : null}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" data-testid="quiz-answered">
            {t('quiz.take.answered', { answered: questions.length - unanswered, count: questions.length })}
          </Text>
          <Button type="submit" loading={sending} data-testid="quiz-submit">
            {error ? t('quiz.take.sendAgain') : t('quiz.take.submit')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t(unanswered > 0 ? 'quiz.take.confirmTitle' : 'quiz.take.confirmAllTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('quiz.take.keepAnswering') }}
      >
        <Stack>
          <Text>{unanswered > 0 ? t('quiz.take.confirmText', { count: unanswered }) : t('quiz.take.confirmAllText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('quiz.take.keepAnswering')}
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                send();
              }}
              data-testid="quiz-submit-confirm"
            >
              {t(unanswered > 0 ? 'quiz.take.submitAnyway' : 'quiz.take.confirmSubmit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
