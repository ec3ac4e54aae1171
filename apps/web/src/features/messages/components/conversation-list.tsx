import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PagedList, type Paged } from '../../../components/paged-list';
import { formatLongDate } from '../../../lib/format';
import type { MessageThread } from '../api';

/** Threads, newest first: the other person, the course, the last message and its unread count. */
export function ConversationList({ list, page, onPage, selected, onOpen }: {
  list: UseQueryResult<Paged<MessageThread>>;
  page: number;
  onPage: (page: number) => void;
  selected: number | null;
  onOpen: (thread: MessageThread) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <PagedList list={list} texts="messages.list" page={page} onPage={onPage}>
      {(items) => (
        <ul className="plain-list messages-list" aria-label={t('messages.list.label')}>
          {items.map((thread) => {
            const mine = thread.last.Fromid === thread.owner.id;
            return (
              <li key={thread.id}>
                <UnstyledButton
                  className="messages-list__item"
                  aria-current={selected === thread.id ? 'true' : undefined}
                  onClick={() => onOpen(thread)}
                  data-testid="conversation"
                  data-unread={thread.unread}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <Text fw={700} className="break-anywhere" dir="auto">
                      <bdi>{thread.other.name || t('messages.removedUser')}</bdi>
                    </Text>
                    {thread.unread > 0 ? (
                      <Badge color="teal.9" variant="filled" autoContrast aria-label={t('messages.unreadCount', { count: thread.unread })}>
                        {thread.unread}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t(`role.${thread.other.role}`)}
                    {thread.course ? (
                      <>
                        {' · '}
                        <bdi>{thread.course.title}</bdi>
                      </>
                    ) : null}
                    {thread.announcement ? ` · ${t('messages.announcement')}` : ''}
                  </Text>
                  <Text size="sm" lineClamp={2} dir="auto" className="break-anywhere">
                    {mine ? `${t('messages.you')}: ` : ''}
                    {thread.last.msg}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatLongDate(thread.last.createdAt, i18n.language)}
                  </Text>
                </UnstyledButton>
              </li>
            );
          })}
        </ul>
      )}
    </PagedList>
  );
}
