import { beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@nibras/contract';
import { ROLES, type Role, type RouteDef } from '@nibras/contract';
import { apiSuite, createUser, loginAs, TEST_JWT_SECRET } from '../../test/harness';
import { TokenService } from '../lib/tokens';
import { translate } from '../lib/i18n';

/**
 * The authorization matrix: walks the registered route table, so every route added later
 * is covered without new test code. Public routes must be on the explicit list below.
 */
const PUBLIC_ROUTES = new Set([
  'POST /api/participant/register',
  'POST /api/participant/login',
  'POST /api/instructor/Register',
  'POST /api/instructor/login',
  'POST /api/admin/login',
  'POST /api/auth/refresh',
  // Google sign-in (docs/google-sign-in.md): browser redirects, the providers read and the hand-off exchange.
  // The card gateway's return and webhook (docs/payments.md): what they believe comes from the gateway, fetched with the secret key.
  'GET /api/payments/moyasar/return',
  'POST /api/payments/moyasar/webhook',
  'GET /api/participant/google/login',
  'GET /api/instructor/google/login',
  'GET /api/participant/auth/google/call-back',
  'GET /api/instructor/auth/google/call-back',
  'GET /api/auth/providers',
  'POST /api/auth/handoff',
  // Forgot and reset password (spec section 6: public).
  'POST /api/forget_password',
  'POST /api/check',
  'POST /api/reset_password',
  'GET /api/category/namelist',
  'GET /api/category/icon/:id',
  'GET /api/openapi.json',
  'GET /api/public/home',
  'GET /api/public/category/:id',
  'POST /api/course/:id/b',
  'GET /api/public/course/:id/reviews',
  'GET /api/public/search',
  'GET /api/public/certificate/:code',
  'GET /api/public/certificate/:code/pdf',
  'POST /api/newsletter/subscribe',
  'POST /api/newsletter/confirm',
  'POST /api/newsletter/unsubscribe',
  'POST /api/newsletter/unsubscribe/:token',
  'POST /api/contact-us/send',
  // Media: free previews, covers, promos, avatars are open; lecture videos check a signed grant (learning.test.ts).
  'GET /api/media/lecture/:id',
  // A lecture's streaming ladder: the master by the lecture's grant (or open for a free preview), the rest by the
  // stream token in the path (modules/media, stream.test.ts).
  'GET /api/media/lecture/:id/stream/:file',
  'GET /api/media/lecture/:id/captions/:lang',
  // An article's text, a PDF and the resources of a lecture: the same check as its video, lectureViewer (learning.test.ts).
  'GET /api/media/lecture/:id/article',
  'GET /api/media/lecture/:id/pdf',
  'GET /api/media/lecture/:id/resource/:resourceId',
  'GET /api/media/stream/:token/:rung/:file',
  'GET /api/media/stream/:token/:file',
  'GET /api/media/cover/:id',
  'GET /api/media/promo/:id',
  'GET /api/media/avatar/:id',
  // Content pages (spec "admin-or-public"): the views and the hero image files.
  'GET /api/home-page/cms/view',
  'GET /api/contact-us/cms/view',
  'GET /api/about-us/cms/view',
  'GET /api/privacy-policy/cms/view',
  'GET /api/home-page/cms/image/view/:id',
]);
const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

const suite = apiSuite();
const live = {} as Record<Role, { token: string; refreshToken: string; userId: number }>;
const loggedOut = {} as Record<Role, string>;
const emails = {} as Record<Role, string>;

beforeAll(async () => {
  for (const role of ROLES) {
    const user = await createUser(role);
    emails[role] = user.email;
    const s = await loginAs(suite.app, role, user.email);
    live[role] = { token: s.token, refreshToken: s.refreshToken, userId: user.id };
    const gone = await loginAs(suite.app, role, user.email);
    const out = await suite.inject({ method: 'GET', url: `/api/${role}/logout`, headers: { authorization: `Bearer ${gone.token}` } });
    expect(out.statusCode).toBe(200);
    loggedOut[role] = gone.token;
  }
});

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

function tokensFor(role: Role): Record<string, string | null> {
  const [header, payload, signature] = live[role].token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  return {
    'no token': null,
    'a tampered token': `${header}.${payload}.${signature.slice(0, -3)}${signature.endsWith('AAA') ? 'BBB' : 'AAA'}`,
    'a token with an edited payload': `${header}.${b64({ ...claims, sub: String(Number(claims.sub) + 1) })}.${signature}`,
    'an alg none token': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'a refresh token as access token': live[role].refreshToken,
    'a token after logout': loggedOut[role],
    'garbage': 'not-a-jwt',
  };
}

function concrete(url: string) {
  return url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');
}

function call(method: string, url: string, token: string | null) {
  return suite.inject({
    method: method as 'GET',
    url: concrete(url),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(method === 'POST' ? { payload: {} } : {}),
  });
}

const isRouteDef = (value: unknown): value is RouteDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

/** Every route table the contract exports, nested tables included (authoring's per role). */
function contractRoutes(): RouteDef[] {
  const found: RouteDef[] = [];
  const walk = (value: unknown, depth: number) => {
    if (isRouteDef(value)) found.push(value);
    else if (typeof value === 'object' && value !== null && depth < 3) for (const inner of Object.values(value)) walk(inner, depth + 1);
  };
  for (const value of Object.values(contract)) walk(value, 0);
  return found;
}

describe('route table', () => {
  it('serves exactly the routes of the contract: none added beside it, none of it missing', () => {
    const served = suite.app.apiRoutes.filter((r) => !isDocs(r.url) && r.url !== '/api/openapi.json').map((r) => `${r.method} ${r.url} (${r.access})`);
    const declared = contractRoutes().map((d) => `${d.method} ${d.path} (${d.access})`);
    expect(new Set(served)).toEqual(new Set(declared));
    expect(served.length).toBe(new Set(served).size);
  });

  it('every API route declares its access, and the public ones are exactly the expected list', () => {
    expect(suite.app.apiRoutes.length).toBeGreaterThan(15);
    const publicOnes = suite.app.apiRoutes.filter((r) => r.access === 'public' && !isDocs(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(new Set(publicOnes)).toEqual(PUBLIC_ROUTES);
  });
});

/** The contract's guarded routes: the route table test above proves the app serves exactly these. */
const GUARDED = contractRoutes().filter((d) => d.access !== 'public');

describe('every non-public route checks its role', () => {
  it('the contract guards routes of every role', () => {
    expect(GUARDED.length).toBeGreaterThan(10);
    expect(new Set(GUARDED.map((d) => d.access))).toEqual(new Set(ROLES));
  });

  // One test per route (each about a dozen requests), not one test for all of them: under load a
  // single test of some 1,500 requests outran its time limit.
  it.each(GUARDED.map((d) => [`${d.method} ${d.path}`, d] as const))('%s: 401 without a valid session, 403 with another role', async (_, route) => {
    const failures: string[] = [];
    const expiredSigner = new TokenService(TEST_JWT_SECRET, -60);
    const role = route.access as Role;
    const bad = {
      ...tokensFor(role),
      'an expired token': await expiredSigner.sign({ userId: live[role].userId, role, sessionId: 'x' }),
    };
    for (const [label, token] of Object.entries(bad)) {
      const res = await call(route.method, route.path, token);
      if (res.statusCode !== 401 || res.json().success !== false) failures.push(`${route.method} ${route.path} with ${label}: ${res.statusCode}`);
    }
    for (const other of ROLES.filter((r) => r !== role)) {
      const res = await call(route.method, route.path, live[other].token);
      if (res.statusCode !== 403 || res.json().success !== false) failures.push(`${route.method} ${route.path} as ${other}: ${res.statusCode}`);
    }
    // Logout would end the shared session: give it a throwaway one.
    const ownToken = route.path.endsWith('/logout') ? (await loginAs(suite.app, role, emails[role])).token : live[role].token;
    const own = await call(route.method, route.path, ownToken);
    // A 403 for ownership (someone else's id in the path) is fine here; a refusal of the role is not.
    const refusedRole = own.statusCode === 401 || (own.statusCode === 403 && own.json().message === translate('ar', 'api.auth.wrong_role'));
    if (refusedRole) failures.push(`${route.method} ${route.path} as ${role} (own role): ${own.statusCode}`);
    expect(failures).toEqual([]);
  });

  it('an expired token is refused even when its session is live', async () => {
    const signer = new TokenService(TEST_JWT_SECRET, -5);
    const claims = JSON.parse(Buffer.from(live.participant.token.split('.')[1]!, 'base64url').toString());
    const expired = await signer.sign({ userId: live.participant.userId, role: 'participant', sessionId: claims.sid });
    const res = await call('GET', '/api/participant/profile', expired);
    expect(res.statusCode).toBe(401);
    const fresh = await call('GET', '/api/participant/profile', live.participant.token);
    expect(fresh.statusCode).toBe(200);
  });
});
