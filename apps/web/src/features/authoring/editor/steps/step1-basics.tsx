import { Alert, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTHORING_LIMITS, COURSE_LANGUAGES, COURSE_LEVELS, type CourseState } from '@nibras/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callAuthoring, type AuthoringRole, type Step1 } from '../../../../api/authoring';
import { fetchCategoryNames } from '../../../../api/categories';
import { LoadingDots } from '../../../../components/loading-dots';
import { authoringStore } from '../authoring-store';
import { stepFailure, type StepFailure } from '../step-failure';
import { stepQueryKey, useStepData } from '../use-step-data';
import { useStepForm } from '../use-step-form';

type Language = (typeof COURSE_LANGUAGES)[number];
type Level = (typeof COURSE_LEVELS)[number];

interface BasicsForm {
  title: string;
  subtitle: string;
  category_id: string | null;
  language: Language;
  level: Level;
  price: number | string;
  instructor_id: number | string;
}

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
  const queryClient = useQueryClient();
  const saved = useStepData(role, courseId, 1, async (id) => (await callAuthoring(role, 'edit1', { params: { id } })).data);
  const categories = useQuery({ queryKey: ['category-names'], queryFn: fetchCategoryNames });
  const { form, update, markSaved } = useStepForm({ data: saved.data, toForm, empty: EMPTY, onDirtyChange });
  const [failure, setFailure] = useState<StepFailure | null>(null);

  const save = useMutation({
    mutationFn: async () => {
      const instructorId = role === 'admin' && form.instructor_id !== '' ? { instructor_id: Number(form.instructor_id) } : {};
      const body = {
        ...(courseId === null ? {} : { id: courseId }),
        title: form.title,
        subtitle: form.subtitle,
        category_id: Number(form.category_id ?? 0),
        language: form.language,
        level: form.level,
        price: form.price === '' ? 0 : Number(form.price),
        ...instructorId,
      };
      return callAuthoring(role, 'step1', { body });
    },
    onSuccess: ({ data, message }) => {
      setFailure(null);
      markSaved(data);
      authoringStore.setStep(1, data);
      queryClient.setQueryData(stepQueryKey(role, 1, data.id), data);
      if (courseId === null) onCreated(data, message);
      else onSaved(data.state, message);
    },
    onError: (error) => setFailure(stepFailure(error, t('authoring.editor.offline'))),
  });

  if (courseId !== null && saved.isPending) return <LoadingDots />;
  if (saved.isError) return <Alert color="red">{stepFailure(saved.error, t('authoring.editor.offline')).message}</Alert>;

  const fieldError = (name: string) => failure?.fields[name];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: String(c.id), label: i18n.language === 'en' ? c.name_en : c.name_ar }));

  return (
    <form onSubmit={submit} noValidate data-testid="step1-form">
      <Stack gap="md">
        {failure ? (
          <Alert color="red" role="alert" data-testid="step-error">
            {failure.message}
          </Alert>
        ) : null}
        <TextInput
          label={t('authoring.step1.title')}
          required
          maxLength={AUTHORING_LIMITS.title}
          value={form.title}
          onChange={(event) => update('title', event.currentTarget.value)}
          error={fieldError('title')}
          dir="auto"
        />
        <TextInput
          label={t('authoring.step1.subtitle')}
          maxLength={AUTHORING_LIMITS.subtitle}
          value={form.subtitle}
          onChange={(event) => update('subtitle', event.currentTarget.value)}
          error={fieldError('subtitle')}
          dir="auto"
        />
        <Select
          label={t('authoring.step1.category')}
          required
          searchable
          data={categoryOptions}
          value={form.category_id}
          onChange={(value) => update('category_id', value)}
          error={fieldError('category_id') ?? (categories.isError ? t('authoring.step1.categoriesFailed') : undefined)}
          nothingFoundMessage={t('authoring.step1.noCategory')}
          data-testid="step1-category"
        />
        <Group grow align="flex-start" className="editor-form-row">
          <Select
            label={t('authoring.step1.language')}
            required
            allowDeselect={false}
            data={COURSE_LANGUAGES.map((value) => ({ value, label: t(`catalog.language.${value}`) }))}
            value={form.language}
            onChange={(value) => update('language', (value ?? 'ar') as Language)}
            error={fieldError('language')}
          />
          <Select
            label={t('authoring.step1.level')}
            required
            allowDeselect={false}
            data={COURSE_LEVELS.map((value) => ({ value, label: t(`catalog.level.${value}`) }))}
            value={form.level}
            onChange={(value) => update('level', (value ?? 'beginner') as Level)}
            error={fieldError('level')}
          />
        </Group>
        <NumberInput
          label={t('authoring.step1.price')}
          description={t('authoring.step1.priceHint')}
          min={0}
          max={AUTHORING_LIMITS.price}
          decimalScale={2}
          allowNegative={false}
          value={form.price}
          onChange={(value) => update('price', value)}
          error={fieldError('price')}
        />
        {role === 'admin' ? (
          <NumberInput
            label={t('authoring.step1.instructorId')}
            description={saved.data ? t('authoring.step1.instructorNow', { name: saved.data.instructor.name, id: saved.data.instructor.id }) : t('authoring.step1.instructorHint')}
            required={courseId === null}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            value={form.instructor_id}
            onChange={(value) => update('instructor_id', value)}
            error={fieldError('instructor_id')}
            data-testid="step1-instructor"
          />
        ) : null}
        <Group justify="flex-end">
          {courseId === null ? <Text size="sm" c="dimmed">{t('authoring.step1.createHint')}</Text> : null}
          <Button type="submit" loading={save.isPending} data-testid="step-save">
            {courseId === null ? t('authoring.step1.create') : t('authoring.editor.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
