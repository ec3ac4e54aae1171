import { Paper, Stack } from '@mantine/core';
import { aboutContentBody, type AboutView } from '@nibras/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/forms';
import { cmsKeys, cmsQueries, saveAbout } from '../api';
import { AdminFrame, Outcome, SaveButton } from '../components/admin-frame';
import { RichTextField } from '../components/rich-text-field';

function AboutForm({ saved }: { saved: AboutView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending, failure, success } = useContractForm({
    schema: aboutContentBody,
    initialValues: { body_ar: saved.body_ar, body_en: saved.body_en },
    send: saveAbout,
    networkFailure: 'adminCms.network',
    onSuccess: (result) => {
      queryClient.setQueryData(cmsQueries.about().queryKey, result.data);
      void queryClient.invalidateQueries({ queryKey: cmsKeys.all });
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="cms-about-form">
      <Stack gap="md">
        <Outcome success={success} failure={failure} />
        <Paper withBorder radius="lg" p="md">
          <Stack gap="lg">
            <RichTextField label={t('adminCms.about.bodyAr')} lang="ar" testId="cms-about-ar" {...form.getInputProps('body_ar')} />
            <RichTextField label={t('adminCms.about.bodyEn')} lang="en" testId="cms-about-en" {...form.getInputProps('body_en')} />
          </Stack>
        </Paper>
        <SaveButton pending={pending} />
      </Stack>
    </form>
  );
}

/** /admin/cms/about: the about page in both languages. */
export default function AdminAboutPage() {
  const { t } = useTranslation();
  const about = useQuery(cmsQueries.about());
  return <AdminFrame title={t('adminCms.about.title')} query={about}>{(data) => <AboutForm saved={data} />}</AdminFrame>;
}
