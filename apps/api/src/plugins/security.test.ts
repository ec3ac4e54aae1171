import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam, type JsonRouteDef } from '@nibras/contract';
import { buildTestApp, createUser, GOOD_PASSWORD, uniqueEmail, uniqueIp } from '../../test/harness';
import { AppError } from '../lib/app-error';
import type { AppContext } from '../context';
import { registerErrorHandling } from './errors';
import { addRoute } from './route';
import { DOCUMENT_ONLY_HEADERS } from './static-web';

let app: FastifyInstance;
let webDist: string;
const BIG_JS = `export const words = ${JSON.stringify(Array.from({ length: 3000 }, (_, i) => `كلمة-${i}`))};\n`;
beforeAll(async () => {
  // A stand-in build of the web app, so static files and the SPA fallback are covered too.
  webDist = mkdtempSync(path.join(tmpdir(), 'nibras-web-'));
  mkdirSync(path.join(webDist, 'build'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="ar" dir="rtl"><head><title>Nibras</title></head><body><div id="root"></div><script type="module" src="/build/app.js"></script></body></html>');
  writeFileSync(path.join(webDist, 'build', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(webDist, 'build', 'app.css'), 'body{margin:0}');
  writeFileSync(path.join(webDist, 'build', 'face.woff2'), Buffer.from('wOF2'));
  writeFileSync(path.join(webDist, 'build', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A build file with the twins the web build writes next to it (apps/web/vite.config.ts).
  writeFileSync(path.join(webDist, 'build', 'big.js'), BIG_JS);
  writeFileSync(path.join(webDist, 'build', 'big.js.br'), brotliCompressSync(BIG_JS));
  writeFileSync(path.join(webDist, 'build', 'big.js.gz'), gzipSync(BIG_JS));
  app = await buildTestApp({ webDist });
});
afterAll(() => app.close());

const login = (role: string, email: string, password: string, ip: string, lang = 'en') =>
  app.inject({ method: 'POST', url: `/api/${role}/login`, remoteAddress: ip, headers: { 'accept-language': lang }, payload: { email, password, returnSecureToken: true } });

describe('brute force', () => {
  it('after 5 failed logins for one account from one address: 429 with Retry-After, even with the right password', async () => {
    const user = await createUser('participant');
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await login('participant', user.email, `wrong-guess-${i}`, ip)).statusCode).toBe(401);
    const blocked = await login('participant', user.email, GOOD_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json()).toMatchObject({ success: false, status: false, message: 'Too many attempts. Please try again in 15 minutes.' });
    // The owner, from another address, is not locked out.
    expect((await login('participant', user.email, GOOD_PASSWORD, uniqueIp())).statusCode).toBe(200);
  });

  it('four failures then a success resets the account counter', async () => {
    const user = await createUser('instructor');
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) await login('instructor', user.email, 'wrong-guess', ip);
    expect((await login('instructor', user.email, GOOD_PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('instructor', user.email, 'wrong-guess', ip)).statusCode).toBe(401);
  });

  it('limits one address trying many accounts', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await login('admin', uniqueEmail(), 'whatever-pass', ip)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('counts failed refreshes like failed logins: one budget per address, then 429 even for a valid token', async () => {
    const user = await createUser('participant');
    const ip = uniqueIp();
    const session = (await login('participant', user.email, GOOD_PASSWORD, uniqueIp())).json().data;
    const refresh = (refreshToken: string) => app.inject({ method: 'POST', url: '/api/auth/refresh', remoteAddress: ip, headers: { 'accept-language': 'en' }, payload: { refreshToken } });
    for (let i = 0; i < 20; i++) expect((await login('admin', uniqueEmail(), 'whatever-pass', ip)).statusCode).toBe(401);
    for (let i = 0; i < 10; i++) expect((await refresh(`guessed-token-${i}`)).statusCode).toBe(401);
    const blocked = await refresh(session.refreshToken);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().message).toBe('Too many attempts. Please try again in 15 minutes.');
    expect((await login('participant', user.email, GOOD_PASSWORD, ip)).statusCode).toBe(429);
    // The refused attempt did not spend the token: from another address it still works.
    const elsewhere = await app.inject({ method: 'POST', url: '/api/auth/refresh', remoteAddress: uniqueIp(), payload: { refreshToken: session.refreshToken } });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('register tells a person their email is taken, but is rate-limited per address', async () => {
    const taken = await createUser('participant');
    const ip = uniqueIp();
    const res = await app.inject({ method: 'POST', url: '/api/participant/register', remoteAddress: ip, headers: { 'accept-language': 'en' }, payload: { name: 'Probe', email: taken.email, password: GOOD_PASSWORD } });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.email).toBe('An account with this email already exists.');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await app.inject({ method: 'POST', url: '/api/participant/register', remoteAddress: ip, payload: { name: 'Probe', email: uniqueEmail(), password: 'short' } });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 9).every((s) => s === 400)).toBe(true);
    expect(statuses[9]).toBe(429);
    const after = await app.inject({ method: 'POST', url: '/api/participant/register', remoteAddress: ip, payload: { name: 'Probe', email: taken.email, password: GOOD_PASSWORD } });
    expect(after.statusCode).toBe(429);
    expect(after.headers['retry-after']).toBeDefined();
  });
});

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const csp = String(res.headers['content-security-policy']);
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
}

describe('security headers on every response', () => {
  it.each([
    ['GET', '/api/category/namelist'],
    ['GET', '/api/participant/profile'],
    ['POST', '/api/participant/login'],
    ['GET', '/api/nothing-here'],
    ['GET', '/'],
    ['GET', '/participant/login'],
    ['GET', '/build/missing.js'],
    ['GET', '/build/icon.svg'],
  ])('%s %s', async (method, url) => {
    const res = await app.inject({ method: method as 'GET', url, remoteAddress: uniqueIp(), ...(method === 'POST' ? { payload: '{' , headers: { 'content-type': 'application/json' } } : {}) });
    expectSecurityHeaders(res, `${method} ${url} (${res.statusCode})`);
  });

  it.each(['/build/app.js', '/build/app.css', '/build/face.woff2', '/build/big.js'])(
    '%s, a file a page loads and never a page, carries nosniff without the headers only a document reads (docs/decisions/019)',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toContain('immutable');
      for (const name of DOCUMENT_ONLY_HEADERS) expect(res.headers[name], name).toBeUndefined();
    },
  );

  it('serves the web app for non-API paths and caches hashed build files for good', async () => {
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root">');
    const page = await app.inject({ method: 'GET', url: '/instructor/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const asset = await app.inject({ method: 'GET', url: '/build/app.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().success).toBe(false);
  });
});

describe('compression', () => {
  it('serves a build file precompressed, brotli or gzip by Accept-Encoding, cached for good', async () => {
    const get = (encoding?: string) => app.inject({ method: 'GET', url: '/build/big.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(BIG_JS) / 3);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('compresses JSON answers over 1 KB, not the small ones', async () => {
    const doc = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(doc.rawPayload).toString()).openapi).toMatch(/^3\./);
    const gz = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const small = await app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().success).toBe(false);
  });
});

