import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmRequest {
  title: string;
  text: string;
  confirmLabel: string;
  run: () => Promise<unknown> | void;
}

/** The one confirmation before a delete or unlink of steps 4 and 5: these go to the server at once. */
export function OutlineConfirmModal({ request, busy, onClose }: { request: ConfirmRequest | null; busy: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={request !== null} onClose={onClose} title={request?.title ?? ''} centered closeButtonProps={{ 'aria-label': t('authoring.step4.cancel') }}>
      <Stack>
        <Text dir="auto">{request?.text ?? ''}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('authoring.step4.cancel')}
          </Button>
          <Button color="red.9" loading={busy} onClick={() => void request?.run()} data-testid="confirm-delete">
            {request?.confirmLabel ?? ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
