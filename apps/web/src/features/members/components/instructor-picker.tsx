import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { memberQueries } from '../api';

interface InstructorPickerProps extends Omit<ComponentProps<typeof Select>, 'data' | 'value' | 'onChange' | 'searchable'> {
  /** The chosen instructor's id as a string ('' for none). */
  value?: string | number | undefined;
  onChange: (value: string) => void;
  /** The instructor already chosen (the course's owner), shown before any search. */
  current?: { id: number; name: string } | undefined;
}

/**
 * An admin picks an instructor by name or email: the search goes to the admin instructor list
 * (Arabic spelling variants match), active accounts only, twenty at a time.
 */
export function InstructorPicker({ value = '', onChange, current, ...props }: InstructorPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const found = useQuery({
    ...memberQueries.list('instructor', 1, { search: debounced, status: 'active', perPage: 20, sortConfig: { key: 'name', direction: 'asc' } }),
    placeholderData: keepPreviousData,
  });
  const options = new Map<string, string>();
  if (current) options.set(String(current.id), current.name);
  if (chosen) options.set(chosen.value, chosen.label);
  for (const m of found.data?.items ?? []) options.set(String(m.id), `${m.name} · ${m.email}`);
  const selected = value === '' ? null : String(value);
  return (
    <Select
      {...props}
      searchable
      clearable
      value={selected}
      data={[...options].map(([v, label]) => ({ value: v, label }))}
      // The server searched already (with the Arabic folding the browser does not know).
      filter={({ options: all }) => all}
      onSearchChange={(text) => {
        // Mantine writes the chosen label into the box: that is no new search.
        if (text !== (selected ? options.get(selected) : undefined)) setSearch(text);
      }}
      onChange={(next, option) => {
        const id = next === null ? '' : String(next);
        setChosen(id && option ? { value: id, label: option.label } : null);
        setSearch('');
        onChange(id);
      }}
      nothingFoundMessage={found.isFetching ? t('members.picker.searching') : t('members.picker.none')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
