import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { QUESTION_BODY_MAX, QUESTION_TITLE_MAX } from '@nibras/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { FormOutcome } from '../../../components/form-outcome';
import { LoadingDots } from '../../../components/loading-dots';
import { ListPager } from '../../../components/pager';
import { formatClock } from '../../../lib/format';
import { lazySchema, useContractForm } from '../../../lib/forms';
import { askQuestion, questionKeys, questionQueries, type AskBody } from '../api';
import { QuestionRow } from './question-parts';
import { QuestionThread } from './question-thread';
import '../questions.css';

const askSchema = lazySchema(() => import('@nibras/contract/questions').then((questions) => questions.questionAskBody));

/** The video's current time, followed while the form is open. */
function useCurrentTime(videoRef: RefObject<HTMLVideoElement | null>): number | null {
  const [time, setTime] = useState<number | null>(() => (videoRef.current ? Math.floor(videoRef.current.currentTime) : null));
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () => setTime(Math.floor(video.currentTime));
    update();
    video.addEventListener('timeupdate', update);
    video.addEventListener('seeked', update);
    return () => {
      video.removeEventListener('timeupdate', update);
      video.removeEventListener('seeked', update);
    };
  }, [videoRef]);
  return time;
}

function AskForm({ lectureId, videoRef, onDone }: { lectureId: number; videoRef: RefObject<HTMLVideoElement | null>; onDone: (message: string | null) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const now = useCurrentTime(videoRef);
  const { form, onSubmit, pending, failure, prepare } = useContractForm({
    schema: askSchema,
    initialValues: { title: '', body: '', atTime: now !== null && now > 0 },
    toBody: (values): AskBody => ({ lecture_id: lectureId, title: values.title, body: values.body, position_seconds: values.atTime && now !== null ? now : null }),
    send: askQuestion,
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: questionKeys.all });
      onDone(result.message);
    },
    networkFailure: 'questions.failed',
  });
  return (
    <form onSubmit={onSubmit} onFocus={prepare} data-testid="ask-form">
      <Stack gap="xs">
        <TextInput label={t('questions.ask.title')} maxLength={QUESTION_TITLE_MAX} dir="auto" data-autofocus data-testid="ask-title" {...form.getInputProps('title')} />
        <Textarea label={t('questions.ask.body')} autosize minRows={2} maxRows={8} maxLength={QUESTION_BODY_MAX} dir="auto" data-testid="ask-body" {...form.getInputProps('body')} />
        {now !== null ? (
          <Checkbox
            label={t('questions.ask.atTime', { time: formatClock(now) })}
            data-testid="ask-at-time"
            {...form.getInputProps('atTime', { type: 'checkbox' })}
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onDone(null)}>
            {t('questions.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="ask-send">
            {t('questions.ask.send')}
          </Button>
        </Group>
        <FormOutcome failure={{ text: failure, polite: true }} />
      </Stack>
    </form>
  );
}

/**
 * The learn page's questions and answers for the current lecture: the lecture's questions (or a search
 * of the course's), asking at the video's current time, and a question's thread, whose time seeks the video.
 */
export function LectureQuestions({ courseId, lectureId, videoRef }: { courseId: number; lectureId: number; videoRef: RefObject<HTMLVideoElement | null> }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [openId, setOpenId] = useState<number | null>(null);
  const [asking, setAsking] = useState(false);
  const [asked, setAsked] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery(search ? questionQueries.course('participant', courseId, search, page) : questionQueries.lecture('participant', lectureId, page));
  const seek = (seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = seconds;
    video.scrollIntoView?.({ block: 'nearest' });
    video.focus();
  };
  // Only this lecture's questions have a time of the video on screen.
  const seekFor = (questionLecture: number) => (questionLecture === lectureId ? seek : undefined);

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={headingId} data-testid="lecture-questions">
      <Title order={2} size="h4" id={headingId} mb="sm">
        {t('questions.panelTitle')}
      </Title>
      {openId !== null ? (
        <QuestionThread
          role="participant"
          id={openId}
          onBack={() => setOpenId(null)}
          onSeek={seek}
          seekLectureId={lectureId}
        />
      ) : (
        <Stack gap="sm">
          <form
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              setPage(1);
              setSearch(typed.trim());
            }}
          >
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                type="search"
                label={t('questions.search.label')}
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                maxLength={200}
                dir="auto"
                style={{ flex: 1 }}
                data-testid="questions-search"
              />
              <Button type="submit" variant="default">
                {t('questions.search.submit')}
              </Button>
            </Group>
          </form>
          {search ? (
            <Group gap="xs" justify="space-between">
              <Text size="sm">{t('questions.search.results', { search })}</Text>
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => {
                  setTyped('');
                  setSearch('');
                  setPage(1);
                }}
              >
                {t('questions.search.clear')}
              </Button>
            </Group>
          ) : null}
          <div role="status" aria-live="polite" data-live-region>
            {asked ? <Alert color="green">{asked}</Alert> : null}
          </div>
          {asking ? (
            <AskForm
              lectureId={lectureId}
              videoRef={videoRef}
              onDone={(message) => {
                setAsking(false);
                setAsked(message);
                if (message) {
                  setSearch('');
                  setTyped('');
                  setPage(1);
                }
              }}
            />
          ) : (
            <Button
              variant="light"
              onClick={() => {
                setAsked(null);
                setAsking(true);
              }}
              style={{ alignSelf: 'flex-start' }}
              data-testid="ask-open"
            >
              {t('questions.ask.open')}
            </Button>
          )}
          {list.isPending ? <LoadingDots /> : null}
          {list.isError ? <Alert color="red">{t('questions.listError')}</Alert> : null}
          {list.data && list.data.items.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="questions-empty">
              {search ? t('questions.search.none') : t('questions.none')}
            </Text>
          ) : null}
          {list.data && list.data.items.length > 0 ? (
            <ul className="questions-list" data-testid="questions-list">
              {list.data.items.map((question) => (
                <QuestionRow key={question.id} question={question} onOpen={setOpenId} onSeek={seekFor(question.lecture.id)} showCourse={!!search} />
              ))}
            </ul>
          ) : null}
          {list.data ? <ListPager page={page} perPage={list.data.perPage} total={list.data.total} onChange={setPage} /> : null}
        </Stack>
      )}
    </Paper>
  );
}
