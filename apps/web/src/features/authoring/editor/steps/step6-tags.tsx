import { Alert, Anchor, Button, Group, List, Paper, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTHORING_LIMITS, type CourseState } from '@nibras/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { callAuthoring, type AuthoringRole, type Step6 } from '../../../../api/authoring';
import { paths } from '../../../../app/paths';
import { LoadingDots } from '../../../../components/loading-dots';
import { authoringStore } from '../authoring-store';
import { stepFailure, type StepFailure } from '../step-failure';
import type { StepProps } from '../step-props';
import { stepQueryKey, useStepData } from '../use-step-data';
import { useStepForm } from '../use-step-form';

const toForm = (data: Step6) => ({ tags: data.tags.map((tag) => tag.name) });
const EMPTY = { tags: [] as string[] };

/** Step 6, tags: saving them submits the course for review when the required steps are complete. */
export function Step6Tags({ role, courseId, onSaved, onDirtyChange }: StepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const saved = useStepData(role, courseId, 6, async (id) => (await callAuthoring(role, 'edit6', { params: { id } })).data);
  const { form, update, markSaved, loaded } = useStepForm({ data: saved.data, toForm, empty: EMPTY, onDirtyChange });
  const [failure, setFailure] = useState<StepFailure | null>(null);
  const [state, setState] = useState<CourseState | null>(null);

  const save = useMutation({
    mutationFn: () => callAuthoring(role, 'step6', { body: { id: courseId, tags: form.tags } }),
    onSuccess: ({ data, message }) => {
      setFailure(null);
      markSaved(data);
      authoringStore.setStep(6, data);
      queryClient.setQueryData(stepQueryKey(role, 6, courseId), data);
      setState(data.state);
      onSaved(data.state, message);
      // Spec section 4: an admin's step 6 ends at the course list; an instructor stays to see the new status.
      if (role === 'admin') void navigate(paths.courses('admin'), { state: { notice: message } });
    },
    onError: (error) => setFailure(stepFailure(error, t('authoring.editor.offline'))),
  });

  if (saved.isError) return <Alert color="red">{stepFailure(saved.error, t('authoring.editor.offline')).message}</Alert>;
  if (!loaded || !saved.data) return <LoadingDots />;

  const missing = (state ?? saved.data.state).missing_steps.filter((step) => step !== 6 || form.tags.length === 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate data-testid="step6-form">
      <Stack gap="md">
        {failure ? (
          <Alert color="red" role="alert" data-testid="step-error">
            {failure.message}
          </Alert>
        ) : null}
        <TagsInput
          label={t('authoring.step6.tags')}
          description={t('authoring.step6.tagsHint', { max: AUTHORING_LIMITS.tags })}
          value={form.tags}
          onChange={(tags) => update('tags', tags.map((tag) => tag.slice(0, AUTHORING_LIMITS.tag)))}
          maxTags={AUTHORING_LIMITS.tags}
          splitChars={[',', '،']}
          clearable
          acceptValueOnBlur
          error={failure?.fields.tags ?? Object.entries(failure?.fields ?? {}).find(([key]) => key.startsWith('tags.'))?.[1]}
          data-testid="step6-tags"
          clearButtonProps={{ 'aria-label': t('authoring.step6.clear') }}
        />
        {missing.length > 0 ? <MissingSteps role={role} courseId={courseId} steps={missing} /> : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={form.tags.length === 0} data-testid="step-save">
            {t('authoring.step6.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MissingSteps({ role, courseId, steps }: { role: AuthoringRole; courseId: number; steps: number[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="missing-steps-title" data-testid="missing-steps">
      <Title order={3} size="h5" id="missing-steps-title">
        {t('authoring.step6.missingTitle')}
      </Title>
      <Text size="sm" mt={4}>
        {t('authoring.step6.missingText')}
      </Text>
      <List size="sm" mt="xs">
        {steps.map((step) => (
          <List.Item key={step}>
            <Anchor component={Link} to={paths.editCourse(role, courseId, step)} underline="always">
              {t(`authoring.editor.step${step}`)}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
