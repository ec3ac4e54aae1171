import { Alert, Button, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lazySchema, useContractForm } from '../../../lib/forms';
import { rateCourse } from '../api';
import '../ratings.css';

// On the public course page, where no other form needs zod: its schema comes once the form is used.
const ratingSchema = lazySchema(() => import('@nibras/contract/ratings').then((ratings) => ratings.ratingBody));

/**
 * 1–5 stars as a native radio group (arrow keys move, the focused star shows a ring) and an optional
 * message. `onSaved` lets the page refresh what shows the course's rating.
 */
export function RatingForm({ courseId, current, onSaved }: { courseId: number; current: number | null; onSaved: () => void }) {
  const { t } = useTranslation();
  const { form, onSubmit, pending, failure, success, prepare } = useContractForm({
    schema: ratingSchema,
    initialValues: { rating: current ?? 0, rating_message: '' },
    toBody: (values) => ({ course_id: courseId, rating: values.rating, rating_message: values.rating_message.trim() }),
    send: rateCourse,
    networkFailure: 'auth.error.network',
    onSuccess: () => {
      form.setFieldValue('rating_message', '');
      onSaved();
    },
  });
  const rating = form.values.rating;
  return (
    <form onSubmit={onSubmit} onFocus={prepare} aria-labelledby="rate-title" data-testid="rating-form" noValidate>
      <h3 id="rate-title">{t(current ? 'details.rate.update' : 'details.rate.title')}</h3>
      <fieldset className="star-input">
        <legend className="visually-hidden">{t('details.rate.legend')}</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className={value <= rating ? 'is-on' : undefined}>
            <input type="radio" name="rating" value={value} checked={rating === value} onChange={() => form.setFieldValue('rating', value)} aria-label={t('details.rate.stars', { count: value })} />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </fieldset>
      <Textarea mt="sm" label={t('details.rate.message')} maxLength={2000} autosize minRows={2} dir="auto" {...form.getInputProps('rating_message')} />
      {success !== null ? <Alert mt="sm" color="green" role="status" data-testid="rating-success">{success || t('details.rate.thanks')}</Alert> : null}
      {failure ? <Alert mt="sm" color="red" role="alert">{failure}</Alert> : null}
      <Button mt="sm" type="submit" disabled={rating < 1} loading={pending}>{t('details.rate.submit')}</Button>
    </form>
  );
}
