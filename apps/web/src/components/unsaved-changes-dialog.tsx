import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnsavedChanges } from './use-unsaved-changes';

/** "Stay" is the safe default: it has the focus, and Escape or the close button mean the same. */
export function UnsavedChangesDialog({ unsaved, text }: { unsaved: UnsavedChanges; text?: string }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={unsaved.blocker.state === 'blocked'}
      onClose={unsaved.stay}
      title={t('authoring.editor.unsaved.title')}
      centered
      closeButtonProps={{ 'aria-label': t('authoring.editor.unsaved.stay') }}
    >
      <Stack>
        <Text>{text ?? t('authoring.editor.unsaved.text')}</Text>
        <Group justify="flex-end">
          <Button variant="outline" color="red.9" onClick={unsaved.leave} data-testid="unsaved-leave">
            {t('authoring.editor.unsaved.leave')}
          </Button>
          <Button onClick={unsaved.stay} data-autofocus data-testid="unsaved-stay">
            {t('authoring.editor.unsaved.stay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
