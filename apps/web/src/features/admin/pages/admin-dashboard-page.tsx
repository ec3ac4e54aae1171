import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useAccountName } from '../../accounts/public';
import { UncheckedAlert } from '../../quiz/public';

/** The admin's landing page; its figures and lists arrive with the admin issue. */
export default function AdminDashboardPage() {
  const { t } = useTranslation();
  const name = useAccountName('admin');
  usePageTitle(t('shell.nav.dashboard'));
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} className="shell-page__title" data-testid="dashboard-title">
        {name.data ? t('dashboard.welcome', { name: name.data }) : t('dashboard.welcomeAnonymous')}
      </Title>
      <UncheckedAlert role="admin" />
      <EmptyState title={t('dashboard.admin.empty.title')} description={t('dashboard.admin.empty.text')} />
    </Stack>
  );
}
