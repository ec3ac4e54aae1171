import { Badge, Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Role } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { messageQueries } from '../api';
import { useMessageLive } from '../live';

/** The role's unread count, kept live (the stream runs while the area is open): for the header and the menu. */
export function useUnreadMessages(role: Role): number {
  const { i18n } = useTranslation();
  const signedIn = useSession(role) !== null;
  useMessageLive(role, i18n.language, signedIn);
  const unread = useQuery({ ...messageQueries.unread(role), enabled: signedIn });
  return unread.data?.unread ?? 0;
}

const shown = (count: number) => (count > 99 ? '99+' : String(count));

/** The count as a small badge (hidden from screen readers: the link's label says it). */
export function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Badge color="red.9" variant="filled" size="sm" data-testid="unread-badge" aria-hidden="true">
      {shown(count)}
    </Badge>
  );
}

/** The header's way to the messages with the unread count (from the md breakpoint; a phone shows the count on the menu button). */
export function MessagesHeaderLink({ role, count }: { role: Role; count: number }) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={paths.messages(role)}
      variant="subtle"
      size="compact-sm"
      visibleFrom="md"
      data-testid="messages-header-link"
      rightSection={<UnreadBadge count={count} />}
    >
      {/* Named by its text (the badge is hidden from screen readers): "Messages" and, unseen, how many are unread. */}
      {t('messages.nav')}
      <span className="visually-hidden">{count > 0 ? t('messages.header.unreadAfter', { count }) : t('messages.header.noneAfter')}</span>
    </Button>
  );
}
