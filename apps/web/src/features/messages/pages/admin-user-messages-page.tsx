import { Alert, Anchor, Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { failureText } from '../../../lib/http';
import { messageKeys, messageQueries, sendMessage, type MessageThread } from '../api';
import { Composer } from '../components/composer';
import { ConversationList } from '../components/conversation-list';
import { MessageBubbles } from '../components/message-bubbles';
import '../messages.css';

/** The admin's user picker: anyone, by name or email. */
function UserPicker() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const people = useQuery({ ...messageQueries.contacts('admin', search), placeholderData: keepPreviousData });
  return (
    <Select
      label={t('messages.admin.pick')}
      placeholder={t('messages.admin.pickPlaceholder')}
      data={(people.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} — ${t(`role.${p.role}`)}` }))}
      searchable
      onSearchChange={setSearch}
      nothingFoundMessage={t('messages.new.none')}
      value={null}
      onChange={(value) => value && void navigate(paths.adminUserMessages(value))}
      data-testid="admin-user-picker"
    />
  );
}

function HistoryThread({ thread }: { thread: MessageThread }) {
  const { t } = useTranslation();
  const history = useQuery(messageQueries.history(thread.owner.role, thread.owner.id, thread.id));
  if (history.isPending) return <LoadingDots />;
  if (history.isError) return <Alert color="red">{failureText(history.error, t('messages.thread.errorText'))}</Alert>;
  const names = { [thread.owner.id]: thread.owner.name, [thread.other.id]: thread.other.name };
  return (
    <Stack gap="xs">
      <Title order={3} size="h4" dir="auto">
        {t('messages.admin.between', { a: thread.owner.name, b: thread.other.name })}
      </Title>
      <MessageBubbles messages={history.data.items} ownId={thread.owner.id} names={names} />
    </Stack>
  );
}

/** Any user's conversations for support and moderation (spec: list/{id} and histroy), and a message to them. */
export default function AdminUserMessagesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { userId: raw } = useParams();
  const userId = Number(raw) || null;
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<MessageThread | null>(null);
  usePageTitle(t('messages.admin.title'));
  const list = useQuery({ ...messageQueries.userThreads(userId ?? 0, page), enabled: userId !== null, placeholderData: keepPreviousData });
  const user = list.data?.items[0]?.owner;

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} className="shell-page__title">
        {t('messages.admin.title')}
      </Title>
      <Anchor component={Link} to={paths.messages('admin')} size="sm">
        {t('messages.admin.back')}
      </Anchor>
      <UserPicker />
      {userId === null ? (
        <Text c="dimmed">{t('messages.admin.choose')}</Text>
      ) : (
        <>
          {user ? (
            <Text fw={700} dir="auto">
              <bdi>{user.name}</bdi> · {t(`role.${user.role}`)}
            </Text>
          ) : null}
          <ConversationList list={list} page={page} onPage={setPage} selected={open?.id ?? null} onOpen={setOpen} />
          {open ? <HistoryThread key={open.id} thread={open} /> : null}
          <Composer
            label={t('messages.admin.write')}
            testId="admin-composer"
            onSend={async (msg) => {
              await sendMessage('admin', { Toid: userId, msg });
              await queryClient.invalidateQueries({ queryKey: messageKeys.admin });
            }}
          />
        </>
      )}
    </Stack>
  );
}
