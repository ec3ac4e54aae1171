import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@nibras/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/format';
import { LoadingDots } from '../../../components/loading-dots';
import { markAllNotificationsRead, markNotificationRead, notificationKeys, notificationQueries, notificationText, type Notification } from '../api';

/** Names and titles set apart from the sentence around them (U+2068 … U+2069), so an Arabic name reads right in an English line. */
function isolated(params: Notification['params']): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, typeof value === 'string' ? `\u2068${value}\u2069` : value]));
}

/**
 * The header's bell (docs/notifications.md): the unread count, kept live by the area's event stream
 * (messages/live.ts refetches it when a `notification` event arrives), and the latest notifications,
 * each opening its page and marked read on the way.
 */
export function NotificationBell({ role }: { role: Role }) {
  const { t, i18n } = useTranslation();
  const signedIn = useSession(role) !== null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const unread = useQuery({ ...notificationQueries.unread(role), enabled: signedIn }).data?.unread ?? 0;
  const list = useQuery({ ...notificationQueries.list(role), enabled: signedIn && opened });
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.role(role) });
  const readAll = useMutation({ mutationFn: () => markAllNotificationsRead(role), onSettled: refresh });
  const open = async (n: Notification) => {
    setOpened(false);
    if (!n.read) void markNotificationRead(role, n.id).finally(refresh);
    await navigate(n.link);
  };
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');

  return (
    <Indicator disabled={unread === 0} label={unread > 99 ? '99+' : unread} size={16} color="red.9" offset={4} data-testid="bell-count">
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" trapFocus withinPortal>
      {/* The target's aria-expanded, aria-haspopup and aria-controls come from Popover on the button itself. */}
      <Popover.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={() => setOpened((o) => !o)} data-testid="notification-bell">
          <IconBell size={20} aria-hidden="true" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs" role="dialog" aria-label={t('notifications.title')} maw="calc(100vw - 1rem)">
        <Group justify="space-between" px="xs" pb="xs" wrap="nowrap">
          <Text fw={700} component="h2" size="md" m={0}>
            {t('notifications.title')}
          </Text>
          <Button variant="subtle" size="compact-xs" disabled={unread === 0} loading={readAll.isPending} onClick={() => readAll.mutate()} data-testid="notifications-read-all">
            {t('notifications.markAll')}
          </Button>
        </Group>
        {list.isPending ? <LoadingDots /> : null}
        {list.isError ? (
          <Text size="sm" c="red.9" p="xs" role="alert">
            {t('notifications.error')}
          </Text>
        ) : null}
        {list.data && list.data.items.length === 0 ? (
          <Text size="sm" c="dimmed" p="xs">
            {t('notifications.empty')}
          </Text>
        ) : null}
        {list.data && list.data.items.length > 0 ? (
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack gap={2} component="ul" className="plain-list" data-testid="notification-list">
              {list.data.items.map((n) => (
                <li key={n.id}>
                  <UnstyledButton
                    onClick={() => void open(n)}
                    className="notification-item"
                    data-unread={n.read ? undefined : 'true'}
                    data-testid="notification-item"
                    p="xs"
                    style={{ display: 'block', inlineSize: '100%', textAlign: 'start', borderRadius: 8, background: n.read ? undefined : 'var(--mantine-color-default-hover)' }}
                  >
                    <Text size="sm" fw={n.read ? 400 : 700} className="break-anywhere">
                      {t(notificationText(n), isolated(n.params))}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(n.createdAt, i18n.language)}
                      {n.read ? null : <span className="visually-hidden"> {t('notifications.unreadMark')}</span>}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        ) : null}
      </Popover.Dropdown>
    </Popover>
    </Indicator>
  );
}
