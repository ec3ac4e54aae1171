import { Button, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lazySchema, useContractForm } from '../../../lib/forms';
import { subscribeNewsletter } from '../api';
import '../outreach.css';

// The form is in every page's footer: its schema (and zod) comes once someone starts using it.
const subscribeSchema = lazySchema(() => import('@nibras/contract/outreach').then((outreach) => outreach.subscribeBody));

/** The footer's newsletter sign-up; the server checks the address and answers in the UI language. */
export function NewsletterForm() {
  const { t } = useTranslation();
  const { form, onSubmit, pending, failure, success, prepare } = useContractForm({
    schema: subscribeSchema,
    initialValues: { email: '' },
    toBody: (values) => ({ email: values.email.trim() }),
    send: subscribeNewsletter,
    networkFailure: 'auth.error.network',
    onSuccess: () => form.reset(),
  });
  // One line of form: whatever went wrong is said under the address.
  const emailInput = form.getInputProps('email');
  return (
    <form onSubmit={onSubmit} onFocus={prepare} noValidate className="newsletter-form" aria-labelledby="newsletter-title" data-testid="newsletter-form">
      <h2 className="newsletter-form__title" id="newsletter-title">{t('newsletter.title')}</h2>
      <p className="newsletter-form__text">{t('newsletter.text')}</p>
      <div className="newsletter-form__row">
        <TextInput
          type="email"
          name="email"
          autoComplete="email"
          dir="ltr"
          aria-label={t('newsletter.email')}
          placeholder={t('newsletter.placeholder')}
          {...emailInput}
          error={emailInput.error ?? failure ?? undefined}
          className="newsletter-form__input"
        />
        <Button type="submit" loading={pending} color="yellow.3" c="dark.9">
          {t('newsletter.submit')}
        </Button>
      </div>
      {success !== null ? (
        <Text role="status" className="newsletter-form__success" data-testid="newsletter-success">
          {success || t('newsletter.success')}
        </Text>
      ) : null}
    </form>
  );
}
