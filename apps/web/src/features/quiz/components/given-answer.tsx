import { List, Text } from '@mantine/core';
import { acceptedLines, type QuestionType } from '@nibras/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/format';
import type { SubmissionResultView, SubmissionReviewView } from '../api';

/** The types answered with pairs, an order, blanks or a number: shown as lists or a number, not as chosen options. */
const ARRANGED_TYPES: readonly QuestionType[] = ['matching', 'ordering', 'fill_blanks', 'numeric'];
export const isArranged = (type: QuestionType) => ARRANGED_TYPES.includes(type);

interface Named {
  id: number;
  text: string;
}
/** What an answer is read against: the question's prompts or items and choices, by the keys the participant had. */
export interface AnsweredQuestion {
  type: QuestionType;
  options: readonly Named[];
  choices: readonly Named[];
}
type Given = Pick<SubmissionResultView['answers'][number], 'option_ids' | 'matches' | 'blanks' | 'number'>;
type ReviewQuestion = SubmissionReviewView['questions'][number];

/** A prompt and its match: "Egypt goes with Cairo", each side in its own direction. */
function Pair({ prompt, match }: { prompt: string; match: string }) {
  const { t } = useTranslation();
  return (
    <>
      <bdi>{prompt}</bdi>{' '}
      <Text span c="dimmed" size="sm">
        {t('quiz.answer.goesWith')}
      </Text>{' '}
      <bdi>{match}</bdi>
    </>
  );
}

function Lines({ lines, ordered, testId }: { lines: ReactNode[]; ordered: boolean; testId: string }) {
  return (
    <List size="sm" spacing={2} type={ordered ? 'ordered' : 'unordered'} className="quiz-answer-lines" data-testid={testId}>
      {lines.map((line, index) => (
        <List.Item key={index}>{line}</List.Item>
      ))}
    </List>
  );
}

/**
 * What was answered to a matching, ordering, fill-in-the-blanks or numeric question, in words: the pairs, the
 * order, each blank, the number. Keys are named by the question's own prompts, choices and items.
 */
export function GivenAnswer({ question, answer }: { question: AnsweredQuestion; answer: Given }) {
  const { t, i18n } = useTranslation();
  const name = (list: readonly Named[], id: number) => list.find((item) => item.id === id)?.text ?? t('quiz.answer.unknownItem');
  const none = (
    <Text size="sm" data-testid="quiz-given-answer">
      {t('quiz.result.noAnswer')}
    </Text>
  );
  switch (question.type) {
    case 'matching':
      if (answer.matches.length === 0) return none;
      return <Lines ordered={false} testId="quiz-given-answer" lines={answer.matches.map((pair) => <Pair key={pair.option_id} prompt={name(question.options, pair.option_id)} match={name(question.choices, pair.choice_id)} />)} />;
    case 'ordering':
      if (answer.option_ids.length === 0) return none;
      return <Lines ordered testId="quiz-given-answer" lines={answer.option_ids.map((id) => <bdi key={id}>{name(question.options, id)}</bdi>)} />;
    case 'fill_blanks':
      if (!answer.blanks.some((blank) => blank.trim() !== '')) return none;
      return (
        <Lines
          ordered={false}
          testId="quiz-given-answer"
          lines={answer.blanks.map((blank, index) => (
            <>
              {t('quiz.answer.blank', { number: index + 1 })} {blank.trim() ? <bdi>{blank}</bdi> : <Text span c="dimmed" size="sm">{t('quiz.result.noAnswer')}</Text>}
            </>
          ))}
        />
      );
    case 'numeric':
      return (
        <Text size="sm" data-testid="quiz-given-answer">
          {answer.number === null ? t('quiz.result.noAnswer') : <bdi>{formatDecimal(answer.number, i18n.language)}</bdi>}
        </Text>
      );
    default:
      return null;
  }
}

/** The right answer of such a question, for its reviewer: the right pairs, the right order, each blank's accepted answers, the number ± its tolerance. */
export function RightAnswer({ question }: { question: ReviewQuestion }) {
  const { t, i18n } = useTranslation();
  switch (question.type) {
    case 'matching':
      return <Lines ordered={false} testId="quiz-right-answer" lines={question.options.map((option) => <Pair key={option.id} prompt={option.text} match={option.match ?? ''} />)} />;
    case 'ordering':
      return <Lines ordered testId="quiz-right-answer" lines={question.options.map((option) => <bdi key={option.id}>{option.text}</bdi>)} />;
    case 'fill_blanks':
      return (
        <Lines
          ordered={false}
          testId="quiz-right-answer"
          lines={question.options.map((option, index) => (
            <>
              {t('quiz.answer.blank', { number: index + 1 })} <bdi>{acceptedLines(option.text).join('، ')}</bdi>
            </>
          ))}
        />
      );
    case 'numeric': {
      if (question.numeric_answer === null) return null;
      const number = formatDecimal(question.numeric_answer, i18n.language);
      return (
        <Text size="sm" data-testid="quiz-right-answer">
          <bdi>{question.tolerance > 0 ? t('quiz.answer.numberWithin', { number, tolerance: formatDecimal(question.tolerance, i18n.language) }) : number}</bdi>
        </Text>
      );
    }
    default:
      return null;
  }
}
