import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuizQuestionView, SubmissionResultView } from '../api';
import { GivenAnswer, isArranged } from './given-answer';
import { StandingBadge, VerdictBadge } from './quiz-badges';
import { SubmissionDates, SubmissionScore } from './submission-facts';
// Its answers' list wherever it is shown (a learner's record too), not only on the quiz's own pages.
import '../quiz.css';

/** What the participant answered to a choice or short question, in words: the chosen options' texts, or the typed text. */
function givenAnswer(question: QuizQuestionView | undefined, answer: SubmissionResultView['answers'][number]): string {
  if (answer.text !== null) return answer.text;
  const chosen = (question?.options ?? []).filter((option) => answer.option_ids.includes(option.id)).map((option) => option.text);
  return chosen.join('، ');
}

interface SubmissionCardProps {
  result: SubmissionResultView;
  questions: QuizQuestionView[];
  /** An h3, or deeper where the card sits deeper in the page (a learner's record, under its assessment). */
  headingOrder?: 3 | 4;
  /** An instructor or admin reading a participant's record: "the participant's answer", and no word to the participant about the wait. */
  reviewer?: boolean;
}

/** One submitted attempt as its participant sees it: the score, and per question right, wrong or waiting. */
export function SubmissionCard({ result, questions, headingOrder = 3, reviewer = false }: SubmissionCardProps) {
  const { t } = useTranslation();
  const answerLabel = reviewer ? t('quiz.check.answer') : t('quiz.result.yourAnswer');
  const byId = new Map(questions.map((question) => [question.id, question]));
  const order = new Map(questions.map((question, index) => [question.id, index]));
  const answers = [...result.answers].sort((a, b) => (order.get(a.question_id) ?? 0) - (order.get(b.question_id) ?? 0));
  return (
    <Paper withBorder radius="lg" p="md" data-testid="quiz-result" data-status={result.status}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={headingOrder} size="h4">
              {t('quiz.result.attempt', { number: result.number })}
            </Title>
            <SubmissionDates submission={result} />
          </Stack>
          <StandingBadge standing={result.status} />
        </Group>
        <SubmissionScore submission={result} />
        {result.status === 'pending' && !reviewer ? <Text size="sm">{t('quiz.result.pendingHelp')}</Text> : null}
        <ol className="quiz-answers">
          {answers.map((answer) => {
            const question = byId.get(answer.question_id);
            const given = question && isArranged(question.type) ? null : givenAnswer(question, answer);
            return (
              <li key={answer.answer_id} className="quiz-answers__item" data-testid="quiz-result-answer">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Text fw={600} dir="auto" className="break-anywhere">
                    {question?.text ?? ''}
                  </Text>
                  <VerdictBadge correct={answer.correct} />
                </Group>
                {question && given === null ? (
                  <div className="break-anywhere">
                    <Text size="sm">{answerLabel}</Text>
                    <GivenAnswer question={question} answer={answer} />
                  </div>
                ) : (
                  <Text size="sm">
                    {answerLabel} <bdi className="break-anywhere">{given || t('quiz.result.noAnswer')}</bdi>
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {t('quiz.result.points', { awarded: answer.points_awarded ?? 0, count: answer.points })}
                </Text>
                {answer.feedback ? (
                  <Text size="sm" className="quiz-feedback" data-testid="quiz-feedback">
                    {t('quiz.result.feedback')} <bdi>{answer.feedback}</bdi>
                  </Text>
                ) : null}
              </li>
            );
          })}
        </ol>
      </Stack>
    </Paper>
  );
}
