import type { Role } from '@nibras/contract';
import { MEMBER_AUTH_PATTERNS, PUBLIC_PATTERNS, patterns, paths } from '../config/paths';

export type SignedIn = Readonly<Record<Role, boolean>>;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The router matches decoded paths case-insensitively (/ADMIN/%64ashboard renders the
 * admin dashboard), so the guard must read paths the same way or it could be walked around.
 */
export function pathSegments(pathname: string): string[] {
  return pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decodeSegment(segment).toLowerCase());
}

export function matchesPattern(segments: readonly string[], pattern: string): boolean {
  const parts = pathSegments(pattern);
  return parts.length === segments.length && parts.every((part, i) => part.startsWith(':') || part === segments[i]);
}

function matchesAny(segments: readonly string[], list: readonly string[]): boolean {
  return list.some((pattern) => matchesPattern(segments, pattern));
}

function inArea(segments: readonly string[], role: Role): boolean {
  return segments[0] === role;
}

/**
 * Spec section 2 "Route guard rules" as one decision: where to send someone who opens
 * `pathname` with these sessions, or null to let them in.
 */
export function guardRedirect(pathname: string, signedIn: SignedIn): string | null {
  const segments = pathSegments(pathname);

  if (inArea(segments, 'admin')) {
    if (matchesPattern(segments, patterns.adminLogin)) return signedIn.admin ? paths.dashboard('admin') : null;
    return signedIn.admin ? null : paths.login('admin');
  }
  // With an admin signed in the whole app is the admin area.
  if (signedIn.admin) return paths.dashboard('admin');

  if (matchesAny(segments, MEMBER_AUTH_PATTERNS)) {
    if (signedIn.instructor) return paths.dashboard('instructor');
    if (signedIn.participant) return paths.dashboard('participant');
    return null;
  }
  if (matchesAny(segments, PUBLIC_PATTERNS)) return null;
  if (inArea(segments, 'instructor')) return signedIn.instructor ? null : paths.home;
  if (inArea(segments, 'participant')) return signedIn.participant ? null : paths.home;
  // Unknown paths: signed-in members see the not-found page, visitors go home.
  return signedIn.instructor || signedIn.participant ? null : paths.home;
}

/**
 * A participant signed in on the login page with a (checked, same-site) `returnTo` goes back there, to the
 * course where signing in was asked for, instead of the dashboard.
 */
export function withReturnTo(pathname: string, redirect: string | null, returnTo: string | null): string | null {
  if (!returnTo || redirect !== paths.dashboard('participant')) return redirect;
  return matchesPattern(pathSegments(pathname), patterns.participantLogin) ? returnTo : redirect;
}
