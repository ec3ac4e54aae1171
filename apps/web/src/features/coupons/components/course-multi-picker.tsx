import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { couponQueries, type CouponRole } from '../api';

export interface PickedCourse {
  id: number;
  title: string;
}

interface CourseMultiPickerProps {
  role: CouponRole;
  value: PickedCourse[];
  onChange: (courses: PickedCourse[]) => void;
  label: string;
  description?: string;
  error?: React.ReactNode;
  required?: boolean;
}

/**
 * Courses found by title on the server (Arabic spelling variants match, so the browser does not filter
 * them again): any course for admins, the instructor's own for instructors. The chosen ones stay offered.
 */
export function CourseMultiPicker({ role, value, onChange, label, description, error, required }: CourseMultiPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQuery(couponQueries.courses(role, debounced));
  const options = new Map<string, string>();
  for (const course of value) options.set(String(course.id), course.title);
  for (const course of found.data?.items ?? []) options.set(String(course.id), course.title);
  return (
    <MultiSelect
      label={label}
      description={description}
      error={error}
      required={required}
      searchable
      clearable
      hidePickedOptions
      value={value.map((course) => String(course.id))}
      data={[...options].map(([id, title]) => ({ value: id, label: title }))}
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(ids) => onChange(ids.map((id) => ({ id: Number(id), title: options.get(id) ?? id })))}
      nothingFoundMessage={found.isFetching ? t('coupons.course.searching') : found.isError ? t('coupons.course.loadFailed') : t('coupons.course.nothing')}
      comboboxProps={{ withinPortal: true }}
      data-testid="coupon-courses"
    />
  );
}
