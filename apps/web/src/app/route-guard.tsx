import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HomeNotice } from '../features/catalog/public';
import { paths } from '../config/paths';
import { guardRedirect, signOutRedirect, withReturnTo } from './route-guard-rules';
import { sessionStore, useSessionSnapshot } from '../lib/session';

/**
 * Applies the guard rules on every location, and follows a sign-out to that role's login
 * page. Both read one store snapshot, so a sign-out and its redirect can never disagree.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { sessions, pendingSignOut } = useSessionSnapshot();
  const signOutLogin = pendingSignOut ? paths.login(pendingSignOut.role) : null;

  useEffect(() => {
    if (signOutLogin && pathname === signOutLogin) sessionStore.acknowledgeSignOut();
  }, [signOutLogin, pathname]);

  const redirect =
    pendingSignOut && pathname !== signOutLogin
      ? signOutRedirect(pendingSignOut, pathname, search)
      : withReturnTo(
          pathname,
          guardRedirect(pathname, { admin: !!sessions.admin, instructor: !!sessions.instructor, participant: !!sessions.participant }, search),
          new URLSearchParams(search).get('returnTo'),
        );
  // Sent home (an address that does not exist, or is not open to this visitor): the home page says why.
  if (redirect === paths.home && pathname !== paths.home) {
    const state: HomeNotice = { homeNotice: t('shell.redirected.home') };
    return <Navigate to={redirect} replace state={state} />;
  }
  if (redirect !== null && redirect !== pathname) return <Navigate to={redirect} replace />;
  return children;
}
