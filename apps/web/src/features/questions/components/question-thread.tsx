import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title, type TitleOrder } from '@mantine/core';
import { QUESTION_BODY_MAX, QUESTION_TITLE_MAX, type QuestionPostKind, type Role } from '@nibras/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormOutcome } from '../../../components/form-outcome';
import { LoadingDots } from '../../../components/loading-dots';
import { ListPager } from '../../../components/pager';
import { formatNumber } from '../../../lib/format';
import { lazySchema, useContractForm } from '../../../lib/forms';
import { acceptAnswer, answerQuestion, editPost, hidePost, questionKeys, questionQueries, removePost, unhidePost, type AnswerItem, type QuestionItem } from '../api';
import { Byline, TimeLink, UpvoteButton, type Seek } from './question-parts';
import { ReasonDialog, type ReasonAction } from './reason-dialog';

const answerSchema = lazySchema(() => import('@nibras/contract/questions').then((questions) => questions.questionAnswerBody));

function HiddenNote({ hidden }: { hidden: NonNullable<QuestionItem['hidden']> }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" p="xs" title={t('questions.hiddenTitle')}>
      <Text size="sm" dir="auto">
        {t('questions.hiddenText', { reason: hidden.reason, name: hidden.by })}
      </Text>
    </Alert>
  );
}

