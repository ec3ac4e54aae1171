import { Alert, Button, Group, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callAuthoring, type Step2 } from '../../../../api/authoring';
import { LoadingDots } from '../../../../components/loading-dots';
import { authoringStore } from '../authoring-store';
import { cleanLines, LineListInput } from '../line-list-input';
import { RichTextEditor } from '../rich-text-editor';
import { stepFailure, type StepFailure } from '../step-failure';
import type { StepProps } from '../step-props';
import { stepQueryKey, useStepData } from '../use-step-data';
import { useStepForm } from '../use-step-form';

interface ContentForm {
  description: string;
  learn_points: string[];
  requirements: string[];
  audience: string[];
}

const EMPTY: ContentForm = { description: '', learn_points: [], requirements: [], audience: [] };
const toForm = (data: Step2): ContentForm => ({ description: data.description, learn_points: data.learn_points, requirements: data.requirements, audience: data.audience });
const normalize = (form: ContentForm) => ({
  description: form.description,
  learn_points: cleanLines(form.learn_points),
  requirements: cleanLines(form.requirements),
  audience: cleanLines(form.audience),
});

/** Step 2, content: the description (rich text) and the three lists of lines. */
export function Step2Content({ role, courseId, onSaved, onDirtyChange }: StepProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const saved = useStepData(role, courseId, 2, async (id) => (await callAuthoring(role, 'edit2', { params: { id } })).data);
  const { form, update, markSaved, loaded } = useStepForm({ data: saved.data, toForm, empty: EMPTY, onDirtyChange, normalize });
  const [failure, setFailure] = useState<StepFailure | null>(null);

  const save = useMutation({
    mutationFn: () => callAuthoring(role, 'step2', { body: { id: courseId, ...normalize(form) } }),
    onSuccess: ({ data, message }) => {
      setFailure(null);
      markSaved(data);
      authoringStore.setStep(2, data);
      queryClient.setQueryData(stepQueryKey(role, 2, courseId), data);
      onSaved(data.state, message);
    },
    onError: (error) => setFailure(stepFailure(error, t('authoring.editor.offline'))),
  });

  if (saved.isError) return <Alert color="red">{stepFailure(saved.error, t('authoring.editor.offline')).message}</Alert>;
  if (!loaded) return <LoadingDots />;

  const errors = failure?.fields ?? {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate data-testid="step2-form">
      <Stack gap="lg">
        {failure ? (
          <Alert color="red" role="alert" data-testid="step-error">
            {failure.message}
          </Alert>
        ) : null}
        <RichTextEditor
          label={t('authoring.step2.description')}
          description={t('authoring.step2.descriptionHint')}
          value={form.description}
          onChange={(html) => update('description', html)}
          error={errors.description}
          testId="step2-description"
        />
        <LineListInput legend={t('authoring.step2.learn')} description={t('authoring.step2.learnHint')} field="learn_points" lines={form.learn_points} onChange={(lines) => update('learn_points', lines)} errors={errors} />
        <LineListInput legend={t('authoring.step2.requirements')} field="requirements" lines={form.requirements} onChange={(lines) => update('requirements', lines)} errors={errors} />
        <LineListInput legend={t('authoring.step2.audience')} field="audience" lines={form.audience} onChange={(lines) => update('audience', lines)} errors={errors} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="step-save">
            {t('authoring.editor.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
