import { useState, type FormEvent } from 'react';
import { TextInput } from '@mantine/core';
import { SEARCH_QUERY_MAX } from '@nibras/contract';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { useTakenOver } from '../../../lib/taken-over';
import '../search.css';

/** The header's search box: Enter goes to /search?q=. */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  // In every drawn page's header (docs/decisions/018): typed into once the app has the page (lib/taken-over.ts), so
  // no text is typed that the app would not know. Without the app, the form still goes to /search?q= by itself.
  const ready = useTakenOver();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const query = q.trim();
    void navigate(query ? `${paths.search}?${new URLSearchParams({ q: query }).toString()}` : paths.search);
  };
  return (
    <form role="search" action={paths.search} method="get" onSubmit={onSubmit} className="header-search">
      <TextInput
        type="search"
        size="xs"
        radius="xl"
        aria-label={t('search.header.label')}
        placeholder={t('search.header.placeholder')}
        name="q"
        value={q}
        readOnly={!ready}
        onChange={(event) => setQ(event.currentTarget.value)}
        // The server refuses a longer query (SEARCH_QUERY_MAX): a pasted paragraph is cut here instead.
        maxLength={SEARCH_QUERY_MAX}
        dir="auto"
        data-testid="header-search"
      />
    </form>
  );
}
