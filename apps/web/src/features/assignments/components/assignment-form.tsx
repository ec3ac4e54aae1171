import { ActionIcon, Button, Checkbox, Group, NativeSelect, NumberInput, Paper, Radio, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ASSIGNMENT_FILE_TYPES, ASSIGNMENT_LIMITS, assignmentInput, type AssignmentKind } from '@nibras/contract';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTO_DIR } from './auto-dir';
import { FormOutcome } from '../../../components/form-outcome';
import { LoadingDots } from '../../../components/loading-dots';
import { useContractForm } from '../../../lib/forms';
import type { ApiResult } from '../../../lib/http';
import { RichTextField } from '../../cms/public';
import { saveAssignment, type AuthoredAssignmentView, type GraderRole } from '../api';
import { assignmentBody, newRubricRow, rubricTotal, type AssignmentFormValues } from '../assignment-model';

interface Props {
  role: GraderRole;
  courseId: number;
  sections: { id: number; title: string }[];
  initialValues: AssignmentFormValues;
  onSaved: (saved: AuthoredAssignmentView, message: string) => void;
  onCancel: () => void;
}

/** Adding or changing an assignment: the contract's checks in the browser, the server's field messages on the same fields. */
export function AssignmentForm({ role, courseId, sections, initialValues, onSaved, onCancel }: Props) {
  const { t, i18n } = useTranslation();
  const saving = useContractForm<AssignmentFormValues, AuthoredAssignmentView, ReturnType<typeof assignmentBody>>({
    schema: assignmentInput,
    initialValues,
    toBody: (values) => assignmentBody(courseId, values),
    invalidMessage: 'assignments.form.invalid',
    networkFailure: 'assignments.form.failed',
    send: (body) => saveAssignment(role, body as never) as Promise<ApiResult<AuthoredAssignmentView>>,
    onSuccess: ({ data, message }) => onSaved(data, message),
  });
  const { form } = saving;
  const values = form.values;
  const withRubric = values.rubric.length > 0;
  const editing = values.id !== null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="assignment-form-title">
      <form onSubmit={saving.onSubmit} onFocus={saving.prepare} noValidate data-testid="assignment-form">
        <Stack gap="md">
          <Title order={2} size="h3" id="assignment-form-title">
            {t(editing ? 'assignments.form.editTitle' : 'assignments.form.newTitle')}
          </Title>
          <FormOutcome failure={{ text: saving.failure, role: 'alert', color: 'red.9', testId: 'assignment-form-failure' }} />
          <TextInput label={t('assignments.form.title')} maxLength={ASSIGNMENT_LIMITS.title} required attributes={AUTO_DIR} data-testid="assignment-title" {...form.getInputProps('title')} />
          <NativeSelect
            label={t('assignments.form.section')}
            required
            data={[{ value: '', label: t('assignments.form.sectionPick'), disabled: true }, ...sections.map((section) => ({ value: String(section.id), label: section.title }))]}
            data-testid="assignment-section"
            {...form.getInputProps('section_id')}
          />
          <Suspense fallback={<LoadingDots />}>
            <RichTextField
              label={t('assignments.form.instructions')}
              lang={i18n.language === 'en' ? 'en' : 'ar'}
              testId="assignment-instructions-editor"
              value={values.instructions}
              onChange={(html) => form.setFieldValue('instructions', html)}
              error={form.errors.instructions as string | undefined}
            />
          </Suspense>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput type="datetime-local" label={t('assignments.form.due')} description={t('assignments.form.dueHint')} data-testid="assignment-due-input" {...form.getInputProps('due_at')} />
            <Switch
              mt={{ sm: 'xl' }}
              label={t('assignments.form.acceptLate')}
              description={t('assignments.form.acceptLateHint')}
              data-testid="assignment-accept-late"
              {...form.getInputProps('accept_late', { type: 'checkbox' })}
            />
          </SimpleGrid>
          <Radio.Group label={t('assignments.form.kind')} value={values.kind} onChange={(kind) => form.setFieldValue('kind', kind as AssignmentKind)} data-testid="assignment-kind">
            <Group gap="lg" mt={4}>
              <Radio value="file" label={t('assignments.kind.file')} data-testid="assignment-kind-file" />
              <Radio value="text" label={t('assignments.kind.text')} data-testid="assignment-kind-text" />
            </Group>
          </Radio.Group>
          {values.kind === 'file' ? (
            <>
              <Checkbox.Group label={t('assignments.form.fileTypes')} description={t('assignments.form.fileTypesHint')} data-testid="assignment-file-types" {...form.getInputProps('file_types')}>
                <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs" mt={6}>
                  {ASSIGNMENT_FILE_TYPES.map((type) => (
                    <Checkbox key={type} value={type} label={type.toUpperCase()} data-testid={`assignment-type-${type}`} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
              <NumberInput
                label={t('assignments.form.maxSize')}
                min={1}
                max={ASSIGNMENT_LIMITS.maxSizeMb}
                allowDecimal={false}
                allowNegative={false}
                maw={220}
                data-testid="assignment-max-size"
                {...form.getInputProps('max_size_mb')}
              />
            </>
          ) : null}
          <fieldset className="assignment-fieldset" data-testid="assignment-rubric">
            <legend>
              <Text fw={600} component="span">
                {t('assignments.rubric.title')}
              </Text>
            </legend>
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('assignments.rubric.hint')}
              </Text>
              {values.rubric.map((row, index) => (
                <div key={row.key} className="assignment-rubric-row" data-testid="assignment-rubric-row">
                  <TextInput
                    label={t('assignments.rubric.criterionN', { number: index + 1 })}
                    maxLength={ASSIGNMENT_LIMITS.criterion}
                    attributes={AUTO_DIR}
                    {...form.getInputProps(`rubric.${index}.title`)}
                  />
                  <NumberInput
                    label={t('assignments.rubric.pointsN', { number: index + 1 })}
                    min={1}
                    max={ASSIGNMENT_LIMITS.points}
                    allowDecimal={false}
                    allowNegative={false}
                    {...form.getInputProps(`rubric.${index}.points`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    size="lg"
                    mb={4}
                    aria-label={t('assignments.rubric.remove', { number: index + 1 })}
                    onClick={() => form.removeListItem('rubric', index)}
                  >
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </div>
              ))}
              {values.rubric.length < ASSIGNMENT_LIMITS.criteria ? (
                <Group>
                  <Button variant="default" size="sm" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => form.insertListItem('rubric', newRubricRow())} data-testid="assignment-rubric-add">
                    {t('assignments.rubric.add')}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </fieldset>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {withRubric ? (
              <NumberInput
                label={t('assignments.form.points')}
                description={t('assignments.form.pointsFromRubric')}
                value={rubricTotal(values.rubric)}
                readOnly
                error={form.errors.points}
                data-testid="assignment-points"
              />
            ) : (
              <NumberInput
                label={t('assignments.form.points')}
                min={1}
                max={ASSIGNMENT_LIMITS.points}
                allowDecimal={false}
                allowNegative={false}
                data-testid="assignment-points"
                {...form.getInputProps('points')}
              />
            )}
            <NumberInput
              label={t('assignments.form.passMark')}
              description={t('assignments.form.passMarkHint')}
              min={0}
              max={100}
              suffix="%"
              allowDecimal={false}
              allowNegative={false}
              data-testid="assignment-pass-mark"
              {...form.getInputProps('pass_mark')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('assignments.form.cancel')}
            </Button>
            <Button type="submit" loading={saving.pending} data-testid="assignment-save">
              {t('assignments.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
