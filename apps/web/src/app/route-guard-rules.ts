import { ROLES, type Role } from '@nibras/contract';
import { MEMBER_AUTH_PATTERNS, PUBLIC_PATTERNS, patterns, paths } from '../config/paths';
import { matchesAny, matchesPattern, pathSegments } from '../lib/path-match';
import { loginWithReturn, signInDestination } from '../lib/return-to';
import type { SignOutEvent } from '../lib/session-store';

export type SignedIn = Readonly<Record<Role, boolean>>;

function inArea(segments: readonly string[], role: Role): boolean {
  return segments[0] === role;
}

/**
 * The sign-in screen of `role` for someone who opened `destination` signed out (decision 016): the destination
 * rides along as `returnTo`, except for the area's own start (its root or dashboard), where signing in leads anyway.
 */
function signInFirst(role: Role, pathname: string, search: string): string {
  const segments = pathSegments(pathname);
  const start = segments.length === 1 || matchesPattern(segments, paths.dashboard(role));
  return start && search === '' ? paths.login(role) : loginWithReturn(paths.login(role), `${pathname}${search}`);
}

/**
 * Spec section 2 "Route guard rules" as one decision: where to send someone who opens
 * `pathname` (with its query, `search`) with these sessions, or null to let them in.
 * Departure (decision 016): a visitor with no session who opens a page of the instructor or participant area
 * goes to that role's sign-in screen with the page as `returnTo`, not to /; /admin pages carry it too.
 */
export function guardRedirect(pathname: string, signedIn: SignedIn, search = ''): string | null {
  const segments = pathSegments(pathname);

  if (inArea(segments, 'admin')) {
    if (matchesPattern(segments, patterns.adminLogin)) return signedIn.admin ? paths.dashboard('admin') : null;
    return signedIn.admin ? null : signInFirst('admin', pathname, search);
  }
  // With an admin signed in the whole app is the admin area.
  if (signedIn.admin) return paths.dashboard('admin');

  if (matchesAny(segments, MEMBER_AUTH_PATTERNS)) {
    if (signedIn.instructor) return paths.dashboard('instructor');
    if (signedIn.participant) return paths.dashboard('participant');
    return null;
  }
  if (matchesAny(segments, PUBLIC_PATTERNS)) return null;
  const member = signedIn.instructor || signedIn.participant;
  for (const role of ['instructor', 'participant'] as const) {
    if (!inArea(segments, role)) continue;
    if (signedIn[role]) return null;
    // Spec: a member of the other role is sent home; nobody signed in is asked to sign in as this role.
    return member ? paths.home : signInFirst(role, pathname, search);
  }
  // Unknown paths: signed-in members see the not-found page, visitors go home.
  return member ? null : paths.home;
}

/**
 * Someone signed in on their role's login page with a `returnTo` (checked by signInDestination) goes there
 * instead of the dashboard: the page that asked them to sign in, or the page a mail linked to.
 */
export function withReturnTo(pathname: string, redirect: string | null, returnTo: string | null): string | null {
  const segments = pathSegments(pathname);
  for (const role of ROLES) {
    if (redirect === paths.dashboard(role) && matchesPattern(segments, paths.login(role))) return signInDestination(role, returnTo) ?? redirect;
  }
  return redirect;
}

/**
 * Where a sign-out sends the browser (spec section 4: that role's login page). When the user did not ask for it
 * (the session expired, even one found expired as the page loads, or its token was refused), the page they were
 * on rides along as `returnTo` if it is theirs to come back to: an old session must not cost a mail's link its page.
 */
export function signOutRedirect(event: SignOutEvent, pathname: string, search: string): string {
  const login = paths.login(event.role);
  if (event.reason === 'user' || event.reason === 'other-tab') return login;
  return signInDestination(event.role, `${pathname}${search}`) === null ? login : signInFirst(event.role, pathname, search);
}
