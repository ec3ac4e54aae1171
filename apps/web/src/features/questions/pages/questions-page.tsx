import { Alert, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingDots } from '../../../components/loading-dots';
import { ListPager } from '../../../components/pager';
import { usePageTitle } from '../../../components/use-page-title';
import { questionQueries, type ModeratorRole, type QueueScope } from '../api';
import { QuestionRow } from '../components/question-parts';
import { QuestionThread } from '../components/question-thread';
import '../questions.css';

/**
 * The instructor's questions (an admin's: every course's): the unanswered ones oldest first, or every one
 * newest first; a question opens its thread here, to answer, accept, hide or delete.
 */
export default function QuestionsPage({ role }: { role: ModeratorRole }) {
  const { t } = useTranslation();
  usePageTitle(t('questions.queue.title'));
  const [scope, setScope] = useState<QueueScope>('unanswered');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery(questionQueries.queue(role, scope, page));
  return (
    <Stack gap="lg" maw={880}>
      <Title order={1} className="shell-page__title">
        {t('questions.queue.title')}
      </Title>
      {openId !== null ? (
        <QuestionThread role={role} id={openId} onBack={() => setOpenId(null)} headingOrder={2} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t(`questions.queue.intro.${role}`)}
          </Text>
          <SegmentedControl
            value={scope}
            onChange={(value) => {
              setScope(value as QueueScope);
              setPage(1);
            }}
            data={[
              { value: 'unanswered', label: t('questions.queue.unanswered') },
              { value: 'recent', label: t('questions.queue.recent') },
            ]}
            aria-label={t('questions.queue.scope')}
            style={{ alignSelf: 'flex-start' }}
            data-testid="questions-scope"
          />
          {list.isPending ? <LoadingDots /> : null}
          {list.isError ? <Alert color="red">{t('questions.listError')}</Alert> : null}
          {list.data && list.data.items.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="questions-empty">
              {scope === 'unanswered' ? t('questions.queue.none') : t('questions.none')}
            </Text>
          ) : null}
          {list.data && list.data.items.length > 0 ? (
            <ul className="questions-list" data-testid="questions-list">
              {list.data.items.map((question) => (
                <QuestionRow key={question.id} question={question} onOpen={setOpenId} showCourse />
              ))}
            </ul>
          ) : null}
          {list.data ? <ListPager page={page} perPage={list.data.perPage} total={list.data.total} onChange={setPage} /> : null}
        </Stack>
      )}
    </Stack>
  );
}
