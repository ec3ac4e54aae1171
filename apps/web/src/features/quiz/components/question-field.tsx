import { Checkbox, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuizQuestionView } from '../api';

export interface DraftAnswer {
  option_ids: number[];
  text: string;
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
  const hint =
    question.type === 'multiple' ? t('quiz.take.hintMultiple') : question.type === 'short' ? t('quiz.take.hintShort') : t('quiz.take.hintSingle');
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
          <Text fw={600} className="break-anywhere" data-testid="quiz-question-text">
            {question.text}
          </Text>
          {question.type === 'short' ? (
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
