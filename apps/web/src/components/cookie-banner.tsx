import { useState } from 'react';
import { Anchor, Button } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';

/** Spec section 2: the flag's name and value are part of the contract with the original app. */
export const COOKIE_CONSENT_KEY = 'cookieConsent';

/**
 * The choice is also a cookie, so the server's HTML of a public page (entry-server.tsx) leaves the banner out
 * for a visitor who accepted: the page it draws is the one the browser then takes over, unchanged.
 */
export function hasConsentCookie(cookieHeader: string): boolean {
  return new RegExp(`(?:^|;\\s*)${COOKIE_CONSENT_KEY}=true(?:;|$)`).test(cookieHeader);
}

/** `accepted`: the server's answer (from the cookie) when it renders; the browser reads its storage. */
export function CookieBanner({ accepted: given }: { accepted?: boolean }) {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(() => given ?? localStorage.getItem(COOKIE_CONSENT_KEY) === 'true');
  if (accepted) return null;
  const accept = () => {
    localStorage.setItem(COOKIE_CONSENT_KEY, 'true');
    document.cookie = `${COOKIE_CONSENT_KEY}=true; path=/; max-age=31536000; SameSite=Lax`;
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
