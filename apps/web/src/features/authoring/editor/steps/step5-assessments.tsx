import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { step5Body } from '@nibras/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authoringQueries, callAuthoring } from '../../api';
import { failureText as failureOf } from '../../../../lib/http';
import { useContractForm } from '../../../../lib/forms';
import { LoadingDots } from '../../../../components/loading-dots';
import { authoringStore } from '../authoring-store';
import type { StepProps } from '../step-props';
import { AssessmentForm } from './assessment-form';
import {
  assessmentBody,
  assessmentFieldErrors,
  assessmentFromServer,
  assessmentSignature,
  newAssessment,
  type AssessmentsAnswer,
  type DraftAssessment,
  type DraftOption,
  type DraftQuestion,
} from './assessment-model';
import { OutlineConfirmModal, type ConfirmRequest } from './outline-confirm-modal';
import './steps45.css';

/**
 * Step 5, assessments (optional): the course's assessments, and one open at a time in a form that saves
 * it with its questions and options. Deleting a saved assessment, question or option goes to the server
 * at once (after a confirmation); the form keeps its other unsaved edits.
 */
export function Step5Assessments({ role, courseId, onSaved, onDirtyChange }: StepProps) {
  const { t } = useTranslation();
  const query = useQuery({
    ...authoringQueries.step(role, 5, courseId),
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const [server, setServer] = useState<AssessmentsAnswer | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  // Whether the form is open: one assessment at a time is written.
  const [open, setOpen] = useState(false);

  const assessment = useContractForm({
    schema: step5Body,
    initialValues: { assessment: newAssessment() },
    toBody: (values) => assessmentBody(courseId, values.assessment),
    mapErrors: (values, errors) => assessmentFieldErrors(values.assessment, errors),
    invalidMessage: 'api.validation.failed',
    networkFailure: 'authoring.step5.failed',
    send: (body) => callAuthoring(role, 'step5', { body }),
    onSuccess: ({ data, message }) => {
      apply(data);
      setOpen(false);
      assessment.form.clearErrors();
      onSaved(data.state, message);
      onDirtyChange(false);
    },
  });
  const { form } = assessment;
  const draft = open ? form.values.assessment : null;
  const errors = form.errors as Record<string, string>;
  const setDraft = (update: (current: DraftAssessment) => DraftAssessment) => form.setFieldValue('assessment', update);

  // Deletes, asked for first and sent at once; the form keeps its other unsaved edits.
  const action = useMutation({
    mutationFn: ({ run }: { run: () => Promise<{ data: AssessmentsAnswer; message: string }>; after: (data: AssessmentsAnswer) => void }) => run(),
    onSuccess: ({ data, message }, { after }) => {
      apply(data);
      after(data);
      onSaved(data.state, message);
    },
    onSettled: () => setConfirm(null),
  });
  const failureText = assessment.failure ?? (action.error ? failureOf(action.error, t('authoring.step5.failed')) : null);
  const dismissFailure = () => {
    assessment.resetOutcome();
    action.reset();
  };

  const apply = (data: AssessmentsAnswer) => {
    authoringStore.setStep(5, data);
    setServer(data);
  };
  useEffect(() => {
    if (query.data && server === null) apply(query.data);
    // Only the first answer fills the list; later answers arrive through apply().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data]);

  const savedOfDraft = draft?.id !== undefined ? server?.assessments.find((a) => a.id === draft.id) : undefined;
  const baseline = draft === null ? null : savedOfDraft ? assessmentFromServer(savedOfDraft) : newAssessment();
  const dirty = draft !== null && assessmentSignature(draft) !== assessmentSignature(baseline);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const replaceForm = (next: DraftAssessment | null) => {
    dismissFailure();
    form.clearErrors();
    if (next) form.setValues({ assessment: next });
    setOpen(next !== null);
  };
  // Closing the form or opening another assessment must not drop unsaved work without asking.
  const showForm = (next: DraftAssessment | null) => {
    if (!dirty) {
      replaceForm(next);
      return;
    }
    setConfirm({
      title: t('authoring.step5.discardTitle'),
      text: t('authoring.step5.discardText'),
      confirmLabel: t('authoring.step5.discard'),
      run: () => {
        replaceForm(next);
        setConfirm(null);
      },
    });
  };

  const save = () => {
    action.reset();
    assessment.onSubmit();
  };

  const runConfirmed = (run: () => Promise<{ data: AssessmentsAnswer; message: string }>, after: (data: AssessmentsAnswer) => void) => () => {
    assessment.resetOutcome();
    action.mutate({ run, after });
  };

  const removeQuestion = (key: string) => setDraft((current) => ({ ...current, questions: current.questions.filter((q) => q.key !== key) }));
  const removeOption = (questionKey: string, optionKey: string) =>
    setDraft((current) => ({ ...current, questions: current.questions.map((q) => (q.key === questionKey ? { ...q, options: q.options.filter((o) => o.key !== optionKey) } : q)) }));

  const askDeleteAssessment = (id: number, title: string) =>
    setConfirm({
      title: t('authoring.step5.deleteAssessmentTitle'),
      text: t('authoring.step5.deleteAssessmentText', { title }),
      confirmLabel: t('authoring.step5.delete'),
      run: runConfirmed(
        () => callAuthoring(role, 'deleteAssessment', { params: { id } }),
        () => {
          if (form.values.assessment.id !== id) return;
          form.clearErrors();
          setOpen(false);
        },
      ),
    });

  const askDeleteQuestion = (question: DraftQuestion) => {
    if (question.id === undefined) {
      removeQuestion(question.key);
      return;
    }
    const id = question.id;
    setConfirm({
      title: t('authoring.step5.deleteQuestionTitle'),
      text: t('authoring.step5.deleteQuestionText', { text: question.text.trim() || t('authoring.step5.untitledQuestion') }),
      confirmLabel: t('authoring.step5.delete'),
      run: runConfirmed(
        () => callAuthoring(role, 'deleteQuestion', { params: { id } }),
        () => removeQuestion(question.key),
      ),
    });
  };

  const askDeleteOption = (question: DraftQuestion, option: DraftOption) => {
    if (option.id === undefined) {
      removeOption(question.key, option.key);
      return;
    }
    const id = option.id;
    setConfirm({
      title: t('authoring.step5.deleteOptionTitle'),
      text: t('authoring.step5.deleteOptionText', { text: option.text.trim() || t('authoring.step5.untitledOption') }),
      confirmLabel: t('authoring.step5.delete'),
      run: runConfirmed(
        () => callAuthoring(role, 'deleteOption', { params: { id } }),
        () => removeOption(question.key, option.key),
      ),
    });
  };

  if (query.isError && !server) {
    return (
      <Alert color="red" role="alert">
        {t('authoring.step5.loadFailed')}
      </Alert>
    );
  }
  if (!server) return <LoadingDots />;

  return (
    <Stack gap="md" data-testid="step5-assessments">
      <Text size="sm" c="dimmed">
        {t('authoring.step5.intro')}
      </Text>
      {failureText ? (
        <Alert color="red" role="alert" data-testid="step5-failure" withCloseButton closeButtonLabel={t('authoring.step5.dismiss')} onClose={dismissFailure}>
          {failureText}
        </Alert>
      ) : null}
      <section aria-labelledby="assessment-list-title">
        <Stack gap="sm">
          <Title order={3} size="h4" id="assessment-list-title">
            {t('authoring.step5.listTitle')}
          </Title>
          {server.assessments.length === 0 ? (
            <Text c="dimmed" data-testid="step5-empty">
              {t('authoring.step5.empty')}
            </Text>
          ) : (
            <ul className="outline-list">
              {server.assessments.map((assessment) => (
                <li key={assessment.id}>
                  <Paper withBorder radius="md" p="sm" className="assessment-card" data-testid="assessment-item" data-assessment-id={assessment.id}>
                    <Group justify="space-between" gap="xs">
                      <Stack gap={2} className="outline-grow">
                        <Text fw={700} dir="auto" className="break-anywhere" data-testid="assessment-item-title">
                          {assessment.title}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {t('authoring.step5.summary', { passMark: assessment.pass_mark, count: assessment.questions.length })}
                        </Text>
                      </Stack>
                      <Group gap="xs">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => showForm(assessmentFromServer(assessment))}
                          aria-label={t('authoring.step5.actionFor', { action: t('authoring.step5.edit'), title: assessment.title })}
                          data-testid="assessment-edit"
                        >
                          {t('authoring.step5.edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.9"
                          onClick={() => askDeleteAssessment(assessment.id, assessment.title)}
                          aria-label={t('authoring.step5.actionFor', { action: t('authoring.step5.delete'), title: assessment.title })}
                          data-testid="assessment-delete"
                        >
                          {t('authoring.step5.delete')}
                        </Button>
                      </Group>
                    </Group>
                  </Paper>
                </li>
              ))}
            </ul>
          )}
          {draft === null ? (
            <Group>
              <Button variant="light" onClick={() => showForm(newAssessment())} data-testid="new-assessment">
                {t('authoring.step5.add')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </section>
      {draft ? (
        <AssessmentForm
          draft={draft}
          errors={errors}
          saving={assessment.pending}
          onChange={(next) => setDraft(() => next)}
          onSave={save}
          onCancel={() => showForm(null)}
          onDeleteQuestion={askDeleteQuestion}
          onDeleteOption={askDeleteOption}
        />
      ) : null}
      <OutlineConfirmModal request={confirm} busy={action.isPending} onClose={() => setConfirm(null)} />
    </Stack>
  );
}
