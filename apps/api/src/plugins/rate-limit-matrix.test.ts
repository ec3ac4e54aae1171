import { describe, expect, it, vi } from 'vitest';
import * as contract from '@nibras/contract';
import type { RouteDef } from '@nibras/contract';
import { apiSuite, createUser, GOOD_PASSWORD, loginAs, uniqueEmail, uniqueIp, testConfig } from '../../test/harness';

/**
 * The rate-limit matrix: every route the contract marks as limited, and the limits on the
 * signed-in password checks, each driven past its budget from one address. Small budgets keep
 * it quick; the defaults are in config.ts and docs/api.md.
 */
const limits = { ...testConfig().rateLimits, loginFailuresPerAccount: 3, loginFailuresPerAddress: 6, registerPerAddress: 4, formsPerAddress: 4, searchBurstPerAddress: 5, searchesPerAddressPerMinute: 1 };

const suite = apiSuite({ config: { rateLimits: limits } });

function limitedRoutes(): RouteDef[] {
  const found = new Map<string, RouteDef>();
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 2) return;
    const v = value as Record<string, unknown>;
    if (typeof v.method === 'string' && typeof v.path === 'string') {
      const def = v as unknown as RouteDef;
      if (def.rateLimit) found.set(`${def.method} ${def.path}`, def);
    } else for (const child of Object.values(v)) visit(child, depth + 1);
  };
  visit(contract, 0);
  return [...found.values()];
}

/** One attempt that counts against the route's budget, and how many the budget allows from one address. */
function attemptOf(def: RouteDef): { body: () => object; budget: number } {
  if (def.rateLimit === 'login') {
    // Reset links: a guessed link counts like a failed sign-in.
    const link = () => ({ user: 'participant', id: 1, hash: `guessed-${uniqueEmail()}` });
    if (def.path === '/api/check') return { body: link, budget: limits.loginFailuresPerAddress };
    if (def.path === '/api/reset_password') return { body: () => ({ ...link(), password: 'Lantern-river-93', confirm_password: 'Lantern-river-93' }), budget: limits.loginFailuresPerAddress };
    // A guessed Google sign-in hand-off code counts like a guessed refresh token.
    if (def.path === '/api/auth/handoff') return { body: () => ({ code: `guessed-${uniqueEmail()}` }), budget: limits.loginFailuresPerAddress };
    return def.path === '/api/auth/refresh'
      ? { body: () => ({ refreshToken: `guessed-${uniqueEmail()}` }), budget: limits.loginFailuresPerAddress }
      : { body: () => ({ email: uniqueEmail(), password: 'wrong-password-1', returnSecureToken: true }), budget: limits.loginFailuresPerAddress };
  }
  // Anonymous searches take from a bucket of the address's burst (refilled at one a minute here, so not
  // during the test); registration and the public forms count every attempt, valid or not.
  if (def.rateLimit === 'search') return { body: () => ({}), budget: limits.searchBurstPerAddress };
  return { body: () => ({}), budget: def.rateLimit === 'register' ? limits.registerPerAddress : limits.formsPerAddress };
}

const routes = limitedRoutes();

describe('rate-limit matrix', () => {
  it('covers every limited route of the contract: logins, refresh, registrations, the public forms, search and password reset', () => {
    expect(routes.map((r) => r.path).sort()).toEqual(
      expect.arrayContaining(['/api/admin/login', '/api/auth/handoff', '/api/auth/refresh', '/api/check', '/api/contact-us/send', '/api/forget_password', '/api/instructor/Register', '/api/instructor/login', '/api/newsletter/subscribe', '/api/participant/login', '/api/participant/register', '/api/public/search', '/api/reset_password']),
    );
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: over its budget from one address, a 429 with Retry-After in the asked language; another address is not affected', async (_name, def) => {
    const { body, budget } = attemptOf(def);
    const ip = uniqueIp();
    const send = (from: string) =>
      def.method === 'GET'
        ? suite.app.inject({ method: 'GET', url: def.path, query: { q: 'برمجة' }, remoteAddress: from, headers: { 'accept-language': 'en' } })
        : suite.app.inject({ method: def.method, url: def.path, remoteAddress: from, headers: { 'accept-language': 'en' }, payload: body() });
    // Per-minute limits: the clock is held 10 s into a minute, so the minute cannot turn during the test.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 10_000));
    try {
      for (let i = 0; i < budget; i++) expect((await send(ip)).statusCode, `attempt ${i + 1}`).not.toBe(429);
      const over = await send(ip);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json()).toMatchObject({ success: false, message: expect.stringMatching(/^Too many (attempts|requests|searches)/) });
      expect((await send(uniqueIp())).statusCode).not.toBe(429);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['participant', '/api/participant/changepassword'],
    ['instructor', '/api/instructor/change-password'],
    ['admin', '/api/admin/change-password'],
  ] as const)('%s: wrong current passwords, through change-password and the email change, share one budget per account', async (role, changePath) => {
    const user = await createUser(role);
    const { token } = await loginAs(suite.app, role, user.email);
    const headers = { authorization: `Bearer ${token}` };
    for (let i = 0; i < limits.loginFailuresPerAccount; i++) {
      const res =
        i % 2
          ? await suite.app.inject({ method: 'POST', url: `/api/${role}/update`, remoteAddress: uniqueIp(), headers, payload: { name: user.name, email: uniqueEmail(), current_password: 'wrong-password-1' } })
          : await suite.app.inject({ method: 'POST', url: changePath, remoteAddress: uniqueIp(), headers, payload: { old_password: 'wrong-password-1', new_password: 'Quiet-harbour-7741' } });
      expect(res.statusCode).toBe(400);
    }
    const over = await suite.app.inject({ method: 'POST', url: changePath, remoteAddress: uniqueIp(), headers, payload: { old_password: GOOD_PASSWORD, new_password: 'Quiet-harbour-7741' } });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });
});
