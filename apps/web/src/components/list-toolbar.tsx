import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTakenOver } from '../lib/taken-over';

/**
 * The toolbar's words: `texts` is the prefix of the keys `<texts>.filters` (the search landmark's
 * name), `<texts>.search` (the box's label) and `<texts>.searchSubmit` (its button), or they are given.
 */
type ToolbarTexts = { texts: string; label?: never; searchLabel?: never; submitLabel?: never } | { texts?: never; label?: string; searchLabel: string; submitLabel: string };

type ListToolbarProps = ToolbarTexts & {
  /** The box's text, trimmed, sent on Enter or the button. */
  onSearch: (text: string) => void;
  /** The box's text when the page keeps it (to empty it with its filters, or to follow the address); the box keeps its own otherwise. */
  draft?: string;
  onDraftChange?: (text: string) => void;
  searchTestId?: string;
  maxLength?: number;
  /** Filters on the search's row, before the box or after its button. */
  before?: ReactNode;
  after?: ReactNode;
  /** Filters on a row of their own under the search. */
  below?: ReactNode;
  /** The public search page's bar: no card around it, a search field with a placeholder, and the page's main button. */
  bar?: { className: string; placeholder: string };
};

/**
 * The search and filters above a list (the admin's lists, the course lists, the submissions, the
 * public search): a search landmark whose text goes out on Enter or the button, while the filters
 * and sorting the page puts beside or below it act at once.
 */
export function ListToolbar({ texts, onSearch, draft, onDraftChange, searchTestId, maxLength, before, after, below, bar, ...words }: ListToolbarProps) {
  const { t } = useTranslation();
  const label = texts ? t(`${texts}.filters`) : words.label;
  const searchLabel = texts ? t(`${texts}.search`) : words.searchLabel;
  const submitLabel = texts ? t(`${texts}.searchSubmit`) : words.submitLabel;
  const [text, setText] = useUncontrolled({ value: draft, defaultValue: '', onChange: onDraftChange });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  // The search page's box is drawn by the server (docs/decisions/018): typed into and sent once the app has the page.
  const ready = useTakenOver();
  const search = (
    <>
      {before}
      <TextInput
        {...(bar ? { type: 'search', placeholder: bar.placeholder } : {})}
        label={searchLabel}
        value={text}
        readOnly={!ready}
        onChange={(event) => setText(event.currentTarget.value)}
        dir="auto"
        maxLength={maxLength}
        style={{ flex: bar ? '1 1 16rem' : '1 1 12rem' }}
        data-testid={searchTestId}
      />
      <Button type="submit" disabled={!ready} variant={bar ? undefined : 'default'}>
        {submitLabel}
      </Button>
      {after}
    </>
  );
  if (bar) {
    return (
      <form role="search" onSubmit={submit} className={bar.className}>
        {search}
      </form>
    );
  }
  const row = (
    <Group align="flex-end" gap="sm">
      {search}
    </Group>
  );
  return (
    <Paper withBorder radius="lg" p="md">
      <form onSubmit={submit} role="search" aria-label={label}>
        {below ? (
          <Stack gap="sm">
            {row}
            {below}
          </Stack>
        ) : (
          row
        )}
      </form>
    </Paper>
  );
}
