import { Checkbox, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { QuestionType } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import type { QuizQuestionView } from '../api';
import type { DraftAnswer } from '../attempt-draft';
import { BlanksField, MatchingField, NumberField, OrderingField } from './answer-fields';

/** What the page says about answering each type (the question itself is the author's). */
function useHint(type: QuestionType): string {
  const { t } = useTranslation();
  switch (type) {
    case 'multiple':
      return t('quiz.take.hintMultiple');
    case 'short':
      return t('quiz.take.hintShort');
    case 'matching':
      return t('quiz.take.hintMatching');
    case 'ordering':
      return t('quiz.take.hintOrdering');
    case 'fill_blanks':
      return t('quiz.take.hintBlanks');
    case 'numeric':
      return t('quiz.take.hintNumber');
    default:
      return t('quiz.take.hintSingle');
  }
}

/** One question of an attempt as a fieldset: its text is the legend, so every option is read with it. */
export function QuestionField({ question, number, value, onChange, disabled }: {
  question: QuizQuestionView;
  number: number;
  value: DraftAnswer;
  onChange: (next: DraftAnswer) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const legendId = `quiz-q-${question.id}`;
  const hint = useHint(question.type);
  const fieldProps = { question, value, onChange, legendId };
  return (
    <fieldset className="quiz-question" data-testid="quiz-question" data-question-id={question.id} disabled={disabled}>
      <legend id={legendId}>
        {t('quiz.take.questionNumber', { number, count: question.points })}
      </legend>
      <Stack gap="sm">
        {/* The hint is the page's; the question and its options are the author's, in the question's language. */}
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        {/*
          One direction for the question and its options, taken from the question's text (dir="auto" reads the first
          strong letter; the options' texts are <bdi> and the answer box has its own dir, so only the question counts):
          an English question on an Arabic page is read left to right, its radios and boxes on the left, and the
          reverse for an Arabic question on an English page.
        */}
        <Stack gap="sm" dir="auto" data-testid="quiz-question-body">
          {question.type === 'fill_blanks' ? (
            <BlanksField {...fieldProps} />
          ) : (
            <Text fw={600} className="break-anywhere" data-testid="quiz-question-text">
              {question.text}
            </Text>
          )}
          {question.type === 'fill_blanks' ? null : question.type === 'matching' ? (
            <MatchingField {...fieldProps} />
          ) : question.type === 'ordering' ? (
            <OrderingField {...fieldProps} />
          ) : question.type === 'numeric' ? (
            <NumberField {...fieldProps} />
          ) : question.type === 'short' ? (
            <Textarea
              aria-labelledby={legendId}
              value={value.text}
              onChange={(event) => onChange({ ...value, text: event.currentTarget.value })}
              autosize
              minRows={2}
              maxLength={2000}
              dir="auto"
            />
          ) : question.type === 'multiple' ? (
            <Checkbox.Group value={value.option_ids.map(String)} onChange={(ids) => onChange({ ...value, option_ids: ids.map(Number) })} aria-labelledby={legendId}>
              <Stack gap="xs">
                {question.options.map((option) => (
                  <Checkbox key={option.id} value={String(option.id)} label={<bdi>{option.text}</bdi>} />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : (
            <Radio.Group
              value={value.option_ids[0] ? String(value.option_ids[0]) : null}
              onChange={(id) => onChange({ ...value, option_ids: [Number(id)] })}
              aria-labelledby={legendId}
            >
              <Stack gap="xs">
                {question.options.map((option) => (
                  <Radio key={option.id} value={String(option.id)} label={<bdi>{option.text}</bdi>} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        </Stack>
      </Stack>
    </fieldset>
  );
}
