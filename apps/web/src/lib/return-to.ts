import type { Role } from '@nibras/contract';
import { MEMBER_AUTH_PATTERNS, PUBLIC_PATTERNS, patterns } from '../config/paths';
import { matchesAny, pathSegments } from './path-match';

/**
 * A `returnTo` value the login page may follow: a same-site path only. It must start with one '/',
 * never '//' or '/\' (both leave the site in browsers), and hold no scheme, control characters or backslashes.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || [...value].some((c) => c < ' ' || c === '\u007f')) return null;
  try {
    const url = new URL(value, 'https://nibras.invalid');
    if (url.origin !== 'https://nibras.invalid') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The login link that brings the visitor back to `returnTo` afterwards. */
export function loginWithReturn(loginPath: string, returnTo: string): string {
  return `${loginPath}?${new URLSearchParams({ returnTo }).toString()}`;
}

/** Sign-in screens and the Google sign-in return pages: no place to be sent back to after signing in. */
const SIGN_IN_SCREENS: readonly string[] = [...MEMBER_AUTH_PATTERNS, patterns.adminLogin, patterns.instructorGoogle, patterns.participantGoogle];

/**
 * Where a `returnTo` value may send someone who just signed in as `role`, or null for "the dashboard"
 * (decision 016): a same-site path (safeReturnTo: one leading '/', never '//' or '/\', no scheme, no control
 * characters) in that role's own area, as the router reads paths (decoded, any case), or for a member a public page
 * (the course where signing in was asked for); never a sign-in screen. Another role's area, another site or
 * anything odd falls back to the dashboard. The login form, the Google sign-in and the route guard all ask this.
 */
export function signInDestination(role: Role, value: string | null | undefined): string | null {
  const path = safeReturnTo(value);
  if (path === null) return null;
  const segments = pathSegments(path.replace(/[?#][\s\S]*$/, ''));
  if (matchesAny(segments, SIGN_IN_SCREENS)) return null;
  const ownArea = segments[0] === role;
  const publicPage = role !== 'admin' && matchesAny(segments, PUBLIC_PATTERNS);
  return ownArea || publicPage ? path : null;
}
