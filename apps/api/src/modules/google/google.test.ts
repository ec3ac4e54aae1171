import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Session } from '@nibras/contract';
import { apiSuite, buildTestApp, createUser, inject, testDatabase, uniqueEmail } from '../../../test/harness';
import { OIDC_CLIENT, OTHER_CLIENT, signInAtProvider, startForgingProvider, startLocalProvider, type ForgingProvider, type Forgery, type LocalProvider } from '../../../test/oidc';
import { users } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { safeReturnPath } from './google.service';

const PUBLIC_URL = 'http://nibras.test';
type MemberRole = 'participant' | 'instructor';
const callbackUri = (role: MemberRole) => `${PUBLIC_URL}/api/${role}/auth/google/call-back`;

let provider: LocalProvider;
beforeAll(async () => {
  provider = await startLocalProvider({ redirectUris: [callbackUri('participant'), callbackUri('instructor')] });
});
afterAll(() => provider.close());
const suite = apiSuite({ config: () => ({ publicUrl: PUBLIC_URL, oidc: { issuer: provider.issuer, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret } }) });

let subjects = 0;
function person(opts: { email?: string; verified?: boolean; name?: string } = {}) {
  subjects += 1;
  const account = { sub: `sub-${Date.now().toString(36)}-${subjects}`, email: opts.email ?? uniqueEmail('google'), email_verified: opts.verified ?? true, name: opts.name ?? 'Layla Google' };
  provider.addAccount(account);
  return account;
}

function flowCookie(setCookie: string | string[] | undefined): string {
  const line = [setCookie ?? []].flat().find((c) => c.startsWith('nibras_google_'));
  if (!line) throw new Error('no flow cookie');
  return line.split(';')[0]!;
}

/** Starts at the API, signs in at the provider, comes back to the call-back: the call-back's answer. */
async function signIn(target: FastifyInstance, role: MemberRole, sub: string, opts: { returnTo?: string; issuer?: string; tamper?: (authUrl: URL) => void; cookie?: (own: string) => string } = {}) {
  const query = opts.returnTo === undefined ? '' : `?return=${encodeURIComponent(opts.returnTo)}`;
  const start = await inject(target, { method: 'GET', url: `/api/${role}/google/login${query}` });
  expect(start.statusCode).toBe(302);
  const cookie = flowCookie(start.headers['set-cookie']);
  expect([start.headers['set-cookie']].flat().join()).toMatch(/HttpOnly; SameSite=Lax/);
  const authUrl = new URL(start.headers.location as string);
  opts.tamper?.(authUrl);
  const back = await signInAtProvider(opts.issuer ?? provider.issuer, authUrl.href, sub);
  expect(back.startsWith(callbackUri(role))).toBe(true);
  const callback = await inject(target, { method: 'GET', url: back.slice(PUBLIC_URL.length), headers: { cookie: opts.cookie ? opts.cookie(cookie) : cookie } });
  expect(callback.statusCode).toBe(302);
  return { location: callback.headers.location as string, callback };
}

/** The web app's part: the hand-off code from the fragment, exchanged for the session. */
async function exchange(location: string): Promise<{ session: Session; returnTo: string }> {
  const url = new URL(location);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const res = await suite.inject({ method: 'POST', url: '/api/auth/handoff', payload: { code: fragment.get('code') } });
  expect(res.statusCode).toBe(200);
  return { session: res.json().data as Session, returnTo: fragment.get('return')! };
}

async function userRows(email: string) {
  const { db } = await testDatabase();
  return (await db.select().from(users)).filter((u) => u.email.toLowerCase() === email.toLowerCase());
}

function expectRefused(location: string, role: MemberRole, code: string) {
  const url = new URL(location);
  expect(url.origin).toBe(PUBLIC_URL);
  expect(url.pathname).toBe(`/${role}/login`);
  expect(url.searchParams.get('google_error')).toBe(code);
  expect(url.hash).toBe('');
}

