import type { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerSearchSelect } from '../../../components/server-search-select';
import { enrolmentQueries } from '../api';

export interface PickedCourse {
  id: number;
  title: string;
}

interface CoursePickerProps extends Omit<ComponentProps<typeof Select>, 'data' | 'value' | 'onChange' | 'searchable' | 'clearable' | 'filter' | 'onSearchChange' | 'nothingFoundMessage'> {
  value: PickedCourse | null;
  onChange: (course: PickedCourse | null) => void;
}

/** An approved course, found by its title on the server (Arabic spelling variants match); cleared: no course. */
export function CoursePicker({ value, onChange, ...props }: CoursePickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQuery({ ...enrolmentQueries.courses(debounced), placeholderData: keepPreviousData });
  const options = new Map<string, string>();
  if (value) options.set(String(value.id), value.title);
  for (const course of found.data?.items ?? []) options.set(String(course.id), course.title);
  return (
    <ServerSearchSelect
      {...props}
      options={options}
      value={value ? String(value.id) : null}
      onSearch={setSearch}
      onChange={(id, title) => onChange(id === null || title === null ? null : { id: Number(id), title })}
      nothingFound={found.isFetching ? t('enrolments.course.searching') : found.isError ? t('enrolments.course.loadFailed') : t('enrolments.course.nothing')}
    />
  );
}
