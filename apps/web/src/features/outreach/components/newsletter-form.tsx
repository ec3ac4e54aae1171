import { useState, type FormEvent } from 'react';
import { Button, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contractValidator, lazySchema } from '../../../lib/contract-validation';
import { ApiError, failureText } from '../../../lib/http';
import { useTakenOver } from '../../../lib/taken-over';
import { subscribeNewsletter } from '../api';
import '../outreach.css';

// The form is in every page's footer: its schema (and zod) comes once someone starts using it.
const subscribeSchema = lazySchema(() => import('@nibras/contract/outreach').then((outreach) => outreach.subscribeBody));

const toBody = (email: string) => ({ email: email.trim() });

/**
 * The footer's newsletter sign-up; the server checks the address and answers in the UI language.
 * One field, so it keeps its own state instead of the form library (lib/forms.ts) the other forms
 * use: that library would be part of every first visit (docs/decisions/012). Same checks, same
 * words: the contract's schema in the browser, then the server's field message on the same field.
 */
export function NewsletterForm() {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  // In every drawn page's footer: usable once the app has taken the page over (lib/taken-over.ts).
  const ready = useTakenOver();
  const mutation = useMutation({
    mutationFn: (address: string) => subscribeNewsletter(toBody(address)),
    onSuccess: () => setEmail(''),
    onError: (error) => setFieldError(error instanceof ApiError && !error.network ? (error.fieldErrors.email ?? null) : null),
  });
  const prepare = () => void subscribeSchema().catch(() => undefined);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const address = email;
    // A schema that cannot be fetched leaves the check to the server.
    void subscribeSchema()
      .catch(() => null)
      .then((schema) => {
        const errors = contractValidator(schema, toBody, (key, params) => t(key, params ?? {}), (key) => i18n.exists(key))(address);
        setFieldError(errors.email ?? null);
        if (errors.email) mutation.reset();
        else mutation.mutate(address);
      });
  };
  const failure = mutation.error ? failureText(mutation.error, t('auth.error.network')) : null;
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
          value={email}
          readOnly={!ready}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            // As the form library does: a message goes once the field is being corrected.
            setFieldError(null);
          }}
          error={fieldError ?? failure ?? undefined}
          className="newsletter-form__input"
        />
        <Button type="submit" disabled={!ready} loading={mutation.isPending} color="yellow.3" c="dark.9">
          {t('newsletter.submit')}
        </Button>
      </div>
      {mutation.isSuccess ? (
        <Text role="status" className="newsletter-form__success" data-testid="newsletter-success">
          {mutation.data.message || t('newsletter.success')}
        </Text>
      ) : null}
    </form>
  );
}