/** Hide (or show again) and delete, with a reason: the course's instructor and admins; the author deletes their own. */
function PostActions({ role, kind, post, canModerate, onDeleted, onEdit }: { role: Role; kind: QuestionPostKind; post: QuestionItem | AnswerItem; canModerate: boolean; onDeleted?: () => void; onEdit?: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [action, setAction] = useState<ReasonAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const moderator = canModerate && role !== 'participant' ? role : null;
  if (!moderator && !post.mine) return null;
  const refresh = () => client.invalidateQueries({ queryKey: questionKeys.all });
  const confirm = async (reason: string) => {
    if (action === 'hide' && moderator) await hidePost(moderator, kind, post.id, reason);
    else {
      await removePost(role, kind, post.id, action === 'delete' ? reason : undefined);
      onDeleted?.();
    }
    await refresh();
  };
  const unhide = async () => {
    setFailure(null);
    try {
      if (moderator) await unhidePost(moderator, kind, post.id);
      await refresh();
    } catch {
      setFailure(t('questions.failed'));
    }
  };
  const label = kind === 'question' ? 'question' : 'answer';
  return (
    <>
      {moderator && post.hidden ? (
        <Button size="compact-sm" variant="default" onClick={() => void unhide()} data-testid={`unhide-${kind}-${post.id}`}>
          {t(`questions.unhide.${label}`)}
        </Button>
      ) : null}
      {moderator && !post.hidden ? (
        <Button size="compact-sm" variant="default" onClick={() => setAction('hide')} data-testid={`hide-${kind}-${post.id}`}>
          {t(`questions.hide.${label}`)}
        </Button>
      ) : null}
      {post.mine && onEdit ? (
        <Button size="compact-sm" variant="default" onClick={onEdit} data-testid={`edit-${kind}-${post.id}`}>
          {t(`questions.edit.${label}`)}
        </Button>
      ) : null}
      <Button size="compact-sm" variant="default" onClick={() => setAction(post.mine ? 'deleteOwn' : 'delete')} data-testid={`delete-${kind}-${post.id}`}>
        {t(`questions.delete.${label}`)}
      </Button>
      {failure ? (
        <Text size="xs" c="red.9" role="alert">
          {failure}
        </Text>
      ) : null}
      <ReasonDialog action={action} onClose={() => setAction(null)} onConfirm={confirm} />
    </>
  );
}

const editSchema = lazySchema(() => import('@nibras/contract/questions').then((questions) => questions.questionEditBody));

/** The author's own post, edited in place: a question's title and text, or an answer's text. */
function EditForm({ role, kind, post, onDone }: { role: Role; kind: QuestionPostKind; post: { id: number; body: string; title?: string }; onDone: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { form, onSubmit, pending, failure, prepare } = useContractForm({
    schema: editSchema,
    initialValues: { title: post.title ?? '', body: post.body },
    toBody: (values) => ({ kind, id: post.id, body: values.body, ...(kind === 'question' ? { title: values.title } : {}) }),
    send: (body) => editPost(role, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: questionKeys.all });
      onDone();
    },
    networkFailure: 'questions.failed',
  });
  return (
    <form onSubmit={onSubmit} onFocus={prepare} data-testid={`edit-form-${kind}-${post.id}`}>
      <Stack gap="xs">
        {kind === 'question' ? <TextInput label={t('questions.ask.title')} maxLength={QUESTION_TITLE_MAX} dir="auto" {...form.getInputProps('title')} /> : null}
        <Textarea label={kind === 'question' ? t('questions.ask.body') : t('questions.answerLabel')} autosize minRows={2} maxRows={10} maxLength={QUESTION_BODY_MAX} dir="auto" {...form.getInputProps('body')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('questions.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('questions.save')}
          </Button>
        </Group>
        <FormOutcome failure={{ text: failure, polite: true }} />
      </Stack>
    </form>
  );
}

function AnswerForm({ role, questionId }: { role: Role; questionId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { form, onSubmit, pending, failure, success, prepare } = useContractForm({
    schema: answerSchema,
    initialValues: { body: '' },
    send: (body: { body: string }) => answerQuestion(role, questionId, body),
    onSuccess: () => {
      form.reset();
      void client.invalidateQueries({ queryKey: questionKeys.all });
    },
    networkFailure: 'questions.failed',
  });
  return (
    <form onSubmit={onSubmit} onFocus={prepare} data-testid="answer-form">
      <Stack gap="xs">
        <Textarea label={t('questions.answerLabel')} autosize minRows={2} maxRows={10} maxLength={QUESTION_BODY_MAX} dir="auto" data-testid="answer-text" {...form.getInputProps('body')} />
        <Group justify="flex-end">
          <Button type="submit" loading={pending} data-testid="answer-send">
            {t('questions.answerSend')}
          </Button>
        </Group>
        <FormOutcome success={{ text: success, role: 'status' }} failure={{ text: failure, polite: true }} />
      </Stack>
    </form>
  );
}

/**
 * One question with its answers: upvotes, the accepted answer first (the instructor accepts), hiding and
 * deleting for the course's instructor and admins, and the answer form.
 */
export function QuestionThread({ role, id, onBack, onSeek, seekLectureId, headingOrder = 3 }: {
  role: Role;
  id: number;
  onBack: () => void;
  /** Seeks the video of lecture seekLectureId (the learn page's current one). */
  onSeek?: Seek | undefined;
  seekLectureId?: number;
  headingOrder?: TitleOrder;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const thread = useQuery(questionQueries.thread(role, id, page));
  const [acceptFailure, setAcceptFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const back = (
    <Button variant="subtle" size="compact-sm" onClick={onBack} data-testid="question-back" style={{ alignSelf: 'flex-start' }}>
      {t('questions.back')}
    </Button>
  );
  if (thread.isPending) return <Stack>{back}<LoadingDots /></Stack>;
  if (thread.isError) {
    return (
      <Stack>
        {back}
        <Alert color="red">{t('questions.threadError')}</Alert>
      </Stack>
    );
  }
  const { question, answers, canModerate, canAccept } = thread.data;
  const accept = async (answerId: number | null) => {
    setAcceptFailure(null);
    try {
      await acceptAnswer(question.id, answerId);
      await client.invalidateQueries({ queryKey: questionKeys.all });
    } catch {
      setAcceptFailure(t('questions.failed'));
    }
  };
  const answerOrder = Math.min(6, headingOrder + 1) as TitleOrder;
  return (
    <Stack gap="md" data-testid="question-thread">
      {back}
      <Stack gap={6}>
        <Title order={headingOrder} size="h4" dir="auto" data-testid="thread-title">
          {question.title}
        </Title>
        <Byline author={question.author} createdAt={question.createdAt} />
        <Group gap={6}>
          {question.positionSeconds !== null ? <TimeLink seconds={question.positionSeconds} onSeek={question.lecture.id === seekLectureId ? onSeek : undefined} /> : null}
          <Text size="xs" c="dimmed">
            <bdi>{question.lecture.title}</bdi>
          </Text>
        </Group>
        {question.hidden ? <HiddenNote hidden={question.hidden} /> : null}
        {editing === `question-${question.id}` ? (
          <EditForm role={role} kind="question" post={question} onDone={() => setEditing(null)} />
        ) : (
          <>
            {question.body ? (
              <Text size="sm" dir="auto" className="questions-text">
                {question.body}
              </Text>
            ) : null}
            <Group gap="xs">
              <UpvoteButton role={role} kind="question" post={question} />
              <PostActions role={role} kind="question" post={question} canModerate={canModerate} onDeleted={onBack} onEdit={() => setEditing(`question-${question.id}`)} />
            </Group>
          </>
        )}
      </Stack>
      {thread.data.total > 0 ? (
        <Title order={answerOrder} size="h5">
          {t('questions.answerCount', { count: thread.data.total, formatted: formatNumber(thread.data.total, i18n.language) })}
        </Title>
      ) : null}
      {acceptFailure ? (
        <Alert color="red" role="alert">
          {acceptFailure}
        </Alert>
      ) : null}
      {answers.length === 0 ? <Text size="sm" c="dimmed">{t('questions.noAnswers')}</Text> : null}
      <ul className="questions-list">
        {answers.map((answer) => (
          <li key={answer.id} data-testid={`answer-${answer.id}`}>
            <Paper withBorder radius="md" p="sm" className={answer.accepted ? 'questions-answer--accepted' : undefined}>
              <Stack gap={6}>
                <Group gap={6} justify="space-between">
                  <Byline author={answer.author} createdAt={answer.createdAt} />
                  {answer.accepted ? (
                    <Badge color="green" variant="light" component="span" data-testid="accepted-badge">
                      {t('questions.accepted')}
                    </Badge>
                  ) : null}
                </Group>
                {answer.hidden ? <HiddenNote hidden={answer.hidden} /> : null}
                {editing === `answer-${answer.id}` ? (
                  <EditForm role={role} kind="answer" post={answer} onDone={() => setEditing(null)} />
                ) : (
                  <Text size="sm" dir="auto" className="questions-text">
                    {answer.body}
                  </Text>
                )}
                <Group gap="xs">
                  <UpvoteButton role={role} kind="answer" post={answer} />
                  {canAccept && !answer.hidden ? (
                    <Button size="compact-sm" variant={answer.accepted ? 'light' : 'default'} color="green" onClick={() => void accept(answer.accepted ? null : answer.id)} data-testid={`accept-${answer.id}`}>
                      {answer.accepted ? t('questions.unaccept') : t('questions.accept')}
                    </Button>
                  ) : null}
                  <PostActions role={role} kind="answer" post={answer} canModerate={canModerate} onEdit={() => setEditing(`answer-${answer.id}`)} />
                </Group>
              </Stack>
            </Paper>
          </li>
        ))}
      </ul>
      <ListPager page={page} perPage={thread.data.perPage} total={thread.data.total} onChange={setPage} />
      <AnswerForm role={role} questionId={question.id} />
    </Stack>
  );
}
