import { Badge, Button, Group, Text, UnstyledButton } from '@mantine/core';
import type { Role } from '@nibras/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, formatDate, formatNumber } from '../../../lib/format';
import { questionKeys, toggleUpvote, type AnswerItem, type QuestionItem } from '../api';

/** A click on the time of a question takes the lecture's video there (on the learn page only). */
export type Seek = (seconds: number) => void;

export function TimeLink({ seconds, onSeek }: { seconds: number; onSeek?: Seek | undefined }) {
  const { t } = useTranslation();
  const clock = formatClock(seconds);
  if (!onSeek) {
    return (
      <Badge variant="light" color="gray" size="sm" component="span">
        <bdi>{clock}</bdi>
      </Badge>
    );
  }
  return (
    <Button size="compact-xs" variant="light" onClick={() => onSeek(seconds)} aria-label={t('questions.seek', { time: clock })} data-testid="question-time">
      <bdi>{clock}</bdi>
    </Button>
  );
}

/** Who wrote a post and when; the course's instructor marked. */
export function Byline({ author, createdAt }: { author: QuestionItem['author']; createdAt: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap={6} wrap="wrap">
      <Text size="xs" c="dimmed">
        <bdi>{author.name || t('questions.someone')}</bdi> · {formatDate(createdAt, i18n.language)}
      </Text>
      {author.instructor ? (
        <Badge size="xs" variant="light" color="nibras" component="span">
          {t('questions.instructorBadge')}
        </Badge>
      ) : null}
    </Group>
  );
}

/** Upvote or take it back: a toggle (aria-pressed); not on one's own post. */
export function UpvoteButton({ role, kind, post }: { role: Role; kind: 'question' | 'answer'; post: Pick<QuestionItem | AnswerItem, 'id' | 'upvotes' | 'upvoted' | 'mine'> }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const press = async () => {
    setPending(true);
    setFailed(false);
    try {
      await toggleUpvote(role, kind, post.id);
      await client.invalidateQueries({ queryKey: questionKeys.all });
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  };
  return (
    <Group gap={6}>
      <Button
        size="compact-sm"
        variant={post.upvoted ? 'filled' : 'default'}
        aria-pressed={post.upvoted}
        disabled={post.mine}
        loading={pending}
        onClick={() => void press()}
        title={post.mine ? t('questions.ownUpvote') : undefined}
        data-testid={`upvote-${kind}-${post.id}`}
      >
        <span aria-hidden="true">▲</span>{'\u00A0'}{formatNumber(post.upvotes, i18n.language)}{' '}
        <span className="visually-hidden">{t('questions.upvoteName')}</span>
      </Button>
      {failed ? (
        <Text size="xs" c="red.9" role="alert">
          {t('questions.failed')}
        </Text>
      ) : null}
    </Group>
  );
}

/** One question in a list: its title opens the thread; its time seeks the video; accepted, hidden, answers and upvotes shown. */
export function QuestionRow({ question, onOpen, onSeek, showCourse = false }: { question: QuestionItem; onOpen: (id: number) => void; onSeek?: Seek | undefined; showCourse?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="questions-list__item" data-testid={`question-${question.id}`}>
      <UnstyledButton className="questions-list__title" onClick={() => onOpen(question.id)} dir="auto">
        {question.title}
      </UnstyledButton>
      {showCourse ? (
        <Text size="xs" c="dimmed">
          <bdi>{question.course.title}</bdi> · <bdi>{question.lecture.title}</bdi>
        </Text>
      ) : null}
      <Group gap={6} wrap="wrap" mt={4}>
        {question.positionSeconds !== null ? <TimeLink seconds={question.positionSeconds} onSeek={onSeek} /> : null}
        {question.acceptedAnswerId !== null ? (
          <Badge size="sm" color="green" variant="light" component="span">
            {t('questions.acceptedBadge')}
          </Badge>
        ) : null}
        {question.hidden ? (
          <Badge size="sm" color="orange" variant="light" component="span">
            {t('questions.hiddenBadge')}
          </Badge>
        ) : null}
        <Text size="xs" c="dimmed" component="span">
          {t('questions.answerCount', { count: question.answerCount, formatted: formatNumber(question.answerCount, i18n.language) })} ·{' '}
          {t('questions.upvoteCount', { count: question.upvotes, formatted: formatNumber(question.upvotes, i18n.language) })}
        </Text>
      </Group>
      <Byline author={question.author} createdAt={question.createdAt} />
    </li>
  );
}
