import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cmsQueries } from '../api';
import { inLanguage, RichContent } from './rich-content';
import '../cms.css';

/** What the admin saved for /contact-us (docs/cms.md), shown above the contact form; nothing until something is saved. */
export function ContactDetails() {
  const { t, i18n } = useTranslation();
  const view = useQuery(cmsQueries.contact()).data;
  if (!view) return null;
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  const text = inLanguage(view, 'text', lang);
  const address = inLanguage(view, 'address', lang);
  return (
    <>
      {text ? <RichContent html={text} lang={lang} testId="contact-text" /> : null}
      {address || view.phone || view.email ? (
        <dl className="cms-contact" data-testid="contact-details">
          {address ? (
            <>
              <dt>{t('cms.contact.address')}</dt>
              <dd dir="auto" data-testid="contact-address">{address}</dd>
            </>
          ) : null}
          {view.phone ? (
            <>
              <dt>{t('cms.contact.phone')}</dt>
              <dd>
                <a href={`tel:${view.phone.replace(/[^+0-9]/g, '')}`} dir="ltr">{view.phone}</a>
              </dd>
            </>
          ) : null}
          {view.email ? (
            <>
              <dt>{t('cms.contact.email')}</dt>
              <dd>
                <a href={`mailto:${view.email}`} dir="ltr">{view.email}</a>
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </>
  );
}
