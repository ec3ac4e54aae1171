import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { ROLES, type Role } from '@nibras/contract';
import { buildTestApp, createUser, loginAs, uniqueIp } from '../../test/harness';

/** Values shaped like our bodies, with every field possibly of the wrong type, plus arbitrary JSON. */
const fieldValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.emailAddress(),
  fc.constantFrom('', ' ', 'nibras-demo', 'password123', '\u0000', 'ا'.repeat(200), '<script>alert(1)</script>', "' OR 1=1 --"),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
);
const FIELDS = ['name', 'email', 'password', 'returnSecureToken', 'refreshToken', 'old_password', 'new_password', 'bio', 'headline', 'phone', '__proto__', 'constructor'];
const shapedBody = fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 6 });
const anyBody = fc.oneof(
  { weight: 5, arbitrary: shapedBody.map((o) => JSON.stringify(o)) },
  { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.constantFrom('', '{', '{"email":}', '{"a":1,"a":2}', '\uFEFF{}', '{"__proto__":{"polluted":1}}') },
);
const anyQuery = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 3 });

/**
 * Generated bodies to every route of the API, one share of the routes per test file (`shard` of
 * `shards`) so the workers share the work; together the files cover every route.
 */
export function fuzzEveryRoute(shard: number, shards: number) {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ bodyLimit: 16 * 1024 });
  });
  afterAll(() => app.close());

  describe(`generated bodies to every endpoint (share ${shard} of ${shards}): zero 5xx`, () => {
    const RUNS = 220;
    let tokens: Record<Role, string>;

    beforeAll(async () => {
      tokens = {} as Record<Role, string>;
      for (const role of ROLES) {
        const user = await createUser(role);
        tokens[role] = (await loginAs(app, role, user.email)).token;
      }
    });

    it('sends at least 200 generated bodies to each route and never gets a 5xx or a leak', async () => {
      // Logout routes last: the first valid call ends the session the others use.
      const routes = app.apiRoutes
        .filter((r) => !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json')
        .filter((_, i) => i % shards === shard - 1)
        .sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
      expect(routes.length).toBeGreaterThanOrEqual(Math.floor(21 / shards));
      const problems: string[] = [];
      for (const route of routes) {
        let sent = 0;
        const headers = (extra: Record<string, string> = {}) => ({
          'accept-language': sent % 2 ? 'en' : 'ar',
          ...(route.access === 'public' ? {} : { authorization: `Bearer ${tokens[route.access]}` }),
          ...extra,
        });
        await fc.assert(
          fc.asyncProperty(anyBody, anyQuery, async (body, query) => {
            sent += 1;
            const res =
              route.method === 'POST'
                ? await app.inject({ method: 'POST', url: route.url, query, remoteAddress: uniqueIp(), headers: headers({ 'content-type': 'application/json' }), payload: body })
                : await app.inject({ method: 'GET', url: route.url, query, remoteAddress: uniqueIp(), headers: headers() });
            if (res.statusCode >= 500) problems.push(`${route.method} ${route.url} ${res.statusCode} <- ${body}`);
            if (/\$argon2|at .*\.ts:\d+|node_modules/.test(res.body)) problems.push(`${route.method} ${route.url} leaked: ${res.body.slice(0, 200)}`);
            const json = res.json();
            if (typeof json.success !== 'boolean') problems.push(`${route.method} ${route.url} no envelope: ${res.body.slice(0, 200)}`);
            if (!json.success && typeof json.errors !== 'object') problems.push(`${route.method} ${route.url} no errors object`);
          }),
          { numRuns: RUNS },
        );
        expect(sent).toBeGreaterThanOrEqual(200);
      }
      expect(problems.slice(0, 10)).toEqual([]);
      // No prototype pollution from any of those bodies.
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }, 180_000);
  });
}
