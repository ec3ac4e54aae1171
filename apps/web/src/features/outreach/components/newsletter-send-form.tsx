import { Button, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { newsletterBody } from '@nibras/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/forms';
import { FormOutcome } from '../../../components/form-outcome';
import { sendNewsletter } from '../api';

const EMPTY = { subject_ar: '', body_ar: '', subject_en: '', body_en: '' };

/** The admin's newsletter: a subject and plain text per language, queued to every confirmed subscriber (docs/mail.md). */
export function NewsletterSendForm() {
  const { t } = useTranslation();
  const [queued, setQueued] = useState<number | null>(null);
  const { form, onSubmit, pending, failure } = useContractForm({
    schema: newsletterBody,
    initialValues: EMPTY,
    toBody: (values) => values,
    send: sendNewsletter,
    networkFailure: 'subscribers.failed',
    onSuccess: (result) => {
      setQueued(result.data.queued);
      form.setValues(EMPTY);
      form.resetDirty();
    },
  });
  const fieldErrors = Object.keys(form.errors).length > 0;
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="newsletter-send-title">
      <Title order={2} size="h3" id="newsletter-send-title" mb="xs">
        {t('subscribers.send.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('subscribers.send.text')}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormOutcome
            success={{ text: queued === null ? null : t('subscribers.send.done', { count: queued }), polite: true, testId: 'newsletter-queued', onDismiss: () => setQueued(null), dismissLabel: t('subscribers.dismiss') }}
            failure={{ text: fieldErrors ? null : failure, role: 'alert', color: 'red.9' }}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap="sm" lang="ar" dir="rtl">
              <TextInput label={t('subscribers.send.subject_ar')} required {...form.getInputProps('subject_ar')} />
              <Textarea label={t('subscribers.send.body_ar')} description={t('subscribers.send.hint')} required autosize minRows={5} {...form.getInputProps('body_ar')} />
            </Stack>
            <Stack gap="sm" lang="en" dir="ltr">
              <TextInput label={t('subscribers.send.subject_en')} required {...form.getInputProps('subject_en')} />
              <Textarea label={t('subscribers.send.body_en')} description={t('subscribers.send.hint')} required autosize minRows={5} {...form.getInputProps('body_en')} />
            </Stack>
          </SimpleGrid>
          <div>
            <Button type="submit" loading={pending} data-testid="newsletter-send">
              {t('subscribers.send.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
