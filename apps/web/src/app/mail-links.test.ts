import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { mailLinks } from '@nibras/contract';
import { signInDestination } from '../lib/return-to';
import { guardRedirect, withReturnTo, type SignedIn } from './route-guard-rules';

// The route table's modules reach for the browser's storage as they load (the session store): an empty one will do.
const memory = new Map<string, string>();
Object.assign(globalThis, {
  window: globalThis,
  localStorage: { getItem: (k: string) => memory.get(k) ?? null, setItem: (k: string, v: string) => memory.set(k, v), removeItem: (k: string) => memory.delete(k) },
});
const { appRoutes, loadRoleRoutes } = await import('./routes');
// The role areas' routes arrive in their own module (as a signed-in address first loads them).
await loadRoleRoutes();

/**
 * Every link the API mails (packages/contract/src/mail-links.ts) opens a screen of this app: a
 * route of the table other than the "not found" one, and one its guard lets the recipient see.
 */
const samples: { link: string; reader: SignedIn }[] = [];
const nobody: SignedIn = { admin: false, instructor: false, participant: false };
samples.push(
  ...(['participant', 'instructor', 'admin'] as const).map((role) => ({ link: mailLinks.dashboard(role), reader: { ...nobody, [role]: true } })),
  { link: mailLinks.adminCourse(12), reader: { ...nobody, admin: true } },
  { link: mailLinks.instructorCourse(12), reader: { ...nobody, instructor: true } },
  { link: mailLinks.participantOrders(), reader: { ...nobody, participant: true } },
  { link: mailLinks.learn(12), reader: { ...nobody, participant: true } },
  { link: mailLinks.assessment(7), reader: { ...nobody, participant: true } },
  { link: mailLinks.certificate('ABCD-EFGH-JKLM'), reader: nobody },
  // "Was this you?" after a password change: read by whoever is not signed in (the account's owner, locked out).
  ...(['participant', 'instructor', 'admin'] as const).map((role) => ({ link: mailLinks.passwordHelp(role), reader: nobody })),
  { link: mailLinks.newsletterConfirm('x8Yk_3-Qa'), reader: nobody },
  { link: mailLinks.newsletterUnsubscribe('4f1c2b9e-8d7a-4c3b-9e2f-1a2b3c4d5e6f'), reader: nobody },
);

describe('mailed links', () => {
  it.each(samples.map((s) => [s.link, s] as const))('%s is a screen of the route table that its reader may open', (_link, { link, reader }) => {
    const matches = matchRoutes(appRoutes(), link) ?? [];
    const leaf = matches[matches.length - 1];
    expect(leaf, link).toBeDefined();
    expect(leaf!.route.path, link).not.toBe('*');
    expect(guardRedirect(link, reader), link).toBeNull();
  });

  // Decision 016: a reader who is not signed in is asked to sign in as the recipient, then lands on the linked page.
  it.each(samples.filter((s) => s.reader !== nobody).map((s) => [s.link, s] as const))('%s opened signed out: its recipient\'s login, then the page itself', (_link, { link, reader }) => {
    const role = (['admin', 'instructor', 'participant'] as const).find((r) => reader[r])!;
    const login = guardRedirect(link, nobody);
    expect(login, link).toMatch(new RegExp(`^/${role}/login(\\?|$)`));
    const [loginPath, query = ''] = login!.split('?');
    const returnTo = new URLSearchParams(query).get('returnTo');
    if (link === mailLinks.dashboard(role)) expect(returnTo).toBeNull();
    else expect(signInDestination(role, returnTo)).toBe(link);
    // Signed in on that login page, the guard sends the reader to the link (the dashboard when it was the link).
    expect(withReturnTo(loginPath!, guardRedirect(loginPath!, reader), returnTo)).toBe(link);
  });

  it('an unknown path falls to the "not found" route (the check above can fail)', () => {
    const matches = matchRoutes(appRoutes(), '/participant/no-such-screen/1') ?? [];
    expect(matches[matches.length - 1]!.route.path).toBe('*');
  });
});
