import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { safeReturnTo } from '../lib/return-to';
import { guardRedirect, withReturnTo } from './route-guard-rules';
import { sessionStore, useSessionSnapshot } from '../lib/session';

/**
 * Applies the guard rules on every location, and follows a sign-out to that role's login
 * page. Both read one store snapshot, so a sign-out and its redirect can never disagree.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const { sessions, pendingSignOut } = useSessionSnapshot();
  const signOutTarget = pendingSignOut ? paths.login(pendingSignOut.role) : null;

  useEffect(() => {
    if (signOutTarget && pathname === signOutTarget) sessionStore.acknowledgeSignOut();
  }, [signOutTarget, pathname]);

  const redirect =
    signOutTarget && pathname !== signOutTarget
      ? signOutTarget
      : withReturnTo(
          pathname,
          guardRedirect(pathname, { admin: !!sessions.admin, instructor: !!sessions.instructor, participant: !!sessions.participant }),
          safeReturnTo(new URLSearchParams(search).get('returnTo')),
        );
  if (redirect !== null && redirect !== pathname) return <Navigate to={redirect} replace />;
  return children;
}
