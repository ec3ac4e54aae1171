import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { step5Body, step5TopicBody } from '@nibras/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authoringQueries, callAuthoring } from '../../api';
import { failureText as failureOf, type ApiResult } from '../../../../lib/http';
import { LoadingDots } from '../../../../components/loading-dots';
import { authoringStore } from '../authoring-store';
import type { StepProps } from '../step-props';
import { AssessmentForm } from './assessment-form';
import {
  assessmentBody,
  assessmentFieldErrors,
  assessmentFromServer,
  assessmentSignature,
  drawRules,
  newAssessment,
  newTopic,
  questionsPerAttempt,
  topicBody,
  topicFieldErrors,
  topicFromServer,
  topicSignature,
  type AssessmentsAnswer,
  type ServerAssessment,
} from './assessment-model';
import { OutlineConfirmModal, type ConfirmRequest } from './outline-confirm-modal';
import { TopicForm, TopicList } from './question-bank';
import { useQuestionsForm } from './use-questions-form';
import './steps45.css';

/** Where a delete was asked for: its failure shows there. */
type Area = 'assessments' | 'bank';

/**
 * Step 5, assessments (optional): the course's assessments and its question bank (topics of questions that
 * assessments draw from at random), each with one item open at a time in a form that saves it with its questions
 * and options. Deleting a saved item, question or option goes to the server at once (after a confirmation); the
 * forms keep their other unsaved edits.
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

  const apply = (data: AssessmentsAnswer) => {
    authoringStore.setStep(5, data);
    setServer(data);
  };
  const saved = (data: AssessmentsAnswer, message: string) => {
    apply(data);
    onSaved(data.state, message);
  };
  useEffect(() => {
    if (query.data && server === null) apply(query.data);
    // Only the first answer fills the lists; later answers arrive through apply().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data]);

  // Deletes, asked for first and sent at once; the forms keep their other unsaved edits.
  const action = useMutation({
    mutationFn: ({ run }: { area: Area; run: () => Promise<ApiResult<AssessmentsAnswer>>; after: (data: AssessmentsAnswer) => void }) => run(),
    onSuccess: ({ data, message }, { after }) => {
      saved(data, message);
      after(data);
    },
    onSettled: () => setConfirm(null),
  });
  const deleteIn = (area: Area) => (run: () => Promise<ApiResult<AssessmentsAnswer>>, after: (data: AssessmentsAnswer) => void) => action.mutate({ area, run, after });
  const shared = { role, ask: setConfirm, onSaved: saved, clearDeleteFailure: () => action.reset() };

  const sizes = new Map((server?.topics ?? []).map((topic) => [topic.id, topic.questions.length]));
  const assessment = useQuestionsForm({
    ...shared,
    schema: step5Body,
    empty: newAssessment,
    toBody: (draft) => assessmentBody(courseId, draft),
    mapErrors: assessmentFieldErrors,
    rules: (draft) => drawRules(draft, sizes),
    send: (body) => callAuthoring(role, 'step5', { body }),
    saved: (id) => {
      const found = server?.assessments.find((a) => a.id === id);
      return found ? assessmentFromServer(found) : undefined;
    },
    signature: assessmentSignature,
    discardText: t('authoring.step5.discardText'),
    runDelete: deleteIn('assessments'),
  });
  const topic = useQuestionsForm({
    ...shared,
    schema: step5TopicBody,
    empty: newTopic,
    toBody: (draft) => topicBody(courseId, draft),
    mapErrors: topicFieldErrors,
    send: (body) => callAuthoring(role, 'step5Topic', { body }),
    saved: (id) => {
      const found = server?.topics.find((x) => x.id === id);
      return found ? topicFromServer(found) : undefined;
    },
    signature: topicSignature,
    discardText: t('authoring.step5.bank.discardText'),
    runDelete: deleteIn('bank'),
  });

  const dirty = assessment.dirty || topic.dirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const failureIn = (area: Area) => {
    const form = area === 'assessments' ? assessment : topic;
    if (form.failure) return form.failure;
    return action.error && action.variables?.area === area ? failureOf(action.error, t('authoring.step5.failed')) : null;
  };
  const dismiss = (area: Area) => () => {
    (area === 'assessments' ? assessment : topic).resetOutcome();
    action.reset();
  };

  const askDeleteAssessment = (id: number, title: string) =>
    setConfirm({
      title: t('authoring.step5.deleteAssessmentTitle'),
      text: t('authoring.step5.deleteAssessmentText', { title }),
      confirmLabel: t('authoring.step5.delete'),
      run: assessment.confirmed(
        () => callAuthoring(role, 'deleteAssessment', { params: { id } }),
        () => assessment.closeIfShowing(id),
      ),
    });
  const askDeleteTopic = (id: number, title: string) =>
    setConfirm({
      title: t('authoring.step5.bank.deleteTitle'),
      text: t('authoring.step5.bank.deleteText', { title }),
      confirmLabel: t('authoring.step5.delete'),
      run: topic.confirmed(
        () => callAuthoring(role, 'deleteTopic', { params: { id } }),
        () => topic.closeIfShowing(id),
      ),
    });

  if (query.isError && !server) {
    return (
      <Alert color="red" role="alert">
        {t('authoring.step5.loadFailed')}
      </Alert>
    );
  }
  if (!server) return <LoadingDots />;

  const failure = (area: Area, testId: string) => {
    const text = failureIn(area);
    return text ? (
      <Alert color="red" role="alert" data-testid={testId} withCloseButton closeButtonLabel={t('authoring.step5.dismiss')} onClose={dismiss(area)}>
        {text}
      </Alert>
    ) : null;
  };
  const drawTopics = server.topics.map((x) => ({ id: x.id, title: x.title, size: x.questions.length }));

  return (
    <Stack gap="md" data-testid="step5-assessments">
      <Text size="sm" c="dimmed">
        {t('authoring.step5.intro')}
      </Text>
      {failure('assessments', 'step5-failure')}
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
              {server.assessments.map((item) => (
                <li key={item.id}>
                  <Paper withBorder radius="md" p="sm" className="assessment-card" data-testid="assessment-item" data-assessment-id={item.id}>
                    <Group justify="space-between" gap="xs">
                      <Stack gap={2} className="outline-grow">
                        <Text fw={700} dir="auto" className="break-anywhere" data-testid="assessment-item-title">
                          {item.title}
                        </Text>
                        <AssessmentSummary assessment={item} />
                      </Stack>
                      <Group gap="xs">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => assessment.show(assessmentFromServer(item))}
                          aria-label={t('authoring.step5.actionFor', { action: t('authoring.step5.edit'), title: item.title })}
                          data-testid="assessment-edit"
                        >
                          {t('authoring.step5.edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.9"
                          onClick={() => askDeleteAssessment(item.id, item.title)}
                          aria-label={t('authoring.step5.actionFor', { action: t('authoring.step5.delete'), title: item.title })}
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
          {assessment.draft === null ? (
            <Group>
              <Button variant="light" onClick={() => assessment.show(newAssessment())} data-testid="new-assessment">
                {t('authoring.step5.add')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </section>
      {assessment.draft ? (
        <AssessmentForm
          draft={assessment.draft}
          topics={drawTopics}
          errors={assessment.errors}
          saving={assessment.pending}
          onChange={(next) => assessment.setDraft(() => next)}
          onSave={assessment.save}
          onCancel={() => assessment.show(null)}
          onDeleteQuestion={assessment.askDeleteQuestion}
          onDeleteOption={assessment.askDeleteOption}
        />
      ) : null}
      <section aria-labelledby="bank-title" className="question-bank" data-testid="question-bank">
        <Stack gap="sm">
          <Title order={3} size="h4" id="bank-title">
            {t('authoring.step5.bank.title')}
          </Title>
          {failure('bank', 'bank-failure')}
          <TopicList
            topics={server.topics}
            assessments={server.assessments}
            onEdit={(item) => topic.show(topicFromServer(item))}
            onDelete={(item) => askDeleteTopic(item.id, item.title)}
          />
          {topic.draft === null ? (
            <Group>
              <Button variant="light" onClick={() => topic.show(newTopic())} data-testid="new-topic">
                {t('authoring.step5.bank.add')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </section>
      {topic.draft ? (
        <TopicForm
          draft={topic.draft}
          errors={topic.errors}
          saving={topic.pending}
          onChange={(next) => topic.setDraft(() => next)}
          onSave={topic.save}
          onCancel={() => topic.show(null)}
          onDeleteQuestion={topic.askDeleteQuestion}
          onDeleteOption={topic.askDeleteOption}
        />
      ) : null}
      <OutlineConfirmModal request={confirm} busy={action.isPending} onClose={() => setConfirm(null)} />
    </Stack>
  );
}

/** An assessment's pass mark and what each attempt gets: its own questions, and those drawn at random from the bank. */
function AssessmentSummary({ assessment }: { assessment: ServerAssessment }) {
  const { t } = useTranslation();
  const { own, drawn } = questionsPerAttempt(assessment);
  if (drawn === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="assessment-item-summary">
        {t('authoring.step5.summary', { passMark: assessment.pass_mark, count: own })}
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed" data-testid="assessment-item-summary">
      {own === 0 ? t('authoring.step5.passMarkOnly', { passMark: assessment.pass_mark }) : t('authoring.step5.summary', { passMark: assessment.pass_mark, count: own })}
      {own === 0 ? ' · ' : ' + '}
      {t('authoring.step5.drawnSummary', { count: drawn })}
    </Text>
  );
}
