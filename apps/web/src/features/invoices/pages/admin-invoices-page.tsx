import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/http';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';
import { usePageTitle } from '../../../components/use-page-title';
import { PagedList } from '../../../components/paged-list';
import { ListToolbar } from '../../../components/list-toolbar';
import { downloadInvoice, exportInvoices, invoiceQueries, type Invoice } from '../api';

/** Every tax invoice for the admin, newest first: search by number or buyer, each one's PDF, and the CSV export of the list. */
export default function AdminInvoicesPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<'export' | number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  usePageTitle(t('invoices.title'));
  const list = useQuery({ ...invoiceQueries.admin(page, search), placeholderData: keepPreviousData });

  const fetchAndSave = async (which: 'export' | Invoice) => {
    setBusy(which === 'export' ? 'export' : which.id);
    setFailure(null);
    try {
      if (which === 'export') saveFile(await exportInvoices(search), 'nibras-invoices.csv');
      else saveFile(await downloadInvoice(which.id), `nibras-invoice-${which.number}.pdf`);
    } catch (error) {
      setFailure(failureText(error, t(which === 'export' ? 'invoices.exportFailed' : 'invoices.downloadFailed')));
    } finally {
      setBusy(null);
    }
  };

  const data = list.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.perPage))) : 1;
  if (data && !list.isPlaceholderData && data.items.length === 0 && page > lastPage) setPage(lastPage);
  const money = (minor: number, currency: string) => formatMoney(minor, currency, i18n.language);

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} className="shell-page__title">
          {t('invoices.title')}
        </Title>
        <Button variant="light" loading={busy === 'export'} onClick={() => void fetchAndSave('export')} data-testid="invoices-export">
          {t('invoices.export')}
        </Button>
      </Group>
      <ListToolbar
        texts="invoices"
        maxLength={200}
        searchTestId="invoices-search"
        onSearch={(text) => {
          setPage(1);
          setSearch(text);
        }}
      />
      {failure ? (
        <Alert color="red" aria-live="polite" data-testid="invoices-failure" withCloseButton closeButtonLabel={t('invoices.dismiss')} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}
      <PagedList list={list} texts={search ? 'invoices.noMatch' : 'invoices'} page={page} onPage={setPage}>
        {(items) => (
          <ul className="plain-list" aria-label={t('invoices.title')} aria-busy={list.isFetching}>
            {items.map((invoice) => (
              <li key={invoice.id}>
                <Paper withBorder radius="lg" p="sm" data-testid="invoice-row">
                  <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
                    <Stack gap={2} style={{ flex: '1 1 14rem', minInlineSize: 0 }}>
                      <Text fw={700}>
                        <bdi>{invoice.number}</bdi>
                      </Text>
                      <Text size="sm" c="dimmed">
                        {t('invoices.issued', { date: formatLongDate(invoice.issuedAt, i18n.language) })}
                      </Text>
                      <Text size="sm" className="break-anywhere">
                        {t('invoices.buyer', { name: invoice.buyer.name })} · <bdi>{invoice.buyer.email}</bdi>
                      </Text>
                      <Text size="sm" dir="auto" className="break-anywhere">
                        {invoice.courseTitle}
                      </Text>
                      <Text size="sm">
                        {t('invoices.net', { amount: money(invoice.netMinor, invoice.currency) })} · {t('invoices.vat', { rate: invoice.vatRate, amount: money(invoice.vatMinor, invoice.currency) })} ·{' '}
                        <strong>{t('invoices.total', { amount: money(invoice.totalMinor, invoice.currency) })}</strong>
                      </Text>
                    </Stack>
                    <Button
                      size="xs"
                      variant="outline"
                      loading={busy === invoice.id}
                      onClick={() => void fetchAndSave(invoice)}
                      aria-label={t('invoices.downloadNamed', { number: invoice.number })}
                    >
                      {t('invoices.download')}
                    </Button>
                  </Group>
                </Paper>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </Stack>
  );
}
