import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as contract from '@nibras/contract';
import { ROLES, type Role, type RouteDef } from '@nibras/contract';
import { apiSuite, createUser, loginAs, uniqueIp } from '../../test/harness';
import { REAL } from '../../test/upload-corpus';

/** Values shaped like our bodies, with every field possibly of the wrong type, plus arbitrary JSON. */
const fieldValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.emailAddress(),
  fc.constantFrom('', ' ', 'nibras-demo', 'password123', '\u0000', 'ا'.repeat(200), '<script>alert(1)</script>', "' OR 1=1 --"),
  // Lone UTF-16 surrogates: valid JSON escapes, not text (lib/well-formed-text.ts).
  fc.constantFrom('\ud800', 'a\udfffb', 'نص \ud83d'),
  fc.string().map((text) => `${text}\udc00`),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
);
const FIELDS = ['name', 'email', 'password', 'returnSecureToken', 'refreshToken', 'old_password', 'new_password', 'bio', 'headline', 'phone', 'title', 'msg', 'hero_title_ar', 'body_en', 'text_ar', '__proto__', 'constructor'];
const shapedBody = fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 6 });
const anyBody = fc.oneof(
  { weight: 5, arbitrary: shapedBody.map((o) => JSON.stringify(o)) },
  { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.constantFrom('', '{', '{"email":}', '{"a":1,"a":2}', '\uFEFF{}', '{"__proto__":{"polluted":1}}') },
);
const anyQuery = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 3 });

/** A multipart form with one text field and a PNG, cut after `cut` of its bytes (a form that ends too soon). */
function cutMultipart(cut: number) {
  const boundary = '----nibras-fuzz-boundary';
  const whole = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n1\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    REAL.png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: whole.subarray(0, Math.min(cut, whole.length - 1)), type: `multipart/form-data; boundary=${boundary}` };
}

/** Every route table the contract exports, nested tables included (authoring's per role). */
function contractRoutes(): RouteDef[] {
  const found: RouteDef[] = [];
  const walk = (value: unknown, depth: number) => {
    if (typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value) found.push(value as RouteDef);
    else if (typeof value === 'object' && value !== null && depth < 3) for (const inner of Object.values(value)) walk(inner, depth + 1);
  };
  for (const value of Object.values(contract)) walk(value, 0);
  return found;
}

/**
 * Generated bodies to every route of the API, one share of the routes per test file (`shard` of
 * `shards`) so the workers share the work; together the files cover every route. One test per route
 * (the routes of the contract, which the authorization matrix proves the app serves): a single test
 * for a whole share outran its time limit under load.
 */
export function fuzzEveryRoute(shard: number, shards: number) {
  const suite = apiSuite({ config: { bodyLimit: 16 * 1024 } });
  // Logout routes last: the first valid call ends the session the others use.
  const routes = contractRoutes()
    .filter((_, i) => i % shards === shard - 1)
    .sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));

  describe(`generated bodies to every endpoint (share ${shard} of ${shards}): zero 5xx`, () => {
    // 60 bodies a route, about 25,000 a run; every run draws new ones (fast-check prints the seed of a failure, to
    // replay it), so the runs together reach far more. 220 a route cost 220 s of test-worker CPU, a third of the
    // API suite's, on a CI that must stay under 12 minutes (docs/decisions/009, addendum of 2026-11-29).
    const RUNS = 60;
    let tokens: Record<Role, string>;

    beforeAll(async () => {
      tokens = {} as Record<Role, string>;
      for (const role of ROLES) {
        const user = await createUser(role);
        tokens[role] = (await loginAs(suite.app, role, user.email)).token;
      }
    });

    it('has its share of the routes', () => {
      expect(routes.length).toBeGreaterThanOrEqual(Math.floor(21 / shards));
    });

    it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: at least 60 generated bodies, never a 5xx or a leak', async (_, route) => {
      const app = suite.app;
      const problems: string[] = [];
      let sent = 0;
      const headers = (extra: Record<string, string> = {}) => ({
        'accept-language': sent % 2 ? 'en' : 'ar',
        ...(route.access === 'public' ? {} : { authorization: `Bearer ${tokens[route.access as Role]}` }),
        ...extra,
      });
      const url = route.path;
      await fc.assert(
        fc.asyncProperty(anyBody, anyQuery, async (body, query) => {
          sent += 1;
          const res =
            route.method === 'POST'
              ? await app.inject({ method: 'POST', url, query, remoteAddress: uniqueIp(), headers: headers({ 'content-type': 'application/json' }), payload: body })
              : await app.inject({ method: 'GET', url, query, remoteAddress: uniqueIp(), headers: headers() });
          if (res.statusCode >= 500) problems.push(`${route.method} ${url} ${res.statusCode} <- ${body}`);
          if (/\$argon2|at .*\.ts:\d+|node_modules/.test(res.body)) problems.push(`${route.method} ${url} leaked: ${res.body.slice(0, 200)}`);
          // A file route with no parameters (the invoices' CSV export) may answer its file: any other answer is the envelope.
          if (route.file && res.statusCode === 200 && route.file.types.some((type) => String(res.headers['content-type']).startsWith(type))) return;
          const json = res.json();
          if (typeof json.success !== 'boolean') problems.push(`${route.method} ${url} no envelope: ${res.body.slice(0, 200)}`);
          if (!json.success && typeof json.errors !== 'object') problems.push(`${route.method} ${url} no errors object`);
        }),
        { numRuns: RUNS },
      );
      // An upload route also gets forms cut short at every length, on a path with real-looking ids.
      if (route.multipart) {
        const filled = url.replace(/:[a-z_]+/gi, '1');
        const cuts = fc.sample(fc.integer({ min: 1, max: 400 + REAL.png.length }), 40);
        for (const cut of cuts) {
          const form = cutMultipart(cut);
          const res = await app.inject({ method: 'POST', url: filled, remoteAddress: uniqueIp(), headers: headers({ 'content-type': form.type }), payload: form.payload });
          if (res.statusCode >= 500) problems.push(`${route.method} ${filled} ${res.statusCode} <- a form cut after ${cut} bytes: ${res.body.slice(0, 200)}`);
        }
      }
      expect(sent).toBeGreaterThanOrEqual(RUNS);
      expect(problems.slice(0, 10)).toEqual([]);
      // No prototype pollution from any of those bodies.
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
}
