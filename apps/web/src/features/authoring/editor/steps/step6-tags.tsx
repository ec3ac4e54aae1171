import { Anchor, List, Paper, TagsInput, Text, Title } from '@mantine/core';
import { AUTHORING_LIMITS, step6Body, type CourseState } from '@nibras/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { callAuthoring, type AuthoringRole, type Step6 } from '../../api';
import { paths } from '../../../../config/paths';
import type { StepProps } from '../step-props';
import { StepForm, StepWaiting } from '../step-form';
import { useStepEditor } from '../use-step-editor';

const toForm = (data: Step6) => ({ tags: data.tags.map((tag) => tag.name) });
const EMPTY = { tags: [] as string[] };

/** Step 6, tags: saving them submits the course for review when the required steps are complete. */
export function Step6Tags({ role, courseId, onSaved, onDirtyChange }: StepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<CourseState | null>(null);
  const editor = useStepEditor({
    role,
    courseId,
    step: 6,
    toValues: toForm,
    empty: EMPTY,
    onDirtyChange,
    schema: step6Body,
    toBody: (values) => ({ id: courseId, tags: values.tags }),
    send: (body) => callAuthoring(role, 'step6', { body }),
    onSaved: (data, message) => {
      setState(data.state);
      onSaved(data.state, message);
      // Spec section 4: an admin's step 6 ends at the course list; an instructor stays to see the new status.
      if (role === 'admin') void navigate(paths.courses('admin'), { state: { notice: message } });
    },
  });

  const { form, saved, loaded, loadFailure } = editor;
  if (loadFailure || !loaded || !saved.data) return <StepWaiting loadFailure={loadFailure} />;

  const tags = form.values.tags;
  const missing = (state ?? saved.data.state).missing_steps.filter((step) => step !== 6 || tags.length === 0);
  const tagError = form.errors.tags ?? Object.entries(form.errors).find(([key]) => key.startsWith('tags.'))?.[1];

  return (
    <StepForm editor={editor} testId="step6-form" gap="md" saveLabel={t('authoring.step6.submit')} saveDisabled={tags.length === 0}>
      <TagsInput
        label={t('authoring.step6.tags')}
        description={t('authoring.step6.tagsHint', { max: AUTHORING_LIMITS.tags })}
        value={tags}
        onChange={(next) => form.setFieldValue('tags', next.map((tag) => tag.slice(0, AUTHORING_LIMITS.tag)))}
        maxTags={AUTHORING_LIMITS.tags}
        splitChars={[',', '،']}
        clearable
        acceptValueOnBlur
        error={tagError}
        data-testid="step6-tags"
        clearButtonProps={{ 'aria-label': t('authoring.step6.clear') }}
      />
      {missing.length > 0 ? <MissingSteps role={role} courseId={courseId} steps={missing} /> : null}
    </StepForm>
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
