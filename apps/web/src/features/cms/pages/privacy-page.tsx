import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PublicPage } from '../../../components/public-page';

/**
 * The cookie banner links here, so until the admin publishes the full policy the page
 * states plainly what the site keeps in the browser today.
 */
export default function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <PublicPage title={t('privacy.title')} lead={t('privacy.storage')}>
      <EmptyState title={t('privacy.empty.title')} description={t('privacy.empty.text')} />
    </PublicPage>
  );
}
