import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { contactBody } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/forms';
import { FormOutcome } from '../../../components/form-outcome';
import { PublicPage } from '../../../components/public-page';
import { ContactDetails } from '../../cms/public';
import { sendContactMessage } from '../api';
import '../outreach.css';

/** /contact-us: a message to the site team; the server checks the fields and answers in the UI language. */
export default function ContactPage() {
  const { t } = useTranslation();
  const { form, onSubmit, pending, failure, success } = useContractForm({
    schema: contactBody,
    initialValues: { name: '', email: '', subject: '', message: '' },
    send: sendContactMessage,
    networkFailure: 'auth.error.network',
    onSuccess: () => form.reset(),
  });
  return (
    <PublicPage title={t('contact.title')} lead={t('contact.lead')}>
      <ContactDetails />
      <FormOutcome
        mb="md"
        success={{ text: success === null ? null : success || t('contact.success'), role: 'status', testId: 'contact-success' }}
        failure={{ text: failure, role: 'alert', testId: 'contact-error' }}
      />
      <form onSubmit={onSubmit} noValidate className="contact-form" data-testid="contact-form">
        <Stack gap="md">
          <TextInput label={t('contact.name')} name="name" autoComplete="name" required dir="auto" {...form.getInputProps('name')} />
          <TextInput label={t('contact.email')} name="email" type="email" autoComplete="email" required dir="ltr" {...form.getInputProps('email')} />
          <TextInput label={t('contact.subject')} name="subject" dir="auto" {...form.getInputProps('subject')} />
          <Textarea label={t('contact.message')} name="message" required dir="auto" autosize minRows={5} {...form.getInputProps('message')} />
          <Button type="submit" loading={pending} style={{ alignSelf: 'start' }}>{t('contact.submit')}</Button>
        </Stack>
      </form>
    </PublicPage>
  );
}
