import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Each screen names the tab, so screen-reader users hear where a navigation landed. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const site = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} | ${site}` : site;
  }, [title, site]);
}
