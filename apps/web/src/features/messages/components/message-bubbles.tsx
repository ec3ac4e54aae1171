import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../../lib/format';
import type { ChatMessage } from '../api';

/** A thread's messages, oldest first; the reader's own on the inline end. New ones are announced politely. */
export function MessageBubbles({ messages, ownId, names }: { messages: ChatMessage[]; ownId: number; names: Record<number, string> }) {
  const { t, i18n } = useTranslation();
  return (
    <ol className="plain-list messages-thread" aria-label={t('messages.thread.label')} aria-live="polite" data-testid="thread-messages">
      {messages.map((m) => {
        const mine = m.Fromid === ownId;
        return (
          <li key={m.id} className={mine ? 'messages-bubble messages-bubble--mine' : 'messages-bubble'} data-testid="thread-message">
            <Text size="xs" c="dimmed">
              <bdi>{mine ? t('messages.you') : (names[m.Fromid] ?? '')}</bdi> · {formatLongDate(m.createdAt, i18n.language)}
            </Text>
            <Text dir="auto" className="break-anywhere" style={{ whiteSpace: 'pre-line' }}>
              {m.msg}
            </Text>
          </li>
        );
      })}
    </ol>
  );
}
