import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { ROLES, type Role } from '@nibras/contract';
import { buildTestApp, createUser, inject, loginAs, uniqueIp } from '../../test/harness';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ bodyLimit: 16 * 1024 });
});
afterAll(() => app.close());

describe('one envelope for bad input', () => {
  it('malformed JSON is a 400 with a translated message', async () => {
    for (const [lang, text] of [['en', 'The request body is not valid JSON.'], ['ar', 'محتوى الطلب ليس JSON صالحًا.']]) {
      const res = await inject(app, { method: 'POST', url: '/api/participant/login', headers: { 'content-type': 'application/json', 'accept-language': lang! }, payload: '{"email": ' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, status: false, message: text, errors: {} });
    }
  });

  it('wrong types, missing and extra fields get field messages in the asked language', async () => {
    const body = { name: 42, password: 'Lantern-river-93', isAdmin: true };
    const en = await inject(app, { method: 'POST', url: '/api/participant/register', headers: { 'accept-language': 'en' }, payload: body });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      success: false,
      status: false,
      message: 'Please check the highlighted fields.',
      errors: { name: 'This value has the wrong type.', email: 'This field is required.', isAdmin: 'This field is not accepted.' },
    });
    const ar = await inject(app, { method: 'POST', url: '/api/participant/register', headers: { 'accept-language': 'ar-SA' }, payload: body });
    expect(ar.json().errors).toEqual({ name: 'نوع هذه القيمة غير صحيح.', email: 'هذا الحقل مطلوب.', isAdmin: 'هذا الحقل غير مقبول.' });
  });

  it('a body that is not an object at all is a 400 with a message', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const res = await inject(app, { method: 'POST', url: '/api/admin/login', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: false });
    }
  });

  it('an oversized body is a 413 in the envelope', async () => {
    const res = await inject(app, { method: 'POST', url: '/api/participant/register', headers: { 'accept-language': 'en' }, payload: { name: 'x'.repeat(20_000), email: 'a@b.co', password: 'Lantern-river-93' } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, status: false, message: 'The request is too large.', errors: {} });
  });

  it('an unsupported content type is a 415 in the envelope', async () => {
    const res = await inject(app, { method: 'POST', url: '/api/participant/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
  });

  it('an unknown API path is a 404 in the envelope', async () => {
    const res = await inject(app, { method: 'GET', url: '/api/no/such/thing', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, status: false, message: 'Not found.', errors: {} });
  });
});

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

describe('generated bodies to every endpoint of the accounts issue: zero 5xx', () => {
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
      .sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
    expect(routes.length).toBeGreaterThanOrEqual(21);
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

describe('NUL characters', () => {
  it('are a 400 field error in params, query and body, never a database error', async () => {
    const slug = await inject(app, { method: 'GET', url: '/api/public/category/a%00b', headers: { 'accept-language': 'en' } });
    expect(slug.statusCode).toBe(400);
    expect(slug.json().errors).toEqual({ id: 'This value contains characters that are not allowed.' });
    const query = await inject(app, { method: 'GET', url: '/api/public/search?q=ab%00c' });
    expect(query.statusCode).toBe(400);
    const body = await inject(app, { method: 'POST', url: '/api/contact-us/send', payload: { name: 'Nul\u0000Name', email: 'a@b.co', message: 'a message that is long enough' } });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toHaveProperty('name');
  });
});
