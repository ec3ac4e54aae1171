import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before something is deleted: naming it, with "keep" first. */
export function ConfirmDelete({ name, opened, pending, onCancel, onConfirm }: { name: string; opened: boolean; pending: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('adminCms.delete.title')} centered closeButtonProps={{ 'aria-label': t('adminCms.close') }}>
      <Stack>
        <Text>
          {t('adminCms.delete.text')} <bdi>{name}</bdi>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('adminCms.delete.keep')}
          </Button>
          <Button color="red.9" loading={pending} onClick={onConfirm} data-testid="cms-confirm-delete">
            {t('adminCms.delete.do')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
