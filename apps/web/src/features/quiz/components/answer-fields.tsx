import { ActionIcon, Group, Stack, Text, TextInput } from '@mantine/core';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '../../../components/choice-select';
import type { QuizQuestionView } from '../api';
import { parseAnswerNumber } from '../answer-number';
import { orderOf, type DraftAnswer } from '../attempt-draft';

export interface AnswerFieldProps {
  question: QuizQuestionView;
  value: DraftAnswer;
  onChange: (next: DraftAnswer) => void;
  /** The question's legend: what every field of it is read with. */
  legendId: string;
}

/** Matching: each prompt with the browser's own list of the choices (ChoiceSelect) to pick its match from. */
export function MatchingField({ question, value, onChange }: AnswerFieldProps) {
  const { t } = useTranslation();
  const choose = (promptId: number, choiceId: number | null) => {
    const others = value.matches.filter((pair) => pair.option_id !== promptId);
    onChange({ ...value, matches: choiceId === null ? others : [...others, { option_id: promptId, choice_id: choiceId }] });
  };
  const choices = question.choices.map((choice) => ({ value: String(choice.id), label: choice.text }));
  return (
    <Stack gap="xs" data-testid="quiz-matching">
      {question.options.map((prompt) => {
        const chosen = value.matches.find((pair) => pair.option_id === prompt.id)?.choice_id;
        return (
          <ChoiceSelect
            key={prompt.id}
            label={prompt.text}
            options={choices}
            anyLabel={t('quiz.take.matchChoose')}
            value={chosen === undefined ? null : String(chosen)}
            onChange={(choice) => choose(prompt.id, choice === null ? null : Number(choice))}
            testId="quiz-match"
          />
        );
      })}
    </Stack>
  );
}

/**
 * Ordering: the items in the order given (first as received), each moved with its own up and down buttons. The
 * moved item's button keeps the focus (the other one once it reaches an end), and its new place is announced.
 */
export function OrderingField({ question, value, onChange, legendId }: AnswerFieldProps) {
  const { t } = useTranslation();
  const order = orderOf(question, value);
  const byId = new Map(question.options.map((option) => [option.id, option]));
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [moved, setMoved] = useState<{ id: number; direction: -1 | 1 } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!moved) return;
    const same = buttons.current.get(`${moved.id}:${moved.direction}`);
    const other = buttons.current.get(`${moved.id}:${-moved.direction}`);
    (same && !same.disabled ? same : other)?.focus();
    setMoved(null);
  }, [moved]);
  const move = (index: number, direction: -1 | 1) => {
    const target = index + direction;
    if (target < 0 || target >= order.length) return;
    const next = [...order];
    const [id] = next.splice(index, 1) as [number];
    next.splice(target, 0, id);
    onChange({ ...value, option_ids: next });
    setMoved({ id, direction });
    setAnnouncement(t('quiz.take.movedTo', { text: byId.get(id)?.text ?? '', position: target + 1, total: order.length }));
  };
  const ref = (id: number, direction: -1 | 1) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(`${id}:${direction}`, element);
    else buttons.current.delete(`${id}:${direction}`);
  };
  return (
    <>
      <ol className="quiz-order" aria-labelledby={legendId} data-testid="quiz-ordering">
        {order.map((id, index) => {
          const text = byId.get(id)?.text ?? '';
          return (
            <li key={id} className="quiz-order__item" data-testid="quiz-order-item" data-item-id={id}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text className="break-anywhere">
                  <bdi>{text}</bdi>
                </Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    ref={ref(id, -1)}
                    variant="default"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t('quiz.take.moveUp', { text, position: index + 1 })}
                    data-testid="quiz-order-up"
                  >
                    <span aria-hidden="true">↑</span>
                  </ActionIcon>
                  <ActionIcon
                    ref={ref(id, 1)}
                    variant="default"
                    disabled={index === order.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t('quiz.take.moveDown', { text, position: index + 1 })}
                    data-testid="quiz-order-down"
                  >
                    <span aria-hidden="true">↓</span>
                  </ActionIcon>
                </Group>
              </Group>
            </li>
          );
        })}
      </ol>
      <div aria-live="polite" className="visually-hidden" data-testid="quiz-order-status">
        {announcement}
      </div>
    </>
  );
}

/** The parts of a fill-in-the-blanks text around its blanks (___): one part more than there are blanks. */
export const blankParts = (text: string) => text.split(/_{3,}/);

/** Fill in the blanks: the question's text with a field in place of each blank. */
export function BlanksField({ question, value, onChange }: AnswerFieldProps) {
  const { t } = useTranslation();
  const parts = blankParts(question.text);
  const setBlank = (index: number, text: string) => {
    const blanks = Array.from({ length: Math.max(question.blanks, parts.length - 1) }, (_, i) => value.blanks[i] ?? '');
    blanks[index] = text;
    onChange({ ...value, blanks });
  };
  return (
    <Text component="div" fw={600} className="quiz-blanks break-anywhere" data-testid="quiz-question-text">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? (
            <TextInput
              className="quiz-blank"
              aria-label={t('quiz.take.blank', { number: index + 1 })}
              value={value.blanks[index] ?? ''}
              onChange={(event) => setBlank(index, event.currentTarget.value)}
              maxLength={200}
              autoComplete="off"
              dir="auto"
              data-testid="quiz-blank"
            />
          ) : null}
        </Fragment>
      ))}
    </Text>
  );
}

/** Numeric: a number typed in Western or Arabic-Indic digits, with a point or ٫ before the decimals. */
export function NumberField({ value, onChange, legendId }: AnswerFieldProps) {
  const { t } = useTranslation();
  const unreadable = value.number.trim() !== '' && parseAnswerNumber(value.number) === null;
  return (
    <TextInput
      aria-labelledby={legendId}
      value={value.number}
      onChange={(event) => onChange({ ...value, number: event.currentTarget.value })}
      inputMode="decimal"
      autoComplete="off"
      maxLength={40}
      dir="ltr"
      error={unreadable ? t('quiz.take.numberUnreadable') : undefined}
      className="quiz-number"
      data-testid="quiz-number"
    />
  );
}
