import { Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminStep1Body, AUTHORING_LIMITS, COURSE_LANGUAGES, COURSE_LEVELS, step1Body, type CourseState } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { categoryQueries } from '../../../categories/public';
import { InstructorPicker } from '../../../members/public';
import { callAuthoring, type AuthoringRole, type Step1 } from '../../api';
import { StepForm, StepWaiting } from '../step-form';
import { useStepEditor } from '../use-step-editor';

type Language = (typeof COURSE_LANGUAGES)[number];
type Level = (typeof COURSE_LEVELS)[number];

type BasicsForm = {
  title: string;
  subtitle: string;
  category_id: string | null;
  language: Language;
  level: Level;
  price: number | string;
  instructor_id: number | string;
};

const EMPTY: BasicsForm = { title: '', subtitle: '', category_id: null, language: 'ar', level: 'beginner', price: 0, instructor_id: '' };

const toForm = (data: Step1): BasicsForm => ({
  title: data.title,
  subtitle: data.subtitle,
  category_id: data.category_id === null ? null : String(data.category_id),
  language: data.language,
  level: data.level,
  price: data.price,
  instructor_id: data.instructor_id,
});

export interface Step1Props {
  role: AuthoringRole;
  /** Null: a new course, created by the first save. */
  courseId: number | null;
  onSaved: (state: CourseState, message: string) => void;
  onDirtyChange: (dirty: boolean) => void;
  /** The first save created the course: the shell moves on to step 2. */
  onCreated: (course: Step1, message: string) => void;
}

/** Step 1, basic info (docs/authoring.md): creates the course as a draft or updates it. */
export function Step1Basics({ role, courseId, onSaved, onDirtyChange, onCreated }: Step1Props) {
  const { t, i18n } = useTranslation();
  const categories = useQuery(categoryQueries.names());
  const editor = useStepEditor({
    role,
    courseId,
    step: 1,
    toValues: toForm,
    empty: EMPTY,
    onDirtyChange,
    schema: role === 'admin' ? adminStep1Body : step1Body,
    toBody: (values) => ({
      ...(courseId === null ? {} : { id: courseId }),
      title: values.title,
      subtitle: values.subtitle,
      category_id: Number(values.category_id ?? 0),
      language: values.language,
      level: values.level,
      price: values.price === '' ? 0 : Number(values.price),
      ...(role === 'admin' && values.instructor_id !== '' ? { instructor_id: Number(values.instructor_id) } : {}),
    }),
    send: (body) => callAuthoring(role, 'step1', { body }),
    onSaved: (data, message) => {
      if (courseId === null) onCreated(data, message);
      else onSaved(data.state, message);
    },
  });

  const { form, saved, loadFailure } = editor;
  if (loadFailure || (courseId !== null && saved.isPending)) return <StepWaiting loadFailure={loadFailure} />;

  const categoryOptions = (categories.data ?? []).map((c) => ({ value: String(c.id), label: i18n.language === 'en' ? c.name_en : c.name_ar }));

  return (
    <StepForm
      editor={editor}
      testId="step1-form"
      gap="md"
      saveLabel={courseId === null ? t('authoring.step1.create') : undefined}
      hint={courseId === null ? <Text size="sm" c="dimmed">{t('authoring.step1.createHint')}</Text> : null}
    >
      <TextInput
        label={t('authoring.step1.title')}
        required
        maxLength={AUTHORING_LIMITS.title}
        {...form.getInputProps('title')}
        dir="auto"
      />
      <TextInput
        label={t('authoring.step1.subtitle')}
        maxLength={AUTHORING_LIMITS.subtitle}
        {...form.getInputProps('subtitle')}
        dir="auto"
      />
      <Select
        label={t('authoring.step1.category')}
        required
        searchable
        data={categoryOptions}
        {...form.getInputProps('category_id')}
        error={form.errors.category_id ?? (categories.isError ? t('authoring.step1.categoriesFailed') : undefined)}
        nothingFoundMessage={t('authoring.step1.noCategory')}
        data-testid="step1-category"
      />
      <Group grow align="flex-start" className="editor-form-row">
        <Select
          label={t('authoring.step1.language')}
          required
          allowDeselect={false}
          data={COURSE_LANGUAGES.map((value) => ({ value, label: t(`catalog.language.${value}`) }))}
          {...form.getInputProps('language')}
        />
        <Select
          label={t('authoring.step1.level')}
          required
          allowDeselect={false}
          data={COURSE_LEVELS.map((value) => ({ value, label: t(`catalog.level.${value}`) }))}
          {...form.getInputProps('level')}
        />
      </Group>
      <NumberInput
        label={t('authoring.step1.price')}
        description={t('authoring.step1.priceHint')}
        min={0}
        max={AUTHORING_LIMITS.price}
        decimalScale={2}
        allowNegative={false}
        {...form.getInputProps('price')}
      />
      {role === 'admin' ? (
        <InstructorPicker
          label={t('members.picker.label')}
          description={saved.data ? t('members.picker.now', { name: saved.data.instructor.name }) : t('members.picker.hint')}
          placeholder={t('members.picker.placeholder')}
          required={courseId === null}
          current={saved.data?.instructor}
          {...form.getInputProps('instructor_id')}
          data-testid="step1-instructor"
        />
      ) : null}
    </StepForm>
  );
}
