import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { sendContactMessage } from '../../../api/outreach';
import { PublicPage } from '../../../components/public-page';
import '../components/outreach.css';

type Field = 'name' | 'email' | 'subject' | 'message';
const EMPTY: Record<Field, string> = { name: '', email: '', subject: '', message: '' };

/** /contact-us: a message to the site team; the server checks the fields and answers in the UI language. */
export default function ContactPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const send = useMutation({ mutationFn: () => sendContactMessage(values), onSuccess: () => setValues(EMPTY) });
  const error = send.error instanceof ApiError ? send.error : null;
  const fieldError = (field: Field) => error?.fieldErrors[field];
  const change = (field: Field) => (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
    const value = event.currentTarget.value;
    setValues((previous) => ({ ...previous, [field]: value }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!send.isPending) send.mutate();
  };
  return (
    <PublicPage title={t('contact.title')} lead={t('contact.lead')}>
      {send.isSuccess ? <Alert color="green" role="status" mb="md" data-testid="contact-success">{send.data.message || t('contact.success')}</Alert> : null}
      {send.error ? <Alert color="red" role="alert" mb="md" data-testid="contact-error">{error && !error.network ? error.message : t('auth.error.network')}</Alert> : null}
      <form onSubmit={onSubmit} noValidate className="contact-form" data-testid="contact-form">
        <Stack gap="md">
          <TextInput label={t('contact.name')} name="name" autoComplete="name" required dir="auto" value={values.name} onChange={change('name')} error={fieldError('name')} />
          <TextInput label={t('contact.email')} name="email" type="email" autoComplete="email" required dir="ltr" value={values.email} onChange={change('email')} error={fieldError('email')} />
          <TextInput label={t('contact.subject')} name="subject" dir="auto" value={values.subject} onChange={change('subject')} error={fieldError('subject')} />
          <Textarea label={t('contact.message')} name="message" required dir="auto" autosize minRows={5} value={values.message} onChange={change('message')} error={fieldError('message')} />
          <Button type="submit" loading={send.isPending} style={{ alignSelf: 'start' }}>{t('contact.submit')}</Button>
        </Stack>
      </form>
    </PublicPage>
  );
}
