import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PublicPage } from '../../../components/public-page';
import { Skeleton, SkeletonLine } from '../../../components/skeleton';
import { cmsQueries } from '../api';
import { inLanguage, RichContent } from '../components/rich-content';
import '../cms.css';

/** /about: the text the admin saved in the visitor's language, or the site's own note until then. */
export default function AboutPage() {
  const { t, i18n } = useTranslation();
  const about = useQuery(cmsQueries.about());
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  const body = inLanguage(about.data, 'body', lang);
  return (
    <PublicPage title={t('about.title')}>
      {about.isPending ? (
        <Skeleton>
          <SkeletonLine />
          <SkeletonLine width="half" />
        </Skeleton>
      ) : body ? (
        <RichContent html={body} lang={lang} testId="about-body" />
      ) : (
        <EmptyState title={t('about.empty.title')} description={t('about.empty.text')} />
      )}
    </PublicPage>
  );
}
