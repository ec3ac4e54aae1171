import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { PublicPage } from '../../../components/public-page';

/** The e-mailed reset link lands here; the reset itself arrives with the password-reset issue. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <PublicPage title={t('resetPassword.title')}>
      <EmptyState title={t('resetPassword.empty.title')} description={t('resetPassword.empty.text')}>
        <Anchor component={Link} to={paths.contact} fw={700}>
          {t('resetPassword.empty.contact')}
        </Anchor>
      </EmptyState>
    </PublicPage>
  );
}
