import { Alert, Button, Group, Stack } from '@mantine/core';
import { step2Body } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { callAuthoring, type Step2 } from '../../api';
import { LoadingDots } from '../../../../components/loading-dots';
import { cleanLines, LineListInput } from '../line-list-input';
import { RichTextEditor } from '../rich-text-editor';
import type { StepProps } from '../step-props';
import { useStepEditor } from '../use-step-editor';

type ContentForm = {
  description: string;
  learn_points: string[];
  requirements: string[];
  audience: string[];
};

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
  const { form, onSubmit, pending, failure, loaded, loadFailure } = useStepEditor({
    role,
    courseId,
    step: 2,
    toValues: toForm,
    empty: EMPTY,
    normalize,
    onDirtyChange,
    schema: step2Body,
    toBody: (values) => ({ id: courseId, ...normalize(values) }),
    send: (body) => callAuthoring(role, 'step2', { body }),
    onSaved: (data, message) => onSaved(data.state, message),
  });

  if (loadFailure) return <Alert color="red">{loadFailure}</Alert>;
  if (!loaded) return <LoadingDots />;

  const errors = form.errors;
  const update = <K extends keyof ContentForm>(key: K, value: ContentForm[K]) => form.setFieldValue(key, value as never);

  return (
    <form onSubmit={onSubmit} noValidate data-testid="step2-form">
      <Stack gap="lg">
        {failure ? (
          <Alert color="red" role="alert" data-testid="step-error">
            {failure}
          </Alert>
        ) : null}
        <RichTextEditor
          label={t('authoring.step2.description')}
          description={t('authoring.step2.descriptionHint')}
          value={form.values.description}
          onChange={(html) => update('description', html)}
          error={errors.description as string | undefined}
          testId="step2-description"
        />
        <LineListInput legend={t('authoring.step2.learn')} description={t('authoring.step2.learnHint')} field="learn_points" lines={form.values.learn_points} onChange={(lines) => update('learn_points', lines)} errors={errors} />
        <LineListInput legend={t('authoring.step2.requirements')} field="requirements" lines={form.values.requirements} onChange={(lines) => update('requirements', lines)} errors={errors} />
        <LineListInput legend={t('authoring.step2.audience')} field="audience" lines={form.values.audience} onChange={(lines) => update('audience', lines)} errors={errors} />
        <Group justify="flex-end">
          <Button type="submit" loading={pending} data-testid="step-save">
            {t('authoring.editor.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
