import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { MESSAGE_MAX_LENGTH } from '@nibras/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, failureText } from '../../../lib/http';
import { formatNumber } from '../../../lib/format';
import { FormOutcome } from '../../../components/form-outcome';

/** The message box: Ctrl+Enter (or ⌘+Enter) sends, Enter is a new line; a counter to 5,000; the server's refusal shown in words. */
export function Composer({ onSend, label, testId = 'message-composer' }: { onSend: (msg: string) => Promise<unknown>; label: string; testId?: string }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: (msg: string) => onSend(msg),
    onSuccess: () => setText(''),
  });
  const fieldError = send.error instanceof ApiError ? (send.error.fieldErrors.msg ?? null) : null;
  const otherError = send.error && !fieldError ? failureText(send.error, t('messages.sendFailed')) : null;
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  const submit = () => {
    if (!text.trim() || tooLong || send.isPending) return;
    send.mutate(text);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid={testId}
    >
      <Stack gap="xs">
        <Textarea
          label={label}
          description={t('messages.composer.hint')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              submit();
            }
          }}
          autosize
          minRows={2}
          maxRows={8}
          error={fieldError ?? (tooLong ? t('messages.composer.tooLong', { count: MESSAGE_MAX_LENGTH, max: formatNumber(MESSAGE_MAX_LENGTH, i18n.language) }) : undefined)}
          dir="auto"
          data-testid="message-text"
        />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c={tooLong ? 'red.9' : 'dimmed'} aria-live="polite">
            {t('messages.composer.count', { used: formatNumber(text.length, i18n.language), count: MESSAGE_MAX_LENGTH, max: formatNumber(MESSAGE_MAX_LENGTH, i18n.language) })}
          </Text>
          <Button type="submit" loading={send.isPending} disabled={!text.trim() || tooLong} data-testid="message-send">
            {t('messages.composer.send')}
          </Button>
        </Group>
        <FormOutcome failure={{ text: otherError, polite: true, testId: 'message-error' }} />
      </Stack>
    </form>
  );
}
