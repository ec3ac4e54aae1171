import { Select } from '@mantine/core';
import { APPROVE_STATUSES, COMPLETION_STATUSES, COURSE_LANGUAGES, COURSE_LIST_SORT_KEYS } from '@nibras/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../../components/list-toolbar';
import { PER_PAGE_CHOICES, type CourseListParams } from './list-params';

interface AnyOfSelectProps {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  testId: string;
}

/** A filter whose first choice, "any", is the empty string the list API reads as no filter. */
function AnyOfSelect({ label, value, options, onChange, testId }: AnyOfSelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      value={value}
      allowDeselect={false}
      onChange={(next) => onChange(next ?? '')}
      data={[{ value: '', label: t('authoring.list.any') }, ...options]}
      data-testid={testId}
    />
  );
}

interface ListFiltersProps {
  params: CourseListParams;
  /** Any change of filter starts again at page 1. */
  onChange: (next: Partial<CourseListParams>) => void;
}

/** Search (sent on Enter or the button), status, completion, language, sorting and page size of the course list. */
export function ListFilters({ params, onChange }: ListFiltersProps) {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState(params.search);
  const [shownSearch, setShownSearch] = useState(params.search);
  // Back/forward or "clear filters" change the search outside the box: the box follows.
  if (shownSearch !== params.search) {
    setShownSearch(params.search);
    setSearchInput(params.search);
  }

  return (
    <ListToolbar
      texts="authoring.list"
      draft={searchInput}
      onDraftChange={setSearchInput}
      onSearch={(search) => onChange({ search })}
      maxLength={200}
      searchTestId="course-list-search"
      below={
        <div className="authoring-filters__grid">
          <AnyOfSelect
            label={t('authoring.list.status')}
            value={params.approve_status}
            options={APPROVE_STATUSES.map((value) => ({ value, label: t(`authoring.status.${value}`) }))}
            onChange={(value) => onChange({ approve_status: value as CourseListParams['approve_status'] })}
            testId="course-list-status"
          />
          <AnyOfSelect
            label={t('authoring.list.completion')}
            value={params.completion_status}
            options={COMPLETION_STATUSES.map((value) => ({ value, label: t(`authoring.list.completionStatus.${value}`) }))}
            onChange={(value) => onChange({ completion_status: value as CourseListParams['completion_status'] })}
            testId="course-list-completion"
          />
          <AnyOfSelect
            label={t('authoring.list.language')}
            value={params.language}
            options={COURSE_LANGUAGES.map((value) => ({ value, label: t(`catalog.language.${value}`) }))}
            onChange={(value) => onChange({ language: value as CourseListParams['language'] })}
            testId="course-list-language"
          />
          <Select
            label={t('authoring.list.sort')}
            value={params.sort}
            allowDeselect={false}
            onChange={(value) => value && onChange({ sort: value as CourseListParams['sort'] })}
            data={COURSE_LIST_SORT_KEYS.map((value) => ({ value, label: t(`authoring.list.sortKey.${value}`) }))}
            data-testid="course-list-sort"
          />
          <Select
            label={t('authoring.list.direction')}
            value={params.direction}
            allowDeselect={false}
            onChange={(value) => value && onChange({ direction: value as CourseListParams['direction'] })}
            data={(['desc', 'asc'] as const).map((value) => ({ value, label: t(`authoring.list.direction.${value}`) }))}
            data-testid="course-list-direction"
          />
          <Select
            label={t('authoring.list.perPage')}
            value={String(params.perPage)}
            allowDeselect={false}
            onChange={(value) => value && onChange({ perPage: Number(value) })}
            data={PER_PAGE_CHOICES.map((value) => ({ value: String(value), label: String(value) }))}
            data-testid="course-list-per-page"
          />
        </div>
      }
    />
  );
}
