import { Alert, Anchor, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@nibras/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { failureText } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { messageKeys, messageQueries, sendMessage } from '../api';
import { Composer } from '../components/composer';
import { ConversationList } from '../components/conversation-list';
import { MessageBubbles } from '../components/message-bubbles';
import '../messages.css';

/** Start a conversation: pick one of the people the server lets the user write to. */
function NewConversation({ role, onPick }: { role: Role; onPick: (id: number) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const contacts = useQuery({ ...messageQueries.contacts(role, role === 'admin' ? search : ''), placeholderData: keepPreviousData });
  const options = (contacts.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.name} — ${t(`role.${c.role}`)}${c.courses.length ? ` (${c.courses.map((course) => course.title).join('، ')})` : ''}`,
  }));
  return (
    <Select
      label={t('messages.new.label')}
      placeholder={t('messages.new.placeholder')}
      data={options}
      searchable
      onSearchChange={setSearch}
      nothingFoundMessage={contacts.isPending ? t('messages.new.loading') : t('messages.new.none')}
      onChange={(value) => value && onPick(Number(value))}
      value={null}
      data-testid="new-conversation"
    />
  );
}

function ThreadPane({ role, threadId, ownId, onBack }: { role: Role; threadId: number; ownId: number; onBack: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const thread = useQuery(messageQueries.thread(role, threadId));
  if (thread.isPending) return <LoadingDots />;
  if (thread.isError) {
    return (
      <Alert color="red" title={t('messages.thread.errorTitle')}>
        {failureText(thread.error, t('messages.thread.errorText'))}
      </Alert>
    );
  }
  const { thread: info, messages } = thread.data;
  const names = { [info.other.id]: info.other.name, [info.owner.id]: info.owner.name };
  return (
    <Stack gap="md">
      <Anchor component="button" type="button" onClick={onBack} size="sm" className="messages-back">
        {t('messages.back')}
      </Anchor>
      <div>
        <Title order={2} size="h3" dir="auto" data-testid="thread-title">
          <bdi>{info.other.name || t('messages.removedUser')}</bdi>
        </Title>
        <Text size="sm" c="dimmed">
          {t(`role.${info.other.role}`)}
          {info.course ? (
            <>
              {' · '}
              <bdi>{info.course.title}</bdi>
            </>
          ) : null}
        </Text>
      </div>
      <MessageBubbles messages={messages} ownId={ownId} names={names} />
      {info.other.active ? (
        <Composer
          label={t('messages.composer.reply')}
          onSend={async (msg) => {
            await sendMessage(role, { parentid: threadId, msg });
            await queryClient.invalidateQueries({ queryKey: messageKeys.role(role) });
          }}
        />
      ) : (
        <Alert color="gray">{t('messages.thread.inactive')}</Alert>
      )}
    </Stack>
  );
}

function NewThreadPane({ role, to, courseId, onSent, onBack }: { role: Role; to: number; courseId: number | null; onSent: (threadId: number) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const contacts = useQuery(messageQueries.contacts(role, ''));
  const person = contacts.data?.find((c) => c.id === to);
  return (
    <Stack gap="md">
      <Anchor component="button" type="button" onClick={onBack} size="sm" className="messages-back">
        {t('messages.back')}
      </Anchor>
      <Title order={2} size="h3" dir="auto" data-testid="thread-title">
        {person ? t('messages.new.to', { name: person.name }) : t('messages.new.title')}
      </Title>
      <Composer
        label={t('messages.composer.first')}
        onSend={async (msg) => {
          const sent = await sendMessage(role, { Toid: to, msg, ...(courseId ? { course_id: courseId } : {}) });
          await queryClient.invalidateQueries({ queryKey: messageKeys.role(role) });
          onSent(sent.data.id);
        }}
      />
    </Stack>
  );
}

/**
 * A role's message centre: conversations (newest first, paged) beside the open thread and its
 * composer; on a phone one of the two at a time. `?thread=` opens a thread, `?to=&course=` starts one.
 */
export default function MessagesPage({ role }: { role: Role }) {
  const { t } = useTranslation();
  const session = useSession(role);
  const ownId = Number(session?.localId ?? 0);
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const threadId = Number(params.get('thread')) || null;
  const to = Number(params.get('to')) || null;
  const courseId = Number(params.get('course')) || null;
  usePageTitle(t('messages.title'));
  const list = useQuery({ ...messageQueries.list(role, page, ownId), placeholderData: keepPreviousData });
  const open = threadId !== null || to !== null;
  const show = (next: Record<string, string>) => setParams(next);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} className="shell-page__title">
          {t('messages.title')}
        </Title>
        {role === 'admin' ? (
          <Button component={Link} to={paths.adminUserMessages()} variant="default" size="sm">
            {t('messages.admin.historyLink')}
          </Button>
        ) : null}
      </Group>
      <div className="messages-layout" data-open={open ? 'thread' : 'list'}>
        <section className="messages-layout__list" aria-labelledby="messages-conversations">
          <Stack gap="sm">
            <Title order={2} size="h4" id="messages-conversations">
              {t('messages.list.title')}
              {list.data && list.data.unread > 0 ? ` (${t('messages.unreadTotal', { count: list.data.unread })})` : ''}
            </Title>
            <NewConversation role={role} onPick={(id) => show({ to: String(id) })} />
            <ConversationList list={list} page={page} onPage={setPage} selected={threadId} onOpen={(thread) => show({ thread: String(thread.id) })} />
          </Stack>
        </section>
        <section className="messages-layout__thread" aria-label={t('messages.thread.label')}>
          {threadId ? (
            <ThreadPane key={threadId} role={role} threadId={threadId} ownId={ownId} onBack={() => show({})} />
          ) : to ? (
            <NewThreadPane key={to} role={role} to={to} courseId={courseId} onSent={(id) => show({ thread: String(id) })} onBack={() => show({})} />
          ) : (
            <Text c="dimmed" className="messages-layout__hint">
              {t('messages.pick')}
            </Text>
          )}
        </section>
      </div>
    </Stack>
  );
}
