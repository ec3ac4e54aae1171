import { step2Body } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { callAuthoring, type Step2 } from '../../api';
import { cleanLines, LineListInput } from '../line-list-input';
import { RichTextEditor } from '../rich-text-editor';
import type { StepProps } from '../step-props';
import { StepForm, StepWaiting } from '../step-form';
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
  const editor = useStepEditor({
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

  const { form, loaded, loadFailure } = editor;
  if (loadFailure || !loaded) return <StepWaiting loadFailure={loadFailure} />;

  const errors = form.errors;
  const update = <K extends keyof ContentForm>(key: K, value: ContentForm[K]) => form.setFieldValue(key, value as never);

  return (
    <StepForm editor={editor} testId="step2-form" gap="lg">
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
    </StepForm>
  );
}
