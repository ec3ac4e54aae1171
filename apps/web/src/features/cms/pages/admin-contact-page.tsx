import { Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { contactContentBody, type ContactView } from '@nibras/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/forms';
import { cmsKeys, cmsQueries, saveContact } from '../api';
import { AdminFrame, Outcome, SaveButton } from '../components/admin-frame';
import { RichTextField } from '../components/rich-text-field';

function ContactForm({ saved }: { saved: ContactView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { updatedAt: _updatedAt, ...initialValues } = saved;
  const { form, onSubmit, pending, failure, success } = useContractForm({
    schema: contactContentBody,
    initialValues,
    send: saveContact,
    networkFailure: 'adminCms.network',
    onSuccess: (result) => {
      queryClient.setQueryData(cmsQueries.contact().queryKey, result.data);
      void queryClient.invalidateQueries({ queryKey: cmsKeys.all });
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="cms-contact-form">
      <Stack gap="md">
        <Outcome success={success} failure={failure} />
        <Paper withBorder radius="lg" p="md">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Textarea label={t('adminCms.contact.addressAr')} dir="rtl" lang="ar" autosize minRows={2} {...form.getInputProps('address_ar')} data-testid="cms-contact-address-ar" />
              <Textarea label={t('adminCms.contact.addressEn')} dir="ltr" lang="en" autosize minRows={2} {...form.getInputProps('address_en')} data-testid="cms-contact-address-en" />
              <TextInput label={t('adminCms.contact.phone')} dir="ltr" type="tel" autoComplete="off" {...form.getInputProps('phone')} data-testid="cms-contact-phone" />
              <TextInput label={t('adminCms.contact.email')} dir="ltr" type="email" autoComplete="off" {...form.getInputProps('email')} data-testid="cms-contact-email" />
            </SimpleGrid>
            <RichTextField label={t('adminCms.contact.textAr')} lang="ar" testId="cms-contact-text-ar" {...form.getInputProps('text_ar')} />
            <RichTextField label={t('adminCms.contact.textEn')} lang="en" testId="cms-contact-text-en" {...form.getInputProps('text_en')} />
          </Stack>
        </Paper>
        <SaveButton pending={pending} />
      </Stack>
    </form>
  );
}

/** /admin/cms/contact: the details shown above the contact form. */
export default function AdminContactPage() {
  const { t } = useTranslation();
  const contact = useQuery(cmsQueries.contact());
  return <AdminFrame title={t('adminCms.contact.title')} query={contact}>{(data) => <ContactForm saved={data} />}</AdminFrame>;
}
