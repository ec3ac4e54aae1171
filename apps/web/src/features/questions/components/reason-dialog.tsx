import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { QUESTION_REASON_MAX } from '@nibras/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormOutcome } from '../../../components/form-outcome';
import { failureText } from '../../../lib/http';

export type ReasonAction = 'hide' | 'delete' | 'deleteOwn';

/**
 * Asks for the reason of a moderator's hide or delete (kept in the record) and confirms a delete, which
 * cannot be undone; the author deleting their own post only confirms.
 */
export function ReasonDialog({ action, onClose, onConfirm }: { action: ReasonAction | null; onClose: () => void; onConfirm: (reason: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const needsReason = action === 'hide' || action === 'delete';
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (needsReason && !reason.trim()) {
      setError(t('questions.reason.required'));
      return;
    }
    setPending(true);
    try {
      await onConfirm(reason.trim());
      close();
    } catch (failure) {
      setError(failureText(failure, t('questions.failed')));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal opened={action !== null} onClose={close} title={action ? t(`questions.reason.title.${action}`) : ''} centered closeButtonProps={{ 'aria-label': t('questions.cancel') }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
        data-testid="question-reason-dialog"
      >
        <Stack gap="sm">
          <Text size="sm">{action ? t(`questions.reason.text.${action}`) : ''}</Text>
          {needsReason ? (
            <Textarea
              label={t('questions.reason.label')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              maxLength={QUESTION_REASON_MAX}
              autosize
              minRows={2}
              dir="auto"
              required
              data-autofocus
              data-testid="question-reason"
            />
          ) : null}
          <FormOutcome failure={{ text: error, polite: true }} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('questions.cancel')}
            </Button>
            <Button type="submit" color={action === 'hide' ? undefined : 'red.9'} loading={pending} data-testid="question-reason-confirm">
              {action ? t(`questions.reason.confirm.${action}`) : ''}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
