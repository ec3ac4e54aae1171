import type { z } from 'zod';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../../lib/http';
import { callAuthoring, type AuthoringRole } from '../../api';
import { useContractForm } from '../../../../lib/forms';
import type { AssessmentsAnswer, DraftOption, DraftQuestion } from './assessment-model';
import type { ConfirmRequest } from './outline-confirm-modal';

/** What step 5's deletes send: a call answering the step's data, and what the form does once it went. */
export type DeleteRun = (run: () => Promise<ApiResult<AssessmentsAnswer>>, after: (data: AssessmentsAnswer) => void) => void;

export interface QuestionsFormOptions<Draft extends { id?: number; questions: DraftQuestion[] }, Body> {
  role: AuthoringRole;
  schema: z.ZodType;
  empty: () => Draft;
  toBody: (draft: Draft) => Body;
  /** The body's field paths tied to the draft's rows (assessment-model's field errors). */
  mapErrors: (draft: Draft, errors: Record<string, string>) => Record<string, string>;
  /** Checks only the browser makes, by body path. */
  rules?: (draft: Draft) => Record<string, string>;
  send: (body: Body) => Promise<ApiResult<AssessmentsAnswer>>;
  /** The saved version of a draft (to tell whether it changed); undefined for a new one. */
  saved: (id: number) => Draft | undefined;
  signature: (draft: Draft | null) => string;
  /** After a save: the step's new data and the server's message. */
  onSaved: (data: AssessmentsAnswer, message: string) => void;
  /** The discard question's text when the form closes with unsaved changes. */
  discardText: string;
  ask: (request: ConfirmRequest | null) => void;
  /** Sends a delete (after its confirmation), through the step's one delete call. */
  runDelete: DeleteRun;
  /** Forgets the step's last delete failure (a new save starts afresh). */
  clearDeleteFailure: () => void;
}

/**
 * One form of step 5 that writes questions, open for one item at a time: an assessment, or a topic of the question
 * bank. It saves the item with its questions as listed; deleting a saved question or option goes to the server at
 * once (after a confirmation) and the form keeps its other unsaved edits; closing it with changes asks first.
 */
export function useQuestionsForm<Draft extends { id?: number; questions: DraftQuestion[] }, Body>(options: QuestionsFormOptions<Draft, Body>) {
  const { t } = useTranslation();
  // Whether the form is open: one item at a time is written.
  const [open, setOpen] = useState(false);
  const contract = useContractForm({
    schema: options.schema,
    initialValues: { draft: options.empty() },
    toBody: (values) => options.toBody(values.draft),
    mapErrors: (values, errors) => options.mapErrors(values.draft, errors),
    ...(options.rules ? { rules: (values: { draft: Draft }) => options.rules!(values.draft) } : {}),
    invalidMessage: 'api.validation.failed',
    networkFailure: 'authoring.step5.failed',
    send: options.send,
    onSuccess: ({ data, message }) => {
      setOpen(false);
      contract.form.clearErrors();
      options.onSaved(data, message);
    },
  });
  const { form } = contract;
  const draft = open ? form.values.draft : null;
  const errors = form.errors as Record<string, string>;
  const setDraft = (update: (current: Draft) => Draft) => form.setFieldValue('draft', update as never);

  const baseline = draft === null ? null : ((draft.id !== undefined ? options.saved(draft.id) : undefined) ?? options.empty());
  const dirty = draft !== null && options.signature(draft) !== options.signature(baseline);

  const replaceForm = (next: Draft | null) => {
    contract.resetOutcome();
    form.clearErrors();
    if (next) form.setValues({ draft: next } as never);
    setOpen(next !== null);
  };
  // Closing the form or opening another item must not drop unsaved work without asking.
  const show = (next: Draft | null) => {
    if (!dirty) {
      replaceForm(next);
      return;
    }
    options.ask({
      title: t('authoring.step5.discardTitle'),
      text: options.discardText,
      confirmLabel: t('authoring.step5.discard'),
      run: () => {
        replaceForm(next);
        options.ask(null);
      },
    });
  };

  const confirmed = (run: () => Promise<ApiResult<AssessmentsAnswer>>, after: (data: AssessmentsAnswer) => void) => () => {
    contract.resetOutcome();
    options.runDelete(run, after);
  };

  const removeQuestion = (key: string) => setDraft((current) => ({ ...current, questions: current.questions.filter((q) => q.key !== key) }));
  const removeOption = (questionKey: string, optionKey: string) =>
    setDraft((current) => ({ ...current, questions: current.questions.map((q) => (q.key === questionKey ? { ...q, options: q.options.filter((o) => o.key !== optionKey) } : q)) }));

  return {
    form,
    draft,
    errors,
    dirty,
    pending: contract.pending,
    failure: contract.failure,
    resetOutcome: contract.resetOutcome,
    setDraft,
    show,
    /** The item deleted on the server: its form, if open, closes without asking. */
    closeIfShowing: (id: number) => {
      if (form.values.draft.id !== id) return;
      form.clearErrors();
      setOpen(false);
    },
    confirmed,
    save: () => {
      options.clearDeleteFailure();
      contract.onSubmit();
    },
    askDeleteQuestion: (question: DraftQuestion) => {
      if (question.id === undefined) {
        removeQuestion(question.key);
        return;
      }
      const id = question.id;
      options.ask({
        title: t('authoring.step5.deleteQuestionTitle'),
        text: t('authoring.step5.deleteQuestionText', { text: question.text.trim() || t('authoring.step5.untitledQuestion') }),
        confirmLabel: t('authoring.step5.delete'),
        run: confirmed(
          () => callAuthoring(options.role, 'deleteQuestion', { params: { id } }),
          () => removeQuestion(question.key),
        ),
      });
    },
    askDeleteOption: (question: DraftQuestion, option: DraftOption) => {
      if (option.id === undefined) {
        removeOption(question.key, option.key);
        return;
      }
      const id = option.id;
      options.ask({
        title: t('authoring.step5.deleteOptionTitle'),
        text: t('authoring.step5.deleteOptionText', { text: option.text.trim() || t('authoring.step5.untitledOption') }),
        confirmLabel: t('authoring.step5.delete'),
        run: confirmed(
          () => callAuthoring(options.role, 'deleteOption', { params: { id } }),
          () => removeOption(question.key, option.key),
        ),
      });
    },
  };
}
