import { useEffect, useState } from 'react';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { CourseState } from '@nibras/contract';
import { contractValidator } from '../../../lib/forms';
import { ApiError, failureText, type ApiResult } from '../../../lib/http';
import { authoringQueries, type AuthoringRole } from '../api';
import { authoringStore, type StepNumber } from './authoring-store';

type StepData = { state: CourseState };

export interface StepEditorOptions<S extends StepNumber, Data extends StepData, Values extends Record<string, unknown>, Body> {
  role: AuthoringRole;
  /** Null: a new course (step 1 only), created by the first save. */
  courseId: number | null;
  step: S;
  toValues: (data: Data) => Values;
  empty: Values;
  /** What counts as a change: an empty trailing line is none. */
  normalize?: (values: Values) => unknown;
  /** The contract's body schema of the step's save. */
  schema: z.ZodType;
  toBody: (values: Values) => Body;
  send: (body: Body) => Promise<ApiResult<Data>>;
  /** After a save: the answer is the new saved state of the form. */
  onSaved: (data: Data, message: string) => void;
  /** Reported to the editor shell, which asks before unsaved changes are lost. */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * One step form of the course editor: the step's saved data (GET edit/stepN, fresh each time the
 * step opens), the form's values against it, and the save (POST addUpdate/stepN). Values are checked
 * with the contract's schema before they are sent; the server's field messages land on the same
 * fields. Data that arrives later (a refetch) replaces the form only while it holds no edits.
 */
export function useStepEditor<S extends StepNumber, Data extends StepData, Values extends Record<string, unknown>, Body>(options: StepEditorOptions<S, Data, Values, Body>) {
  const { role, courseId, step, toValues, empty, normalize = (values: Values) => values, onDirtyChange } = options;
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const saved = useQuery(authoringQueries.step(role, step, courseId) as ReturnType<typeof authoringQueries.step<S>> & { queryFn: () => Promise<Data> });
  const data = saved.data as Data | undefined;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: empty,
    validate: contractValidator(options.schema, options.toBody, (key, params) => t(key, params ?? {}), (key) => i18n.exists(key)),
  });
  const [source, setSource] = useState<Data | undefined>(undefined);
  const dirty = JSON.stringify(normalize(form.values)) !== JSON.stringify(normalize(form.getInitialValues()));

  const load = (next: Data) => {
    const values = toValues(next);
    setSource(next);
    form.setInitialValues(values);
    form.setValues(values);
    form.clearErrors();
  };

  useEffect(() => {
    if (data !== undefined && data !== source && !dirty) load(data);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new answer is the only trigger; `dirty` is read as it is then
  }, [data]);
  useEffect(() => {
    if (data !== undefined) authoringStore.setStep(step, data);
  }, [step, data]);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = useMutation({
    mutationFn: (values: Values) => options.send(options.toBody(values)),
    onSuccess: ({ data: answer, message }) => {
      // The answer is the new baseline, and the shell hears at once (a navigation may follow).
      load(answer);
      onDirtyChange(false);
      authoringStore.setStep(step, answer);
      queryClient.setQueryData(authoringQueries.step(role, step, courseId ?? (answer as { id?: number }).id ?? null).queryKey, answer as never);
      options.onSaved(answer, message);
    },
    onError: (error) => {
      if (error instanceof ApiError && !error.network) form.setErrors(error.fieldErrors);
    },
  });

  return {
    form,
    saved,
    /** The form holds the saved data (or the empty form of a new course). */
    loaded: courseId === null || source !== undefined,
    onSubmit: form.onSubmit((values) => {
      if (!save.isPending) save.mutate(values);
    }),
    pending: save.isPending,
    /** The server's message of a failed save, or the offline text when no answer came. */
    failure: save.error ? failureText(save.error, t('authoring.editor.offline')) : null,
    /** The failure of loading the step. */
    loadFailure: saved.error ? failureText(saved.error, t('authoring.editor.offline')) : null,
  };
}
