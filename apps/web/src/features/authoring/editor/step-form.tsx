import { Alert, Button, Group, Stack, type MantineSpacing } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormOutcome } from '../../../components/form-outcome';
import { LoadingDots } from '../../../components/loading-dots';

/** What a step shows until its saved data is in: the failure to load it, or the loading dots. */
export function StepWaiting({ loadFailure }: { loadFailure: string | null }) {
  return loadFailure ? <Alert color="red">{loadFailure}</Alert> : <LoadingDots />;
}

interface StepFormProps {
  /** useStepEditor's submit, its busy flag and the failure of the last save. */
  editor: { onSubmit: (event?: FormEvent<HTMLFormElement>) => void; pending: boolean; failure: string | null };
  testId: string;
  gap: MantineSpacing;
  /** The save button's text, when it is not the editor's usual "save". */
  saveLabel?: string;
  saveDisabled?: boolean;
  /** Shown before the save button. */
  hint?: ReactNode;
  children: ReactNode;
}

/** A step's form (steps 1, 2, 3 and 6): the failure of the last save above its fields, the save button below them. */
export function StepForm({ editor, testId, gap, saveLabel, saveDisabled, hint, children }: StepFormProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={editor.onSubmit} noValidate data-testid={testId}>
      <Stack gap={gap}>
        <FormOutcome failure={{ text: editor.failure, role: 'alert', testId: 'step-error' }} />
        {children}
        <Group justify="flex-end">
          {hint}
          <Button type="submit" loading={editor.pending} disabled={saveDisabled} data-testid="step-save">
            {saveLabel ?? t('authoring.editor.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
