import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { gradebookSettingsBody } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/forms';
import { gradebookKeys, saveGradebookSettings, type GradebookItemView, type GradebookRole } from '../api';

interface SettingsValues extends Record<string, unknown> {
  course_id: number;
  pass_mark: number | string;
  weights: { kind: GradebookItemView['kind']; id: number; weight: number | string }[];
}

/**
 * The course's pass mark and each item's weight in the final grade (0 leaves an item out), sent as the settings
 * route's body: the server's field messages (`weights.3.weight`) land on the same fields.
 */
function SettingsForm({ role, courseId, passMark, items, onSaved, onCancel }: { role: GradebookRole; courseId: number; passMark: number; items: GradebookItemView[]; onSaved: (message: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending, failure } = useContractForm({
    schema: gradebookSettingsBody,
    initialValues: { course_id: courseId, pass_mark: passMark, weights: items.map((item) => ({ kind: item.kind, id: item.id, weight: item.weight })) } satisfies SettingsValues as SettingsValues,
    send: (body) => saveGradebookSettings(role, body as Parameters<typeof saveGradebookSettings>[1]),
    networkFailure: 'gradebook.settings.failed',
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: gradebookKeys.course(role, courseId) });
      onSaved(result.message);
    },
  });
  const fieldErrors = Object.keys(form.errors).length > 0;
  return (
    <form onSubmit={onSubmit} noValidate data-testid="gradebook-settings-form">
      <Stack gap="md">
        {failure && !fieldErrors ? (
          <Alert color="red.9" role="alert" data-testid="gradebook-settings-failure">
            {failure}
          </Alert>
        ) : null}
        <NumberInput
          label={t('gradebook.settings.passMark')}
          description={t('gradebook.settings.passMarkHint')}
          required
          min={0}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          rightSection={<span aria-hidden="true">%</span>}
          data-autofocus
          data-testid="gradebook-pass-mark"
          {...form.getInputProps('pass_mark')}
        />
        <fieldset className="gradebook-weights">
          <legend>{t('gradebook.settings.weights')}</legend>
          <Text size="sm" c="dimmed" mb="sm">
            {t('gradebook.settings.weightsHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {items.map((item, index) => (
              <NumberInput
                key={`${item.kind}-${item.id}`}
                label={item.kind === 'lectures' ? t('gradebook.settings.lectures') : item.title}
                description={t(`gradebook.kind.${item.kind}`)}
                min={0}
                max={100}
                allowDecimal={false}
                allowNegative={false}
                classNames={{ label: 'gradebook-weight-label' }}
                labelProps={{ dir: 'auto' }}
                data-testid="gradebook-weight"
                data-kind={item.kind}
                data-item-id={item.id}
                {...form.getInputProps(`weights.${index}.weight`)}
              />
            ))}
          </SimpleGrid>
        </fieldset>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('gradebook.settings.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="gradebook-settings-save">
            {t('gradebook.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The settings in a dialog (the whole screen on a phone); the gradebook reads itself again once they are saved. */
export function GradebookSettings(props: { opened: boolean; role: GradebookRole; courseId: number; passMark: number; items: GradebookItemView[]; onSaved: (message: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('gradebook.settings.title')} size="lg" fullScreen={!!phone} closeButtonProps={{ 'aria-label': t('gradebook.settings.close') }}>
      {props.opened ? <SettingsForm {...props} onCancel={props.onClose} /> : null}
    </Modal>
  );
}
