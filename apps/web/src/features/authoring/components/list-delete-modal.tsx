import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ListDeleteModalProps {
  title: string | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Deleting a course removes its files for good, so it is asked for once more. */
export function ListDeleteModal({ title, deleting, onCancel, onConfirm }: ListDeleteModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={title !== null} onClose={onCancel} title={t('authoring.list.deleteTitle')} centered closeButtonProps={{ 'aria-label': t('authoring.list.deleteCancel') }}>
      <Stack>
        <Text>{title !== null ? t('authoring.list.deleteText', { title }) : ''}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-testid="course-delete-cancel">
            {t('authoring.list.deleteCancel')}
          </Button>
          <Button color="red.9" loading={deleting} onClick={onConfirm} data-testid="course-delete-confirm">
            {t('authoring.list.deleteConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
