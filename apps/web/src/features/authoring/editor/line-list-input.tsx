import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { AUTHORING_LIMITS } from '@nibras/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface LineListInputProps {
  /** The list's name, also the base of each line's label ("What you will learn 2"). */
  legend: string;
  description?: string;
  lines: string[];
  onChange: (lines: string[]) => void;
  /** The field messages: `errors[field]` for the list, `errors[field.N]` for line N. */
  errors: Readonly<Record<string, ReactNode>>;
  field: string;
}

/** An editable list of plain-text lines (step 2's learn points, requirements, audience). */
export function LineListInput({ legend, description, lines, onChange, errors, field }: LineListInputProps) {
  const { t } = useTranslation();
  const shown = lines.length === 0 ? [''] : lines;
  const setLine = (index: number, text: string) => onChange(shown.map((line, i) => (i === index ? text : line)));
  const remove = (index: number) => onChange(shown.filter((_, i) => i !== index));
  return (
    <Fieldset legend={legend} variant="unstyled" data-testid={`lines-${field}`}>
      <Stack gap="xs">
        {description ? (
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        ) : null}
        {shown.map((line, index) => (
          // Lines have no identity of their own; the index is what the server's errors name too.
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={t('authoring.step2.line', { list: legend, n: index + 1 })}
              value={line}
              maxLength={AUTHORING_LIMITS.listItem}
              onChange={(event) => setLine(index, event.currentTarget.value)}
              error={errors[`${field}.${index}`]}
              dir="auto"
              className="line-list__input"
            />
            <ActionIcon variant="subtle" color="red.8" size="lg" aria-label={t('authoring.step2.removeLine', { list: legend, n: index + 1 })} onClick={() => remove(index)} disabled={shown.length === 1 && line === ''}>
              <span aria-hidden="true">✕</span>
            </ActionIcon>
          </Group>
        ))}
        {errors[field] ? (
          <Text size="sm" c="red.8">
            {errors[field]}
          </Text>
        ) : null}
        <Group>
          <Button variant="light" size="xs" onClick={() => onChange([...shown, ''])} disabled={shown.length >= AUTHORING_LIMITS.listItems}>
            {t('authoring.step2.addLine')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** The lines a save sends: trimmed, without empty ones (the server drops them too). */
export function cleanLines(lines: readonly string[]): string[] {
  return lines.map((line) => line.trim()).filter((line) => line !== '');
}
