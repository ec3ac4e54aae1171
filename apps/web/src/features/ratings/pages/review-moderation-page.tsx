import { Alert, Badge, Button, Group, Modal, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { hideReviewBody, REVIEW_REASON_MAX } from '@nibras/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { failureText } from '../../../lib/http';
import { formatDate } from '../../../lib/format';
import { useContractForm } from '../../../lib/forms';
import { FormOutcome } from '../../../components/form-outcome';
import { PagedList } from '../../../components/paged-list';
import { usePageTitle } from '../../../components/use-page-title';
import { hideReview, reviewKeys, reviewQueries, showReview, type ModeratedReview, type ModeratorRole, type ReviewFilter } from '../api';

/** The reason asked for before a review is hidden; the reviewer is mailed it. */
function HideForm({ role, review, onCancel, onDone }: { role: ModeratorRole; review: ModeratedReview; onCancel: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const { form, onSubmit, pending, failure } = useContractForm({
    schema: hideReviewBody,
    initialValues: { reason: '' },
    send: (body) => hideReview(role, review.id, body),
    networkFailure: 'reviews.failed',
    onSuccess: (result) => onDone(result.message),
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">{t('reviews.hide.text', { name: review.participant.name })}</Text>
        <FormOutcome failure={{ text: failure, role: 'alert', color: 'red.9' }} />
        <Textarea
          label={t('reviews.hide.reason')}
          description={t('reviews.hide.reasonHint')}
          required
          autosize
          minRows={3}
          maxLength={REVIEW_REASON_MAX}
          data-autofocus
          data-testid="review-hide-reason"
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('reviews.cancel')}
          </Button>
          <Button type="submit" color="red.9" loading={pending} data-testid="review-hide-do">
            {t('reviews.hide.do')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReviewItem({ review, onHide, onShow, showing }: { review: ModeratedReview; onHide: () => void; onShow: () => void; showing: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md" data-testid="review-item" data-review-id={review.id}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 14rem', minInlineSize: 0 }}>
            <Text fw={700} className="break-anywhere">
              <Link to={paths.courseDetails(review.course.id)}>
                <bdi>{review.course.title}</bdi>
              </Link>
            </Text>
            <Text size="sm">
              <bdi>{review.participant.name}</bdi> · {formatDate(review.updatedAt, i18n.language)}
            </Text>
          </Stack>
          {review.hidden ? (
            <Badge color="gray" variant="light">
              {t('reviews.status.hidden')}
            </Badge>
          ) : (
            <Badge color="green" variant="light">
              {t('reviews.status.visible')}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          <span aria-hidden="true" style={{ color: 'var(--mantine-color-yellow-7)', letterSpacing: 1 }}>
            {'★'.repeat(review.rating)}
            {'☆'.repeat(5 - review.rating)}
          </span>{' '}
          {t('details.rate.stars', { count: review.rating })}
        </Text>
        {review.message ? (
          <Text size="sm" className="break-anywhere" style={{ whiteSpace: 'pre-line', textAlign: 'start' }}>
            <bdi>{review.message}</bdi>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('reviews.noText')}
          </Text>
        )}
        {review.hidden ? (
          <Text size="sm" c="dimmed" data-testid="review-hidden-reason">
            {review.hidden.by
              ? t('reviews.hiddenBy', { name: review.hidden.by.name, date: formatDate(review.hidden.at, i18n.language) })
              : t('reviews.hiddenOn', { date: formatDate(review.hidden.at, i18n.language) })}{' '}
            {t('reviews.reasonLabel')} <bdi>{review.hidden.reason}</bdi>
          </Text>
        ) : null}
        <Group justify="flex-end">
          {review.hidden ? (
            <Button size="xs" variant="default" loading={showing} onClick={onShow} aria-label={t('reviews.showOne', { name: review.participant.name })} data-testid="review-show">
              {t('reviews.show')}
            </Button>
          ) : (
            <Button size="xs" variant="outline" color="red.9" onClick={onHide} aria-label={t('reviews.hideOne', { name: review.participant.name })} data-testid="review-hide">
              {t('reviews.hide.button')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Review moderation (docs/reviews.md): every course's reviews for admins, their own courses' for
 * instructors; a review is hidden with a reason (the reviewer is mailed it) and can be shown again.
 */
export default function ReviewModerationPage({ role }: { role: ModeratorRole }) {
  const { t } = useTranslation();
  usePageTitle(t('reviews.title'));
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ReviewFilter>('all');
  const [page, setPage] = useState(1);
  const [hiding, setHiding] = useState<ModeratedReview | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const list = useQuery({ ...reviewQueries.list(role, page, status), placeholderData: keepPreviousData });
  const emptiedPage = page > 1 && list.data !== undefined && !list.isPlaceholderData && list.data.items.length === 0;
  useEffect(() => {
    if (emptiedPage) setPage((current) => Math.max(1, current - 1));
  }, [emptiedPage]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: reviewKeys.all });
  const show = useMutation({
    mutationFn: (review: ModeratedReview) => showReview(role, review.id),
    onSuccess: (response) => setResult({ ok: true, text: response.message }),
    onError: (error) => setResult({ ok: false, text: failureText(error, t('reviews.failed')) }),
    onSettled: refresh,
  });

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} className="shell-page__title">
        {t('reviews.title')}
      </Title>
      <Text c="dimmed">{role === 'admin' ? t('reviews.intro') : t('reviews.mine.intro')}</Text>
      <SegmentedControl
        aria-label={t('reviews.filter')}
        value={status}
        onChange={(value) => {
          setPage(1);
          setStatus(value as ReviewFilter);
        }}
        data={(['all', 'visible', 'hidden'] as const).map((value) => ({ value, label: t(`reviews.filter.${value}`) }))}
        data-testid="review-filter"
        style={{ alignSelf: 'flex-start' }}
      />
      {result ? (
        <Alert color={result.ok ? 'green' : 'red'} aria-live="polite" data-testid="review-result" withCloseButton closeButtonLabel={t('reviews.dismiss')} onClose={() => setResult(null)}>
          {result.text}
        </Alert>
      ) : null}
      <PagedList list={list} texts={status === 'hidden' ? 'reviews.noneHidden' : 'reviews.none'} page={page} onPage={setPage}>
        {(items) => (
          <ul className="plain-list" aria-label={t('reviews.listLabel')}>
            {items.map((review) => (
              <li key={review.id}>
                <ReviewItem
                  review={review}
                  onHide={() => setHiding(review)}
                  onShow={() => show.mutate(review)}
                  showing={show.isPending && show.variables?.id === review.id}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <Modal opened={hiding !== null} onClose={() => setHiding(null)} title={t('reviews.hide.title')} centered closeButtonProps={{ 'aria-label': t('reviews.cancel') }}>
        {hiding ? (
          <HideForm
            role={role}
            review={hiding}
            onCancel={() => setHiding(null)}
            onDone={(message) => {
              setHiding(null);
              setResult({ ok: true, text: message });
              void refresh();
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
