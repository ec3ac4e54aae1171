import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/http';
import { formatLongDate } from '../../../lib/format';
import { usePageTitle } from '../../../components/use-page-title';
import { PagedList } from '../../../components/paged-list';
import { ListToolbar } from '../../../components/list-toolbar';
import { markContactMessage, outreachKeys, outreachQueries, removeContactMessage, type ContactMessage } from '../api';

/** Messages sent through the contact form: newest first, unread marked; mark read or unread, delete behind a confirmation. */
export default function ContactMessagesPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [toRemove, setToRemove] = useState<ContactMessage | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  usePageTitle(t('contactMessages.title'));
  const list = useQuery({ ...outreachQueries.contactMessages(page, search ? { search } : {}), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: outreachKeys.contactMessages });

  const mark = useMutation({
    mutationFn: (m: ContactMessage) => markContactMessage(m.id, m.readAt === null),
    onError: (error) => setResult({ ok: false, text: failureText(error, t('contactMessages.failed')) }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (m: ContactMessage) => removeContactMessage(m.id),
    onSuccess: (response) => setResult({ ok: true, text: response.message }),
    onError: (error) => setResult({ ok: false, text: failureText(error, t('contactMessages.failed')) }),
    onSettled: async () => {
      setToRemove(null);
      await refresh();
    },
  });

  const data = list.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.perPage))) : 1;
  if (data && !list.isPlaceholderData && data.items.length === 0 && page > lastPage) setPage(lastPage);

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} className="shell-page__title">
        {t('contactMessages.title')}
      </Title>
      <ListToolbar
        texts="contactMessages"
        maxLength={200}
        searchTestId="contact-messages-search"
        onSearch={(text) => { setPage(1); setSearch(text); }}
      />
      {result ? (
        <Alert color={result.ok ? 'green' : 'red'} aria-live="polite" data-testid="contact-messages-result" withCloseButton closeButtonLabel={t('contactMessages.dismiss')} onClose={() => setResult(null)}>
          {result.text}
        </Alert>
      ) : null}
      {data && data.items.length > 0 ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('contactMessages.total', { count: data.total })}
        </Text>
      ) : null}
      <PagedList list={list} texts={search ? 'contactMessages.noMatch' : 'contactMessages'} page={page} onPage={setPage}>
        {(items) => (
          <ul className="plain-list" aria-label={t('contactMessages.title')} aria-busy={list.isFetching}>
            {items.map((m) => (
              <li key={m.id}>
                <Paper withBorder radius="lg" p="md" data-testid="contact-message" data-read={m.readAt ? 'true' : 'false'} style={m.readAt ? undefined : { borderInlineStartWidth: 4, borderInlineStartColor: 'var(--mantine-color-teal-8)' }}>
                  <Stack gap="xs">
                    <Group justify="space-between" align="flex-start" gap="sm">
                      <Stack gap={2} style={{ flex: '1 1 14rem', minInlineSize: 0 }}>
                        <Text fw={700} className="break-anywhere">
                          <bdi>{m.subject || t('contactMessages.noSubject')}</bdi>
                        </Text>
                        <Text size="sm">
                          <bdi>{m.name}</bdi> · <bdi className="break-anywhere">{m.email}</bdi>
                        </Text>
                        <Text size="sm" c="dimmed">
                          {formatLongDate(m.createdAt, i18n.language)}
                        </Text>
                      </Stack>
                      <Badge color={m.readAt ? 'gray.7' : 'teal.9'} variant="filled" autoContrast>
                        {m.readAt ? t('contactMessages.read') : t('contactMessages.unread')}
                      </Badge>
                    </Group>
                    <Text dir="auto" className="break-anywhere" style={{ whiteSpace: 'pre-line' }}>
                      {m.message}
                    </Text>
                    <Group gap="xs">
                      <Button size="xs" variant="default" loading={mark.isPending && mark.variables?.id === m.id} onClick={() => mark.mutate(m)} data-testid="contact-message-mark">
                        {m.readAt ? t('contactMessages.markUnread') : t('contactMessages.markRead')}
                      </Button>
                      <Button size="xs" variant="outline" color="red.9" onClick={() => setToRemove(m)}>
                        {t('contactMessages.delete')}
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <Modal opened={toRemove !== null} onClose={() => setToRemove(null)} title={t('contactMessages.deleteTitle')} centered closeButtonProps={{ 'aria-label': t('contactMessages.keep') }}>
        <Stack>
          <Text>{toRemove ? t('contactMessages.deleteText', { name: toRemove.name }) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToRemove(null)}>
              {t('contactMessages.keep')}
            </Button>
            <Button color="red.9" loading={remove.isPending} onClick={() => toRemove && remove.mutate(toRemove)} data-testid="contact-message-delete-confirm">
              {t('contactMessages.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
