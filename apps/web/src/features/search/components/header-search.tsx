import { useState, type FormEvent } from 'react';
import { TextInput } from '@mantine/core';
import { SEARCH_QUERY_MAX } from '@nibras/contract';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import '../search.css';

/** The header's search box: Enter goes to /search?q=. */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const query = q.trim();
    void navigate(query ? `${paths.search}?${new URLSearchParams({ q: query }).toString()}` : paths.search);
  };
  return (
    <form role="search" onSubmit={onSubmit} className="header-search">
      <TextInput
        type="search"
        size="xs"
        radius="xl"
        aria-label={t('search.header.label')}
        placeholder={t('search.header.placeholder')}
        value={q}
        onChange={(event) => setQ(event.currentTarget.value)}
        // The server refuses a longer query (SEARCH_QUERY_MAX): a pasted paragraph is cut here instead.
        maxLength={SEARCH_QUERY_MAX}
        dir="auto"
        data-testid="header-search"
      />
    </form>
  );
}
