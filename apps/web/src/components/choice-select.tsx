import { NativeSelect } from '@mantine/core';

export interface Choice {
  value: string;
  label: string;
}

export interface ChoiceSelectProps {
  label: string;
  options: readonly Choice[];
  /** The chosen value; null is "any" (the first option, when `anyLabel` is given). */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The label of an empty first option that clears the choice (a filter); without it a value is always chosen (a sort). */
  anyLabel?: string;
  testId?: string;
  width?: number;
  mb?: string;
}

/** The options a choice select shows: "any" first when it may be cleared. */
export function choiceOptions(options: readonly Choice[], anyLabel?: string): Choice[] {
  return anyLabel === undefined ? [...options] : [{ value: '', label: anyLabel }, ...options];
}

/** What a change of the native select means: its empty "any" option is no choice. */
export const chosenValue = (raw: string): string | null => (raw === '' ? null : raw);

/**
 * A labelled choice on the public pages (sort, search filters): the browser's own <select>, in Mantine's input
 * styles (NativeSelect, on the same InputBase as the site's text fields), instead of Mantine's Select, whose popover,
 * scroll area and focus trap weighed about 36 KB of a phone's first visit (issue 26 point 9, docs/decisions/019).
 * The keyboard, the screen reader and the phone's own picker come with the element; the chevron sits on the end
 * side in both directions.
 */
export function ChoiceSelect({ label, options, value, onChange, anyLabel, testId, width, mb }: ChoiceSelectProps) {
  return (
    <NativeSelect
      label={label}
      data={choiceOptions(options, anyLabel)}
      value={value ?? ''}
      onChange={(event) => onChange(chosenValue(event.currentTarget.value))}
      data-testid={testId}
      w={width}
      mb={mb}
    />
  );
}