describe('OpenAPI', () => {
  it('describes every account route of the spec with its security', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const p of ['/api/participant/register', '/api/instructor/Register', '/api/admin/login', '/api/admin/edit', '/api/participant/changepassword', '/api/instructor/change-password', '/api/auth/refresh']) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    expect(doc.paths['/api/admin/edit'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/admin/login'].post.security).toBeUndefined();
  });
});

describe('the contract tells the truth', () => {
  it('a method a known path does not serve is a 405 with Allow; an unknown path stays a 404', async () => {
    const cases = [
      ['POST', '/api/public/home', 'GET, HEAD'],
      ['DELETE', '/api/participant/login', 'POST'],
      ['PUT', '/api/course/7/b', 'POST'],
      ['POST', '/api/media/lecture/3', 'GET, HEAD'],
      ['PATCH', '/api/instructor/course/edit/step1/12?x=1', 'GET, HEAD'],
    ] as const;
    for (const [method, url, allow] of cases) {
      const res = await app.inject({ method, url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.json()).toMatchObject({ success: false, message: 'This address does not accept this method.' });
    }
    expect((await app.inject({ method: 'POST', url: '/api/public/nothing-here' })).statusCode).toBe(404);
  });

  it('never reads a boolean as an id, in a path or a body', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/course/true/b', payload: {} })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/public/course/true/reviews' })).statusCode).toBe(400);
    const user = await createUser('participant');
    const session = (await login('participant', user.email, GOOD_PASSWORD, uniqueIp())).json().data;
    const res = await app.inject({ method: 'POST', url: '/api/participant/wishlist/add', headers: { authorization: `Bearer ${session.token}`, 'accept-language': 'en' }, payload: { course_id: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ course_id: 'Enter a number.' });
  });

  it('lists in OpenAPI the failures each route answers, file routes included, and documents uploads as multipart forms', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const statuses = (p: string, m: string) => Object.keys(doc.paths[p][m].responses);
    // 302: with object storage a video redirects to a signed URL of the bucket (docs/storage.md); images never do.
    expect(statuses('/api/media/lecture/{id}', 'get')).toEqual(['200', '206', '302', '400', '401', '403', '404', '416', '500', '503']);
    expect(statuses('/api/media/cover/{id}', 'get')).toEqual(['200', '206', '400', '404', '416', '500', '503']);
    expect(statuses('/api/public/certificate/{code}/pdf', 'get')).toEqual(['200', '400', '404', '500', '503']);
    expect(statuses('/api/participant/login', 'post')).toEqual(['200', '400', '401', '408', '413', '415', '429', '500', '503']);
    expect(statuses('/api/instructor/course/edit/step1/{id}', 'get')).toEqual(['200', '400', '401', '403', '404', '500', '503']);
    expect(doc.paths['/api/media/cover/{id}'].get.responses['404'].content['application/json'].schema).toBeDefined();
    for (const [p, ops] of Object.entries<Record<string, { responses: Record<string, unknown> }>>(doc.paths)) {
      for (const [m, op] of Object.entries(ops)) expect(Object.keys(op.responses), `${m} ${p}`).not.toContain('4XX');
    }
    const upload = doc.paths['/api/instructor/course/step4/upload'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(upload.properties).toHaveProperty('lecture_id');
    expect(upload.required).toEqual(expect.arrayContaining(['id', 'lecture_id', 'file']));
    expect(doc.paths['/api/participant/avatar'].post.requestBody.content['multipart/form-data'].schema.properties.file.format).toBe('binary');
  });

  it('documents the ids the server accepts: list filters and outline ids are integers (or empty, or null), not anyOf: [] (issue 25, point 3)', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const integerOrEmpty = [{ type: 'integer', minimum: 1, maximum: 2_147_483_647 }, { type: 'string', enum: [''] }];
    for (const path of ['/api/quiz/adminquiz', '/api/quiz/insquiz']) {
      const filters = Object.fromEntries((doc.paths[path].get.parameters as { name: string; schema: unknown }[]).map((p) => [p.name, p.schema]));
      expect(filters.assessment_id, path).toMatchObject({ anyOf: integerOrEmpty });
      expect(filters.course_id, path).toMatchObject({ anyOf: integerOrEmpty });
    }
    for (const role of ['instructor', 'admin']) {
      const body = (step: number) => doc.paths[`/api/${role}/course/addUpdate/step${step}`].post.requestBody.content['application/json'].schema.properties;
      const section = body(4).sections.items.properties;
      expect(section.id).toMatchObject({ anyOf: integerOrEmpty, nullable: true });
      expect(section.lectures.items.properties.id).toMatchObject({ anyOf: integerOrEmpty, nullable: true });
      const assessment = body(5).assessment.properties;
      expect(assessment.id).toMatchObject({ anyOf: integerOrEmpty, nullable: true });
      expect(assessment.questions.items.properties.id).toMatchObject({ anyOf: integerOrEmpty, nullable: true });
    }
    const pId = doc.paths['/api/course/{id}/b'].post.requestBody.content['application/json'].schema.properties.p_id;
    expect(pId.anyOf.map((branch: { type: string }) => branch.type)).toEqual(['integer', 'string']);
  });

  it('reports a status a route answers that its contract entry does not list', async () => {
    const reported: string[] = [];
    const bare = Fastify();
    bare.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(bare);
    bare.decorateRequest('lang', 'en');
    bare.decorateRequest('user', null);
    const ctx = { undocumentedStatus: (route: string, status: number) => reported.push(`${route} -> ${status}`) } as unknown as AppContext;
    bare.setValidatorCompiler(({ schema }) => (data) => {
      const result = (schema as z.ZodType).safeParse(data);
      return result.success ? { value: result.data } : { error: result.error };
    });
    const def: JsonRouteDef = { method: 'GET', path: '/api/test/:id', access: 'public', tags: [], summary: 'test', params: idParam, errors: [404], response: envelope(z.object({})) };
    addRoute(bare, ctx, def, async ({ request }) => {
      throw new AppError('api.error.not_found', (request.params as { id: number }).id === 1 ? 404 : 409);
    });
    expect((await bare.inject({ method: 'GET', url: '/api/test/1' })).statusCode).toBe(404);
    expect(reported).toEqual([]);
    expect((await bare.inject({ method: 'GET', url: '/api/test/2' })).statusCode).toBe(409);
    expect(reported).toEqual(['GET /api/test/:id -> 409']);
    await bare.close();
  });
});