describe('Google sign-in against a local OpenID provider', () => {
  it('a first sign-in creates the participant (name, email, language, linked subject), a second one signs the same account in', async () => {
    const p = person({ name: 'Layla <b>Google</b>' });
    const first = await signIn(suite.app, 'participant', p.sub, { returnTo: '/participant/my-courses' });
    expect(first.location.startsWith(`${PUBLIC_URL}/participant/google/login#`)).toBe(true);
    // The flow cookie is spent at the call-back.
    expect([first.callback.headers['set-cookie']].flat().join()).toMatch(/nibras_google_participant=; .*Max-Age=0/);
    const { session, returnTo } = await exchange(first.location);
    expect(returnTo).toBe('/participant/my-courses');
    expect(session.role).toBe('participant');
    expect(session.email).toBe(p.email);
    const [row] = await userRows(p.email);
    expect(row).toMatchObject({ role: 'participant', name: 'Layla Google', googleSubject: p.sub, lang: 'ar' });
    // The session works like a password login's.
    const profile = await suite.inject({ method: 'GET', url: '/api/participant/profile', headers: { authorization: `Bearer ${session.token}` } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.email).toBe(p.email);
    const refreshed = await suite.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } });
    expect(refreshed.statusCode).toBe(200);

    const second = await signIn(suite.app, 'participant', p.sub);
    const again = await exchange(second.location);
    expect(again.session.localId).toBe(session.localId);
    expect(again.returnTo).toBe('/participant/dashboard');
    expect(await userRows(p.email)).toHaveLength(1);
  });

  it('the instructor path creates an instructor, separate from a participant with the same Google account', async () => {
    const p = person();
    const asParticipant = await exchange((await signIn(suite.app, 'participant', p.sub)).location);
    const asInstructor = await exchange((await signIn(suite.app, 'instructor', p.sub)).location);
    expect(asInstructor.session.role).toBe('instructor');
    expect(asInstructor.returnTo).toBe('/instructor/dashboard');
    expect(asInstructor.session.localId).not.toBe(asParticipant.session.localId);
    const rows = await userRows(p.email);
    expect(rows.map((r) => r.role).sort()).toEqual(['instructor', 'participant']);
    // A participant token does not open the instructor area, nor the reverse.
    const crossed = await suite.inject({ method: 'GET', url: '/api/instructor/profile', headers: { authorization: `Bearer ${asParticipant.session.token}` } });
    expect(crossed.statusCode).toBe(403);
  });

  it('the language of the sign-in screen becomes a new account\'s mail language', async () => {
    const p = person();
    const start = await suite.inject({ method: 'GET', url: '/api/participant/google/login?lang=en' });
    const back = await signInAtProvider(provider.issuer, start.headers.location as string, p.sub);
    const callback = await suite.inject({ method: 'GET', url: back.slice(PUBLIC_URL.length), headers: { cookie: flowCookie(start.headers['set-cookie']) } });
    await exchange(callback.headers.location as string);
    expect((await userRows(p.email))[0]!.lang).toBe('en');
  });

  it('links an existing password account by a verified email (case aside); the password still works', async () => {
    const existing = await createUser('participant', { email: uniqueEmail('linkme') });
    const p = person({ email: existing.email.toUpperCase(), verified: true });
    const { session } = await exchange((await signIn(suite.app, 'participant', p.sub)).location);
    expect(session.localId).toBe(String(existing.id));
    const [row] = await userRows(existing.email);
    expect(row!.googleSubject).toBe(p.sub);
    const login = await suite.inject({ method: 'POST', url: '/api/participant/login', payload: { email: existing.email, password: existing.password, returnSecureToken: true } });
    expect(login.statusCode).toBe(200);
  });

  it('an unverified email links nothing and creates nothing: refused with a message', async () => {
    const existing = await createUser('participant', { email: uniqueEmail('unverified') });
    const p = person({ email: existing.email, verified: false });
    expectRefused((await signIn(suite.app, 'participant', p.sub)).location, 'participant', 'email_unverified');
    expect((await userRows(existing.email))[0]!.googleSubject).toBeNull();

    const stranger = person({ verified: false });
    expectRefused((await signIn(suite.app, 'participant', stranger.sub)).location, 'participant', 'email_unverified');
    expect(await userRows(stranger.email)).toHaveLength(0);
  });

  it('an account already linked to another Google subject is not taken over by a second one with the same email', async () => {
    const first = person();
    await exchange((await signIn(suite.app, 'participant', first.sub)).location);
    const second = person({ email: first.email });
    expectRefused((await signIn(suite.app, 'participant', second.sub)).location, 'participant', 'linked_elsewhere');
  });

  it('a deactivated account is refused', async () => {
    const p = person();
    await exchange((await signIn(suite.app, 'participant', p.sub)).location);
    const { db } = await testDatabase();
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, p.email));
    expectRefused((await signIn(suite.app, 'participant', p.sub)).location, 'participant', 'account_disabled');
  });

  it('a wrong state (another flow\'s cookie, or none) signs nobody in', async () => {
    const p = person();
    const otherStart = await suite.inject({ method: 'GET', url: '/api/participant/google/login' });
    const otherCookie = flowCookie(otherStart.headers['set-cookie']);
    expectRefused((await signIn(suite.app, 'participant', p.sub, { cookie: () => otherCookie })).location, 'participant', 'failed');
    expectRefused((await signIn(suite.app, 'participant', p.sub, { cookie: () => '' })).location, 'participant', 'expired');
    // A flow cookie of the other role is not this role's.
    const instructorStart = await suite.inject({ method: 'GET', url: '/api/instructor/google/login' });
    const instructorCookie = flowCookie(instructorStart.headers['set-cookie']).replace('nibras_google_instructor', 'nibras_google_participant');
    expectRefused((await signIn(suite.app, 'participant', p.sub, { cookie: () => instructorCookie })).location, 'participant', 'expired');
    // A forged flow cookie (not signed by us) is nobody's.
    expectRefused((await signIn(suite.app, 'participant', p.sub, { cookie: (own) => `${own.slice(0, -4)}AAAA` })).location, 'participant', 'expired');
    expect(await userRows(p.email)).toHaveLength(0);
  });

  it('a wrong nonce (the authorization request\'s nonce swapped) signs nobody in', async () => {
    const p = person();
    const { location } = await signIn(suite.app, 'participant', p.sub, { tamper: (url) => url.searchParams.set('nonce', 'attacker-nonce') });
    expectRefused(location, 'participant', 'failed');
    expect(await userRows(p.email)).toHaveLength(0);
  });

  it('a code issued to another client (its audience) signs nobody in', async () => {
    const p = person();
    const { location } = await signIn(suite.app, 'participant', p.sub, { tamper: (url) => url.searchParams.set('client_id', OTHER_CLIENT.id) });
    expectRefused(location, 'participant', 'failed');
    expect(await userRows(p.email)).toHaveLength(0);
  });

  it('a PKCE verifier that does not match signs nobody in', async () => {
    const p = person();
    const { location } = await signIn(suite.app, 'participant', p.sub, { tamper: (url) => url.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM') });
    expectRefused(location, 'participant', 'failed');
    expect(await userRows(p.email)).toHaveLength(0);
  });

  it('a provider that is not the configured issuer (same server, other issuer name) signs nobody in', async () => {
    const wrongIssuer = provider.issuer.replace('127.0.0.1', 'localhost');
    const other = await buildTestApp({ publicUrl: PUBLIC_URL, oidc: { issuer: wrongIssuer, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret } });
    try {
      const start = await inject(other, { method: 'GET', url: '/api/participant/google/login' });
      expect(start.statusCode).toBe(302);
      expectRefused(start.headers.location as string, 'participant', 'failed');
    } finally {
      await other.close();
    }
  });

  it('the provider\'s "cancelled" answer goes back to the login screen', async () => {
    const start = await suite.inject({ method: 'GET', url: '/api/instructor/google/login' });
    const res = await suite.inject({ method: 'GET', url: '/api/instructor/auth/google/call-back?error=access_denied&state=x', headers: { cookie: flowCookie(start.headers['set-cookie']) } });
    expectRefused(res.headers.location as string, 'instructor', 'cancelled');
  });

  it('a hand-off code works once, and a replay ends the session it started', async () => {
    const p = person();
    const { location } = await signIn(suite.app, 'participant', p.sub);
    const { session } = await exchange(location);
    const code = new URLSearchParams(new URL(location).hash.slice(1)).get('code');
    const replay = await suite.inject({ method: 'POST', url: '/api/auth/handoff', payload: { code } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(translate('ar', 'api.auth.handoff_invalid'));
    const after = await suite.inject({ method: 'GET', url: '/api/participant/profile', headers: { authorization: `Bearer ${session.token}` } });
    expect(after.statusCode).toBe(401);
    const garbage = await suite.inject({ method: 'POST', url: '/api/auth/handoff', payload: { code: 'not-a-code' } });
    expect(garbage.statusCode).toBe(401);
  });
});

describe('the API checks the ID token itself (a provider that lies)', () => {
  let forger: ForgingProvider & { rememberNonce: (nonce: string) => void };
  let forged: FastifyInstance;
  beforeAll(async () => {
    forger = await startForgingProvider(OIDC_CLIENT.id);
    forged = await buildTestApp({ publicUrl: PUBLIC_URL, oidc: { issuer: forger.issuer, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret } });
  });
  afterAll(async () => {
    await forged.close();
    await forger.close();
  });

  async function forgedSignIn(forgery: Forgery) {
    const email = uniqueEmail(`forged-${forgery}`);
    forger.set(forgery, { sub: `forged-${email}`, email, email_verified: true, name: 'Forged Person' });
    const start = await inject(forged, { method: 'GET', url: '/api/participant/google/login' });
    const authUrl = new URL(start.headers.location as string);
    expect(authUrl.origin).toBe(forger.issuer);
    forger.rememberNonce(authUrl.searchParams.get('nonce')!);
    const state = authUrl.searchParams.get('state')!;
    const res = await inject(forged, {
      method: 'GET',
      url: `/api/participant/auth/google/call-back?code=some-code&state=${encodeURIComponent(state)}`,
      headers: { cookie: flowCookie(start.headers['set-cookie']) },
    });
    expect(res.statusCode).toBe(302);
    return { location: res.headers.location as string, email };
  }

  it('an honest token from it signs in (the harness itself works)', async () => {
    const { location, email } = await forgedSignIn('none');
    expect(new URL(location).pathname).toBe('/participant/google/login');
    expect(await userRows(email)).toHaveLength(1);
  });

  for (const forgery of ['audience', 'issuer', 'expired', 'signature', 'nonce', 'alg-none'] as const) {
    it(`an ID token with a wrong ${forgery} signs nobody in`, async () => {
      const { location, email } = await forgedSignIn(forgery);
      expectRefused(location, 'participant', 'failed');
      expect(await userRows(email)).toHaveLength(0);
    });
  }
});

/** Return addresses that would leave the site (or run script) if a redirect followed them. */
const OPEN_REDIRECTS = [
  '//evil.com',
  '//evil.com/participant/dashboard',
  '/\\evil.com',
  '\\\\evil.com',
  '\\/evil.com',
  'https://evil.com',
  'http://evil.com/participant',
  'HTTPS://EVIL.COM',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  '%2F%2Fevil.com',
  '/%2F/evil.com',
  '/%2f%2fevil.com',
  '/%5Cevil.com',
  '/%09/evil.com',
  '/\t/evil.com',
  '/\n/evil.com',
  ' //evil.com',
  '/%0d%0aSet-Cookie:x=1',
  '///evil.com',
  'evil.com',
  '@evil.com',
  '/%252F%252Fevil.com',
  '//evil.com@nibras.test',
  'javascript://%0aalert(1)',
  '/\\/evil.com',
  'https:evil.com',
  '//%65vil.com',
  '',
];

describe('the return address', () => {
  it(`refuses ${OPEN_REDIRECTS.length} open-redirect payloads: the sign-in still lands on the site, on the dashboard`, async () => {
    const p = person();
    for (const payload of OPEN_REDIRECTS) {
      expect(safeReturnPath(payload), JSON.stringify(payload)).toBeNull();
      const { location } = await signIn(suite.app, 'participant', p.sub, { returnTo: payload });
      const url = new URL(location);
      expect(url.origin, JSON.stringify(payload)).toBe(PUBLIC_URL);
      expect(url.pathname).toBe('/participant/google/login');
      const { returnTo } = await exchange(location);
      expect(returnTo, JSON.stringify(payload)).toBe('/participant/dashboard');
    }
  });

  it('keeps a same-site path with its query', () => {
    expect(safeReturnPath('/course-details/12?tab=reviews')).toBe('/course-details/12?tab=reviews');
    expect(safeReturnPath('/participant/learn/3')).toBe('/participant/learn/3');
  });
});

describe('feature off', () => {
  it('without OIDC_CLIENT_ID the providers read says so and the sign-in routes answer 404 with a message', async () => {
    const off = await buildTestApp({ publicUrl: PUBLIC_URL });
    try {
      const providers = await inject(off, { method: 'GET', url: '/api/auth/providers' });
      expect(providers.json().data).toEqual({ google: false });
      for (const url of ['/api/participant/google/login', '/api/instructor/google/login', '/api/participant/auth/google/call-back?code=x', '/api/instructor/auth/google/call-back?code=x']) {
        const res = await inject(off, { method: 'GET', url, headers: { 'accept-language': 'en' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().message).toBe(translate('en', 'api.google.off'));
      }
    } finally {
      await off.close();
    }
    const on = await suite.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(on.json().data).toEqual({ google: true });
    expect(on.body).not.toContain(OIDC_CLIENT.secret);
  });
});
