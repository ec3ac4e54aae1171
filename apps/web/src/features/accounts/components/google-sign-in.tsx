import { Alert, Button, Divider } from '@mantine/core';
import { GOOGLE_ERRORS, type GoogleError } from '@nibras/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AuthMode, MemberRole } from '../../../config/paths';
import { signInDestination } from '../../../lib/return-to';
import { authProvidersQuery, googleLoginHref } from '../api';

/** Google's "G", drawn for this button (four arcs in Google's colours); decorative, the button's text names it. */
export function GoogleMark({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.6 13.2l7.9 6.1C12.4 13.6 17.7 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 2.9-2.2 5.4-4.7 7.1l7.6 5.9c4.4-4.1 6.9-10.1 6.9-17.5z" />
      <path fill="#FBBC05" d="M10.5 28.7c-.5-1.5-.8-3-.8-4.7s.3-3.2.8-4.7l-7.9-6.1C.9 16.5 0 20.1 0 24s.9 7.5 2.6 10.8l7.9-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8L32.3 36.3c-2.1 1.4-4.9 2.3-8.3 2.3-6.3 0-11.6-4.1-13.5-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
    </svg>
  );
}

function isGoogleError(value: string | null): value is GoogleError {
  return (GOOGLE_ERRORS as readonly string[]).includes(value ?? '');
}

/** Why a Google sign-in came back to the login screen (`?google_error=` from the API's call-back). */
export function GoogleSignInError() {
  const { t } = useTranslation();
  const code = new URLSearchParams(useLocation().search).get('google_error');
  if (!isGoogleError(code)) return null;
  return (
    <Alert color="red" mb="md" role="alert" data-testid="google-error">
      {t(`auth.google.error.${code}`)}
    </Alert>
  );
}

/**
 * "Continue with Google" on the member sign-in and sign-up screens, shown only when the server
 * has Google sign-in configured. A link, not a form: the API answers with a redirect to Google.
 */
export function GoogleSignIn({ role, mode }: { role: MemberRole; mode: AuthMode }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const providers = useQuery(authProvidersQuery());
  if (!providers.data?.google) return null;
  const returnTo = mode === 'login' ? signInDestination(role, new URLSearchParams(location.search).get('returnTo')) : null;
  return (
    <>
      <Divider label={t('auth.google.or')} labelPosition="center" my="lg" />
      <Button
        component="a"
        href={googleLoginHref(role, i18n.language, returnTo)}
        variant="default"
        size="md"
        fullWidth
        leftSection={<GoogleMark />}
        data-testid="google-sign-in"
      >
        {t('auth.google.continue')}
      </Button>
    </>
  );
}
