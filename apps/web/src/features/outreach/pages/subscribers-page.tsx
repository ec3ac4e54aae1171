import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/http';
import { formatLongDate } from '../../../lib/format';
import { usePageTitle } from '../../../components/use-page-title';
import { PagedList } from '../../../components/paged-list';
import { ListToolbar } from '../../../components/list-toolbar';
import { NewsletterSendForm } from '../components/newsletter-send-form';
import { downloadSubscribers, outreachKeys, outreachQueries, removeSubscriber, type Subscriber } from '../api';

/** The newsletter's subscribers (unconfirmed ones marked): search, a CSV download of the confirmed ones, removal behind a confirmation, and sending a newsletter. */
export default function SubscribersPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [toRemove, setToRemove] = useState<Subscriber | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [downloading, setDownloading] = useState(false);
  usePageTitle(t('subscribers.title'));
  const list = useQuery({ ...outreachQueries.subscribers(page, search ? { search } : {}), placeholderData: keepPreviousData });

  const remove = useMutation({
    mutationFn: (s: Subscriber) => removeSubscriber(s.id),
    onSuccess: (response) => setResult({ ok: true, text: response.message }),
    onError: (error) => setResult({ ok: false, text: failureText(error, t('subscribers.failed')) }),
    onSettled: async () => {
      setToRemove(null);
      await queryClient.invalidateQueries({ queryKey: outreachKeys.subscribers });
    },
  });

  const download = async () => {
    setDownloading(true);
    try {
      const file = await downloadSubscribers();
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = 'nibras-subscribers.csv';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setResult({ ok: false, text: failureText(error, t('subscribers.downloadFailed')) });
    } finally {
      setDownloading(false);
    }
  };

  const data = list.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.perPage))) : 1;
  if (data && !list.isPlaceholderData && data.items.length === 0 && page > lastPage) setPage(lastPage);

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} className="shell-page__title">
          {t('subscribers.title')}
        </Title>
        <Button variant="light" loading={downloading} onClick={() => void download()} data-testid="subscribers-download">
          {t('subscribers.download')}
        </Button>
      </Group>
      <ListToolbar
        texts="subscribers"
        maxLength={200}
        searchTestId="subscribers-search"
        onSearch={(text) => { setPage(1); setSearch(text); }}
      />
      {result ? (
        <Alert color={result.ok ? 'green' : 'red'} aria-live="polite" data-testid="subscribers-result" withCloseButton closeButtonLabel={t('subscribers.dismiss')} onClose={() => setResult(null)}>
          {result.text}
        </Alert>
      ) : null}
      {data && data.items.length > 0 ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('subscribers.total', { count: data.total })}
        </Text>
      ) : null}
      <PagedList list={list} texts={search ? 'subscribers.noMatch' : 'subscribers'} page={page} onPage={setPage}>
        {(items) => (
          <ul className="plain-list" aria-label={t('subscribers.title')} aria-busy={list.isFetching}>
            {items.map((s) => (
              <li key={s.id}>
                <Paper withBorder radius="lg" p="sm" data-testid="subscriber-row">
                  <Group justify="space-between" gap="sm" wrap="wrap">
                    <Stack gap={2} style={{ flex: '1 1 14rem', minInlineSize: 0 }}>
                      <Group gap="xs" wrap="wrap">
                        <Text fw={600} className="break-anywhere">
                          <bdi>{s.email}</bdi>
                        </Text>
                        {s.confirmed ? null : (
                          <Badge color="yellow.9" variant="filled" autoContrast data-testid="subscriber-waiting">
                            {t('subscribers.waiting')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {t('subscribers.since', { date: formatLongDate(s.createdAt, i18n.language) })}
                      </Text>
                    </Stack>
                    <Button size="xs" variant="outline" color="red.9" onClick={() => setToRemove(s)} aria-label={t('subscribers.removeNamed', { email: s.email })}>
                      {t('subscribers.remove')}
                    </Button>
                  </Group>
                </Paper>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <NewsletterSendForm />
      <Modal opened={toRemove !== null} onClose={() => setToRemove(null)} title={t('subscribers.removeTitle')} centered closeButtonProps={{ 'aria-label': t('subscribers.keep') }}>
        <Stack>
          <Text>{toRemove ? t('subscribers.removeText', { email: toRemove.email }) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToRemove(null)}>
              {t('subscribers.keep')}
            </Button>
            <Button color="red.9" loading={remove.isPending} onClick={() => toRemove && remove.mutate(toRemove)} data-testid="subscriber-remove-confirm">
              {t('subscribers.removeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
