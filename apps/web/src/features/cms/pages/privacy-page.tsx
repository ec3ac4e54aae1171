import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PublicPage } from '../../../components/public-page';
import { Skeleton, SkeletonLine } from '../../../components/skeleton';
import { cmsQueries } from '../api';
import { inLanguage, RichContent } from '../components/rich-content';
import '../cms.css';

/**
 * The cookie banner links here: the page always states what the site keeps in the browser, then
 * the policy's entries as the admin saved them (or a note that the full policy is coming).
 */
export default function PrivacyPage() {
  const { t, i18n } = useTranslation();
  const privacy = useQuery(cmsQueries.privacy());
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  const entries = (privacy.data?.entries ?? []).filter((entry) => inLanguage(entry, 'title', lang) || inLanguage(entry, 'body', lang));
  return (
    <PublicPage title={t('privacy.title')} lead={t('privacy.storage')}>
      {privacy.isPending ? (
        <Skeleton>
          <SkeletonLine width="half" />
          <SkeletonLine />
        </Skeleton>
      ) : entries.length === 0 ? (
        <EmptyState title={t('privacy.empty.title')} description={t('privacy.empty.text')} />
      ) : (
        entries.map((entry) => (
          <section key={entry.id} className="cms-privacy-entry" aria-labelledby={`privacy-entry-${entry.id}`} data-testid="privacy-entry">
            <h2 className="cms-privacy-entry__title" id={`privacy-entry-${entry.id}`} dir="auto">
              {inLanguage(entry, 'title', lang)}
            </h2>
            <RichContent html={inLanguage(entry, 'body', lang)} lang={lang} />
          </section>
        ))
      )}
    </PublicPage>
  );
}
