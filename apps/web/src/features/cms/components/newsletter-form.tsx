import { useState, type FormEvent } from 'react';
import { Button, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { subscribeNewsletter } from '../../../api/outreach';
import './outreach.css';

/** The footer's newsletter sign-up; the server checks the address and answers in the UI language. */
export function NewsletterForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const subscribe = useMutation({ mutationFn: subscribeNewsletter, onSuccess: () => setEmail('') });
  const error = subscribe.error instanceof ApiError ? subscribe.error : null;
  const fieldError = error?.fieldErrors.email ?? (error && !error.network ? error.message : subscribe.error ? t('auth.error.network') : undefined);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!subscribe.isPending) subscribe.mutate(email.trim());
  };
  return (
    <form onSubmit={onSubmit} noValidate className="newsletter-form" aria-labelledby="newsletter-title" data-testid="newsletter-form">
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
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldError}
          className="newsletter-form__input"
        />
        <Button type="submit" loading={subscribe.isPending} color="yellow.3" c="dark.9">
          {t('newsletter.submit')}
        </Button>
      </div>
      {subscribe.isSuccess ? (
        <Text role="status" className="newsletter-form__success" data-testid="newsletter-success">
          {subscribe.data.message || t('newsletter.success')}
        </Text>
      ) : null}
    </form>
  );
}
