import { useState, type FormEvent } from 'react';
import { Alert, Button, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { rateCourse } from '../../../api/orders';

/** 1–5 stars as a native radio group (arrow keys move, the focused star shows a ring) and an optional message. */
export function RatingForm({ courseId, current }: { courseId: number; current: number | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(current ?? 0);
  const [message, setMessage] = useState('');
  const rate = useMutation({
    mutationFn: () => rateCourse(courseId, rating, message.trim()),
    onSuccess: () => {
      setMessage('');
      void queryClient.invalidateQueries({ queryKey: ['course-details', courseId] });
      void queryClient.invalidateQueries({ queryKey: ['course-reviews', courseId] });
      void queryClient.invalidateQueries({ queryKey: ['public-home'] });
    },
  });
  const error = rate.error instanceof ApiError ? rate.error : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rating >= 1 && !rate.isPending) rate.mutate();
  };
  return (
    <form onSubmit={onSubmit} aria-labelledby="rate-title" data-testid="rating-form">
      <h3 id="rate-title">{t(current ? 'details.rate.update' : 'details.rate.title')}</h3>
      <fieldset className="star-input">
        <legend className="visually-hidden">{t('details.rate.legend')}</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className={value <= rating ? 'is-on' : undefined}>
            <input type="radio" name="rating" value={value} checked={rating === value} onChange={() => setRating(value)} aria-label={t('details.rate.stars', { count: value })} />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </fieldset>
      <Textarea mt="sm" label={t('details.rate.message')} value={message} onChange={(event) => setMessage(event.currentTarget.value)} maxLength={2000} autosize minRows={2} dir="auto" />
      {rate.isSuccess ? <Alert mt="sm" color="green" role="status" data-testid="rating-success">{rate.data.message || t('details.rate.thanks')}</Alert> : null}
      {rate.error ? <Alert mt="sm" color="red" role="alert">{error && !error.network ? error.message : t('auth.error.network')}</Alert> : null}
      <Button mt="sm" type="submit" disabled={rating < 1} loading={rate.isPending}>{t('details.rate.submit')}</Button>
    </form>
  );
}
