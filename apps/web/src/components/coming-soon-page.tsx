import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import { PublicPage } from './public-page';

/** Public pages whose content arrives in a later issue: their title and an honest empty state. */
export type ComingSoonSection = 'about' | 'contact' | 'search' | 'category' | 'course';

export function ComingSoonPage({ section }: { section: ComingSoonSection }) {
  const { t } = useTranslation();
  return (
    <PublicPage title={t(`${section}.title`)}>
      <EmptyState title={t(`${section}.empty.title`)} description={t(`${section}.empty.text`)} />
    </PublicPage>
  );
}
