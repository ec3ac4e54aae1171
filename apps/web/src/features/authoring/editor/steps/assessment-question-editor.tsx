import { ActionIcon, Button, Checkbox, Group, NumberInput, Paper, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { AUTHORING_LIMITS, QUESTION_TYPES, type QuestionType } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { newOption, withBlanks, type DraftOption, type DraftQuestion } from './assessment-model';
import { BlankFields, MatchingFields, NumericFields, OrderingFields } from './assessment-type-fields';
import { OutlineMoveButtons } from './outline-row-tools';

export interface QuestionEditorProps {
  question: DraftQuestion;
  number: number;
  canMoveUp: boolean;
  canMoveDown: boolean;
  errors: Readonly<Record<string, string>>;
  onChange: (question: DraftQuestion) => void;
  onType: (type: QuestionType) => void;
  onMove: (direction: -1 | 1) => void;
  onDelete: () => void;
  onDeleteOption: (option: DraftOption) => void;
}

/**
 * One question of an assessment: type, text, points, and what makes its answer right: options with the correct
 * ones marked, accepted answers, pairs, items in order, each blank's accepted answers or a number.
 */
export function AssessmentQuestionEditor({ question, number, errors, ...props }: QuestionEditorProps) {
  const { t } = useTranslation();
  // A fill-in-the-blanks question's fields follow the blanks of its text.
  const change = (patch: Partial<DraftQuestion>) => props.onChange(withBlanks({ ...question, ...patch }));
  const typeProps = { question, errors, change, onDeleteOption: props.onDeleteOption };
  const setOption = (key: string, patch: Partial<DraftOption>) => change({ options: question.options.map((o) => (o.key === key ? { ...o, ...patch } : o)) });
  const markCorrect = (key: string, checked: boolean) =>
    change({
      options: question.options.map((o) => (question.type === 'multiple' ? (o.key === key ? { ...o, is_correct: checked } : o) : { ...o, is_correct: o.key === key })),
    });
  const oneCorrect = question.type === 'single' || question.type === 'true_false';
  const fixedOptions = question.type === 'true_false';
  return (
    <Paper withBorder radius="md" p="sm" component="li" className="assessment-question" data-testid="assessment-question" data-question-key={question.key}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{t('authoring.step5.questionNumber', { number })}</Text>
          <OutlineMoveButtons
            upLabel={t('authoring.step5.questionUp', { number })}
            downLabel={t('authoring.step5.questionDown', { number })}
            deleteLabel={t('authoring.step5.deleteQuestionFor', { number })}
            canMoveUp={props.canMoveUp}
            canMoveDown={props.canMoveDown}
            onUp={() => props.onMove(-1)}
            onDown={() => props.onMove(1)}
            onDelete={props.onDelete}
            deleteTestId="question-delete"
          />
        </Group>
        <Group gap="sm" align="flex-start">
          <Select
            className="outline-grow"
            label={t('authoring.step5.type')}
            value={question.type}
            allowDeselect={false}
            data={QUESTION_TYPES.map((type) => ({ value: type, label: t(`authoring.step5.types.${type}`) }))}
            onChange={(value) => value && props.onType(value as QuestionType)}
            error={errors[`${question.key}.type`]}
            data-testid="question-type"
          />
          <NumberInput
            label={t('authoring.step5.points')}
            value={question.points}
            min={0}
            max={1000}
            allowDecimal={false}
            onChange={(value) => change({ points: value })}
            error={errors[`${question.key}.points`]}
            w={120}
          />
        </Group>
        <Textarea
          label={t('authoring.step5.questionText')}
          description={question.type === 'fill_blanks' ? t('authoring.step5.blanksHint') : undefined}
          value={question.text}
          onChange={(event) => change({ text: event.currentTarget.value })}
          error={errors[`${question.key}.text`]}
          autosize
          minRows={2}
          maxLength={2000}
          dir="auto"
          data-testid="question-text"
        />
        {question.type === 'matching' ? (
          <MatchingFields {...typeProps} />
        ) : question.type === 'ordering' ? (
          <OrderingFields {...typeProps} />
        ) : question.type === 'fill_blanks' ? (
          <BlankFields {...typeProps} />
        ) : question.type === 'numeric' ? (
          <NumericFields {...typeProps} />
        ) : question.type === 'short' ? (
          <Textarea
            label={t('authoring.step5.accepted')}
            description={t('authoring.step5.acceptedHint')}
            value={question.accepted}
            onChange={(event) => change({ accepted: event.currentTarget.value })}
            error={errors[`${question.key}.accepted_answers`]}
            autosize
            minRows={2}
            dir="auto"
            data-testid="question-accepted"
          />
        ) : (
          <fieldset className="assessment-options">
            <legend>{oneCorrect ? t('authoring.step5.optionsOne') : t('authoring.step5.optionsMany')}</legend>
            <Stack gap="xs">
              {question.options.map((option, index) => (
                <Group key={option.key} gap="xs" wrap="nowrap" align="flex-start" data-testid="question-option">
                  {oneCorrect ? (
                    <Radio
                      mt={30}
                      name={`correct-${question.key}`}
                      checked={option.is_correct}
                      onChange={(event) => event.currentTarget.checked && markCorrect(option.key, true)}
                      aria-label={t('authoring.step5.correctOption', { number: index + 1 })}
                      data-testid="option-correct"
                    />
                  ) : (
                    <Checkbox
                      mt={30}
                      checked={option.is_correct}
                      onChange={(event) => markCorrect(option.key, event.currentTarget.checked)}
                      aria-label={t('authoring.step5.correctOption', { number: index + 1 })}
                      data-testid="option-correct"
                    />
                  )}
                  <TextInput
                    className="outline-grow"
                    label={t('authoring.step5.option', { number: index + 1 })}
                    value={option.text}
                    onChange={(event) => setOption(option.key, { text: event.currentTarget.value })}
                    error={errors[`${option.key}.text`] ?? errors[`${option.key}.id`]}
                    maxLength={500}
                    dir="auto"
                    data-testid="option-text"
                  />
                  {fixedOptions ? null : (
                    <ActionIcon mt={28} variant="default" color="red.9" onClick={() => props.onDeleteOption(option)} aria-label={t('authoring.step5.deleteOption', { number: index + 1 })}>
                      <span aria-hidden="true">✕</span>
                    </ActionIcon>
                  )}
                </Group>
              ))}
              {errors[`${question.key}.options`] ? (
                <Text size="sm" c="red.9" data-testid="question-options-error">
                  {errors[`${question.key}.options`]}
                </Text>
              ) : null}
              {fixedOptions || question.options.length >= AUTHORING_LIMITS.options ? null : (
                <Group>
                  <Button size="xs" variant="light" onClick={() => change({ options: [...question.options, newOption()] })}>
                    {t('authoring.step5.addOption')}
                  </Button>
                </Group>
              )}
            </Stack>
          </fieldset>
        )}
      </Stack>
    </Paper>
  );
}
