import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { adminAuthoringRoutes, approveBody, AUTHORING_LIMITS, type ApproveStatus } from '@nibras/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callRoute } from '../../../lib/http';
import { useContractForm } from '../../../lib/forms';
import { paths } from '../../../config/paths';
import { FormOutcome } from '../../../components/form-outcome';
import { invalidateCourseScreens } from '../api';
import type { CourseListNotice } from './list-params';

type Decision = 'approved' | 'rejected';

/** The admin's decision on a submitted course: approve (message optional) or send back with a message. */
export function ReviewPanel({ courseId, status }: { courseId: number; status: ApproveStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Which button sent the form: read by the checks and the body, set before the submit event.
  const decision = useRef<Decision>('approved');
  const [sending, setSending] = useState<Decision | null>(null);
  const { form, onSubmit, pending, failure } = useContractForm({
    schema: approveBody,
    initialValues: { message: '' },
    toBody: (values) => ({ id: courseId, approve_status: decision.current, message: values.message.trim() }),
    // The server refuses a rejection without a reason; say so before the round trip.
    rules: (values): Record<string, string> => (decision.current === 'rejected' && values.message.trim() === '' ? { message: 'authoring.review.messageRequired' } : {}),
    send: (body) => callRoute(adminAuthoringRoutes.approve, { body }),
    networkFailure: 'authoring.review.failed',
    onSuccess: async (response) => {
      await invalidateCourseScreens(queryClient);
      const state: CourseListNotice = { notice: response.message };
      await navigate(paths.courses('admin'), { state });
    },
  });
  const choose = (next: Decision) => () => {
    decision.current = next;
    setSending(next);
  };
  const fieldErrors = Object.keys(form.errors).length > 0;

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="review-heading" data-testid="review-panel">
      <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h3" id="review-heading">
          {t('authoring.review.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`authoring.review.hint.${status}`)}
        </Text>
        <Textarea
          label={t('authoring.review.message')}
          description={t('authoring.review.messageHint')}
          {...form.getInputProps('message')}
          autosize
          minRows={3}
          maxLength={AUTHORING_LIMITS.reviewMessage}
          dir="auto"
          data-testid="review-message"
        />
        <FormOutcome failure={{ text: fieldErrors ? null : failure, polite: true, testId: 'review-failure' }} />
        <Group gap="sm" justify="flex-end">
          <Button type="submit" variant="outline" color="red.9" loading={pending && sending === 'rejected'} disabled={pending} onClick={choose('rejected')} data-testid="review-reject">
            {t('authoring.review.reject')}
          </Button>
          <Button type="submit" color="teal.9" loading={pending && sending === 'approved'} disabled={pending} onClick={choose('approved')} data-testid="review-approve">
            {t('authoring.review.approve')}
          </Button>
        </Group>
      </Stack>
      </form>
    </Paper>
  );
}
