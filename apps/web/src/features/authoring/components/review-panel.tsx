import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { adminAuthoringRoutes, AUTHORING_LIMITS, type ApproveStatus } from '@nibras/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, callRoute, failureText } from '../../../api/http';
import { paths } from '../../../app/paths';
import { currentToken } from '../../../app/session';
import type { CourseListNotice } from './list-params';
import { invalidateCourseScreens } from '../course-queries';

type Decision = 'approved' | 'rejected';

/** The admin's decision on a submitted course: approve (message optional) or send back with a message. */
export function ReviewPanel({ courseId, status }: { courseId: number; status: ApproveStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const review = useMutation({
    mutationFn: (decision: Decision) =>
      callRoute(adminAuthoringRoutes.approve, { token: currentToken('admin'), body: { id: courseId, approve_status: decision, message: message.trim() } }),
    onSuccess: async (response) => {
      await invalidateCourseScreens(queryClient);
      const state: CourseListNotice = { notice: response.message };
      await navigate(paths.courses('admin'), { state });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors.message) setMessageError(error.fieldErrors.message);
      else setFailure(failureText(error, t('authoring.review.failed')));
    },
  });

  const decide = (decision: Decision) => {
    setFailure(null);
    setMessageError(null);
    // The server refuses a rejection without a reason; say so before the round trip.
    if (decision === 'rejected' && message.trim() === '') {
      setMessageError(t('authoring.review.messageRequired'));
      return;
    }
    review.mutate(decision);
  };

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="review-heading" data-testid="review-panel">
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
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={messageError}
          autosize
          minRows={3}
          maxLength={AUTHORING_LIMITS.reviewMessage}
          dir="auto"
          data-testid="review-message"
        />
        {failure ? (
          <Alert color="red" aria-live="polite" data-testid="review-failure">
            {failure}
          </Alert>
        ) : null}
        <Group gap="sm" justify="flex-end">
          <Button variant="outline" color="red.9" loading={review.isPending && review.variables === 'rejected'} disabled={review.isPending} onClick={() => decide('rejected')} data-testid="review-reject">
            {t('authoring.review.reject')}
          </Button>
          <Button color="teal.9" loading={review.isPending && review.variables === 'approved'} disabled={review.isPending} onClick={() => decide('approved')} data-testid="review-approve">
            {t('authoring.review.approve')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
