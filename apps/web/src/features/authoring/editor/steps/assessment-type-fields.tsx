import { ActionIcon, Button, Group, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { AUTHORING_LIMITS, blankCount } from '@nibras/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { moveItem } from '../reorder';
import { newOption, type DraftOption, type DraftQuestion } from './assessment-model';
import { OutlineMoveButtons } from './outline-row-tools';

export interface TypeFieldsProps {
  question: DraftQuestion;
  errors: Readonly<Record<string, string>>;
  change: (patch: Partial<DraftQuestion>) => void;
  onDeleteOption: (option: DraftOption) => void;
}

const setOption = ({ question, change }: TypeFieldsProps, key: string, patch: Partial<DraftOption>) =>
  change({ options: question.options.map((o) => (o.key === key ? { ...o, ...patch } : o)) });

/** The frame of a question's options: a legend, the rows, the question's own message and an add button. */
function OptionsFieldset({ legend, question, errors, addLabel, onAdd, children }: {
  legend: string;
  question: DraftQuestion;
  errors: Readonly<Record<string, string>>;
  addLabel?: string;
  onAdd?: () => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="assessment-options">
      <legend>{legend}</legend>
      <Stack gap="xs">
        {children}
        {errors[`${question.key}.options`] ? (
          <Text size="sm" c="red.9" data-testid="question-options-error">
            {errors[`${question.key}.options`]}
          </Text>
        ) : null}
        {addLabel && onAdd && question.options.length < AUTHORING_LIMITS.options ? (
          <Group>
            <Button size="xs" variant="light" onClick={onAdd}>
              {addLabel}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </fieldset>
  );
}

/** Matching: rows of a prompt and what it pairs with; the participant sees the matches shuffled. */
export function MatchingFields(props: TypeFieldsProps) {
  const { t } = useTranslation();
  const { question, errors } = props;
  return (
    <OptionsFieldset legend={t('authoring.step5.pairs')} question={question} errors={errors} addLabel={t('authoring.step5.addPair')} onAdd={() => props.change({ options: [...question.options, newOption()] })}>
      <Text size="sm" c="dimmed">
        {t('authoring.step5.pairsHint')}
      </Text>
      {question.options.map((option, index) => (
        <Group key={option.key} gap="xs" wrap="nowrap" align="flex-start" data-testid="question-pair">
          <TextInput
            className="outline-grow"
            label={t('authoring.step5.pairPrompt', { number: index + 1 })}
            value={option.text}
            onChange={(event) => setOption(props, option.key, { text: event.currentTarget.value })}
            error={errors[`${option.key}.text`] ?? errors[`${option.key}.id`]}
            maxLength={500}
            dir="auto"
            data-testid="pair-prompt"
          />
          <TextInput
            className="outline-grow"
            label={t('authoring.step5.pairMatch', { number: index + 1 })}
            value={option.match}
            onChange={(event) => setOption(props, option.key, { match: event.currentTarget.value })}
            error={errors[`${option.key}.match`]}
            maxLength={500}
            dir="auto"
            data-testid="pair-match"
          />
          <ActionIcon mt={28} variant="default" color="red.9" onClick={() => props.onDeleteOption(option)} aria-label={t('authoring.step5.deletePair', { number: index + 1 })}>
            <span aria-hidden="true">✕</span>
          </ActionIcon>
        </Group>
      ))}
    </OptionsFieldset>
  );
}

/** Ordering: the items written in their right order, moved with buttons; the participant gets them shuffled. */
export function OrderingFields(props: TypeFieldsProps) {
  const { t } = useTranslation();
  const { question, errors } = props;
  const last = question.options.length - 1;
  return (
    <OptionsFieldset legend={t('authoring.step5.items')} question={question} errors={errors} addLabel={t('authoring.step5.addItem')} onAdd={() => props.change({ options: [...question.options, newOption()] })}>
      <Text size="sm" c="dimmed">
        {t('authoring.step5.itemsHint')}
      </Text>
      {question.options.map((option, index) => (
        <Group key={option.key} gap="xs" wrap="nowrap" align="flex-start" data-testid="question-item">
          <TextInput
            className="outline-grow"
            label={t('authoring.step5.item', { number: index + 1 })}
            value={option.text}
            onChange={(event) => setOption(props, option.key, { text: event.currentTarget.value })}
            error={errors[`${option.key}.text`] ?? errors[`${option.key}.id`]}
            maxLength={500}
            dir="auto"
            data-testid="item-text"
          />
          <OutlineMoveButtons
            className="assessment-row-tools"
            upLabel={t('authoring.step5.itemUp', { number: index + 1 })}
            downLabel={t('authoring.step5.itemDown', { number: index + 1 })}
            deleteLabel={t('authoring.step5.deleteItem', { number: index + 1 })}
            canMoveUp={index > 0}
            canMoveDown={index < last}
            onUp={() => props.change({ options: [...moveItem(question.options, index, index - 1)] })}
            onDown={() => props.change({ options: [...moveItem(question.options, index, index + 1)] })}
            onDelete={() => props.onDeleteOption(option)}
            deleteTestId="item-delete"
          />
        </Group>
      ))}
    </OptionsFieldset>
  );
}

/**
 * Fill in the blanks: one field per ___ of the text, in order, holding that blank's accepted answers. A field
 * left past the last blank (it holds answers or was saved) says so and can be deleted.
 */
export function BlankFields(props: TypeFieldsProps) {
  const { t } = useTranslation();
  const { question, errors } = props;
  const count = blankCount(question.text);
  return (
    <OptionsFieldset legend={t('authoring.step5.blanks')} question={question} errors={errors}>
      {count === 0 ? (
        <Text size="sm" c="dimmed" data-testid="question-no-blanks">
          {t('authoring.step5.noBlanks')}
        </Text>
      ) : null}
      {question.options.map((option, index) => (
        <Group key={option.key} gap="xs" wrap="nowrap" align="flex-start" data-testid="question-blank">
          <Textarea
            className="outline-grow"
            label={t('authoring.step5.blank', { number: index + 1 })}
            description={index < count ? t('authoring.step5.blankHint') : t('authoring.step5.blankExtra')}
            value={option.text}
            onChange={(event) => setOption(props, option.key, { text: event.currentTarget.value })}
            error={errors[`${option.key}.text`] ?? errors[`${option.key}.id`]}
            autosize
            minRows={2}
            maxLength={500}
            dir="auto"
            data-testid="blank-answers"
          />
          {index < count ? null : (
            <ActionIcon mt={50} variant="default" color="red.9" onClick={() => props.onDeleteOption(option)} aria-label={t('authoring.step5.deleteBlank', { number: index + 1 })}>
              <span aria-hidden="true">✕</span>
            </ActionIcon>
          )}
        </Group>
      ))}
    </OptionsFieldset>
  );
}

/** Numeric: the right number and how far from it an answer may be. */
export function NumericFields({ question, errors, change }: TypeFieldsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-start" grow preventGrowOverflow={false}>
      <NumberInput
        label={t('authoring.step5.numericAnswer')}
        value={question.numeric_answer}
        min={-1e12}
        max={1e12}
        decimalScale={6}
        onChange={(value) => change({ numeric_answer: value })}
        error={errors[`${question.key}.numeric_answer`]}
        data-testid="question-numeric-answer"
      />
      <NumberInput
        label={t('authoring.step5.tolerance')}
        description={t('authoring.step5.toleranceHint')}
        value={question.tolerance}
        min={0}
        max={1e12}
        decimalScale={6}
        onChange={(value) => change({ tolerance: value })}
        error={errors[`${question.key}.tolerance`]}
        data-testid="question-tolerance"
      />
    </Group>
  );
}
