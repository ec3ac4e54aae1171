import type { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerSearchSelect } from '../../../components/server-search-select';
import { memberQueries } from '../api';

interface InstructorPickerProps extends Omit<ComponentProps<typeof Select>, 'data' | 'value' | 'onChange' | 'searchable' | 'clearable' | 'filter' | 'onSearchChange' | 'nothingFoundMessage'> {
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
  return (
    <ServerSearchSelect
      {...props}
      options={options}
      value={value === '' ? null : String(value)}
      onSearch={setSearch}
      onChange={(id, label) => {
        setChosen(id !== null && label !== null ? { value: id, label } : null);
        onChange(id ?? '');
      }}
      nothingFound={found.isFetching ? t('members.picker.searching') : t('members.picker.none')}
    />
  );
}
