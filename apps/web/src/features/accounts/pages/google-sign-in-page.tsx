import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, type MemberRole } from '../../../config/paths';
import { failureText } from '../../../lib/http';
import { signInDestination } from '../../../lib/return-to';
import { sessionStore } from '../../../lib/session';
import { usePageTitle } from '../../../components/use-page-title';
import { authProvidersQuery, exchangeHandoff, googleLoginHref } from '../api';

/** Read once, before anything renders: the hand-off code must leave the address bar (and history) at once. */
function takeFragment(role: MemberRole): { code: string | null; returnTo: string | null } {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  if (window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  return { code: fragment.get('code'), returnTo: signInDestination(role, fragment.get('return')) };
}

/**
 * /participant/google/login and /instructor/google/login. Opened from the app, it goes on to the
 * API, which sends the browser to Google. Google's answer comes back here with a one-time code
 * in the fragment: exchanged for the session, stored like a password login's, then on to the
 * return path (checked again here) or the dashboard.
 */
export default function GoogleSignInPage({ role }: { role: MemberRole }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const title = t('auth.google.title');
  usePageTitle(title);
  const [fragment] = useState(() => takeFragment(role));
  const [failure, setFailure] = useState<string | null>(null);
  const exchanged = useRef(false);
  const providers = useQuery({ ...authProvidersQuery(), enabled: !fragment.code });
  const unavailable = !fragment.code && providers.data?.google === false;

  useEffect(() => {
    if (!fragment.code || exchanged.current) return;
    // Once only (StrictMode runs effects twice): a second exchange of the code ends the session.
    exchanged.current = true;
    exchangeHandoff(fragment.code).then(
      (result) => {
        sessionStore.signIn(role, result.data);
        void navigate(fragment.returnTo ?? paths.dashboard(role), { replace: true });
      },
      (error: unknown) => setFailure(failureText(error, t('auth.error.network'))),
    );
  }, [fragment, role, navigate, t]);

  useEffect(() => {
    if (!fragment.code && providers.data?.google) window.location.replace(googleLoginHref(role, i18n.language, null));
  }, [fragment.code, providers.data, role, i18n.language]);

  const problem = failure ?? (unavailable ? t('api.google.off') : providers.isError ? t('auth.error.network') : null);
  return (
    <div className="auth-page site-container">
      <Paper component="section" withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440} mx="auto" aria-labelledby="google-sign-in-title">
        <Title order={1} id="google-sign-in-title" size="h2" mb="md">
          {title}
        </Title>
        {problem ? (
          <Stack gap="md">
            <Alert color="red" role="alert" data-testid="google-error">
              {problem}
            </Alert>
            <Anchor component={Link} to={paths.login(role)} fw={700}>
              {t('auth.google.backToLogin')}
            </Anchor>
          </Stack>
        ) : (
          <Stack align="center" gap="sm" role="status" aria-live="polite">
            <Loader aria-hidden="true" />
            <Text>{t('auth.google.signingIn')}</Text>
          </Stack>
        )}
      </Paper>
    </div>
  );
}
