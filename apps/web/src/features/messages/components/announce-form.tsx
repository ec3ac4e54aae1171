import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormOutcome } from '../../../components/form-outcome';
import { announce } from '../api';
import { Composer } from './composer';

/** An instructor's announcement to everyone enrolled in one of their courses. */
export function AnnounceForm({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const [done, setDone] = useState<string | null>(null);
  return (
    <Stack gap="xs" component="section" aria-labelledby="announce-title">
      <Title order={2} size="h4" id="announce-title">
        {t('messages.announce.title')}
      </Title>
      <Composer
        label={t('messages.announce.label')}
        testId="announce-form"
        onSend={async (msg) => {
          setDone(null);
          const res = await announce({ course_id: courseId, msg });
          setDone(t('messages.announce.sent', { count: res.data.recipients }));
        }}
      />
      <FormOutcome success={{ text: done, polite: true, testId: 'announce-result' }} />
    </Stack>
  );
}
