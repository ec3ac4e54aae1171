import { Stack, Title } from '@mantine/core';
import type { Role } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useAccountName } from '../../account/use-account-name';
import { UncheckedAlert } from '../../quiz/components/unchecked-alert';

/** Each role's landing page; its statistics and lists arrive with their own issues. */
export default function DashboardPage({ role }: { role: Role }) {
  const { t } = useTranslation();
  const name = useAccountName(role);
  usePageTitle(t('shell.nav.dashboard'));
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} className="shell-page__title" data-testid="dashboard-title">
        {name.data ? t('dashboard.welcome', { name: name.data }) : t('dashboard.welcomeAnonymous')}
      </Title>
      {role === 'admin' ? <UncheckedAlert role="admin" /> : null}
      <EmptyState title={t(`dashboard.${role}.empty.title`)} description={t(`dashboard.${role}.empty.text`)} />
    </Stack>
  );
}
