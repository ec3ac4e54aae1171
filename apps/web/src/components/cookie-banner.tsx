import { useState } from 'react';
import { Anchor, Button } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';

/** Spec section 2: the flag's name and value are part of the contract with the original app. */
export const COOKIE_CONSENT_KEY = 'cookieConsent';

export function CookieBanner() {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(() => localStorage.getItem(COOKIE_CONSENT_KEY) === 'true');
  if (accepted) return null;
  const accept = () => {
    localStorage.setItem(COOKIE_CONSENT_KEY, 'true');
    setAccepted(true);
  };
  return (
    <section className="cookie-banner" aria-label={t('cookie.label')} data-testid="cookie-banner">
      <p className="cookie-banner__text">
        {t('cookie.message')}{' '}
        <Anchor component={Link} to={paths.privacy} className="cookie-banner__link">
          {t('cookie.privacyLink')}
        </Anchor>
      </p>
      <Button onClick={accept} className="cookie-banner__accept">
        {t('cookie.accept')}
      </Button>
    </section>
  );
}
