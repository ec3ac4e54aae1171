import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createUser, loginAs, testConfig, testDatabase, uniqueIp } from '../../../test/harness';
import { createCourse } from '../../../test/factories';
import { loadConfig } from '../../config';
import { translate } from '../../lib/i18n';
import { memoryRateLimiter, takeToken, type RateLimiter } from '../../lib/rate-limiter';
import { redisRateLimiter } from '../../lib/redis-rate-limiter';
import { refreshCourseSearchText } from './search.service';
import { asSearchCaller, SEARCH_MAX_WAITING, SEARCH_MAX_WAITING_PER_CALLER, searchGate } from './search-gate';

/**
 * Search limits that fit a classroom (issue 26, point 6): signed-in searches count per account, anonymous
 * ones per address in a token bucket with a burst. Small budgets keep it quick; the clock is the app's
 * own (AppDeps.now), moved by the tests, so nothing waits and nothing depends on timing. Each case runs
 * on the in-memory limiter and on the Redis one (127.0.0.1:6379, as the cluster test uses).
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
const run = randomBytes(4).toString('hex');
const prefixes: string[] = [];

// One token every 5 s per address, 4 at once; 2 a minute per account (one every 30 s).
const limits = { ...testConfig().rateLimits, searchesPerAddressPerMinute: 12, searchBurstPerAddress: 4, searchesPerUserPerMinute: 2 };

afterAll(async () => {
  const redis = new Redis(REDIS_URL);
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
});

const ARABIC = 'بتثجحخدذرزسشصضطظعغفقكلمن';
const arabicWord = () => Array.from({ length: 8 }, () => ARABIC[randomInt(ARABIC.length)]).join('');

describe.each(['memory', 'redis'] as const)('search limits, %s limiter', (store) => {
  let app: FastifyInstance;
  let t = Date.UTC(2026, 0, 5, 9, 0, 0);
  const prefix = `nibras-test-limits-${run}-${store}:`;
  beforeAll(async () => {
    prefixes.push(prefix);
    app = await buildTestApp({ rateLimits: limits, ...(store === 'redis' ? { redis: { url: REDIS_URL, prefix } } : {}) }, { now: () => t });
  });
  afterAll(async () => {
    await app?.close();
  });

  const search = (from: string, headers: Record<string, string> = {}, lang = 'en') =>
    app.inject({ method: 'GET', url: '/api/public/search', query: { q: arabicWord() }, remoteAddress: from, headers: { 'accept-language': lang, ...headers } });

  it('30 signed-in students behind one address each search up to their own limit, none refused; one account over it is a 429 for that account alone, until its next token', async () => {
    const school = uniqueIp();
    const students = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const user = await createUser('participant');
        return { authorization: `Bearer ${(await loginAs(app, 'participant', user.email)).token}` };
      }),
    );
    // 60 searches from one address: fifteen times the address's burst, and none refused.
    for (const [i, auth] of students.entries()) {
      for (let n = 0; n < limits.searchesPerUserPerMinute; n++) expect((await search(school, auth)).statusCode, `student ${i + 1}, search ${n + 1}`).toBe(200);
    }
    const over = await search(school, students[0]!);
    expect(over.statusCode).toBe(429);
    // 2 a minute: the next token in 30 s.
    expect(over.headers['retry-after']).toBe('30');
    expect(over.json()).toMatchObject({ success: false, message: 'Too many searches from your account. Please try again in 30 seconds.' });
    expect((await search(school, students[0]!, 'ar')).json().message).toBe(translate('ar', 'api.search.too_many_account', { count: 30 }));
    // Another account on the same address, and an anonymous visitor there, are not affected.
    const other = await createUser('instructor');
    const otherAuth = { authorization: `Bearer ${(await loginAs(app, 'instructor', other.email)).token}` };
    expect((await search(school, otherAuth)).statusCode).toBe(200);
    expect((await search(school)).statusCode).toBe(200);
    // The account's budget follows it to another address.
    expect((await search(uniqueIp(), students[0]!)).statusCode).toBe(429);
    t += 30_000;
    expect((await search(school, students[0]!)).statusCode).toBe(200);
    expect((await search(school, students[0]!)).statusCode).toBe(429);
  });

  it('anonymous: a burst up to the allowance passes, the next is a 429 with Retry-After until the next token, and the bucket refills with the clock', async () => {
    const ip = uniqueIp();
    for (let n = 0; n < limits.searchBurstPerAddress; n++) expect((await search(ip)).statusCode, `search ${n + 1}`).toBe(200);
    const over = await search(ip);
    expect(over.statusCode).toBe(429);
    // 12 a minute: a token every 5 s.
    expect(over.headers['retry-after']).toBe('5');
    expect(over.json()).toMatchObject({ success: false, message: 'Too many searches from your address. Please try again in 5 seconds.' });
    expect((await search(ip, {}, 'ar')).json().message).toBe(translate('ar', 'api.search.too_many', { count: 5 }));
    expect((await search(uniqueIp())).statusCode).toBe(200);
    // 3 s on, the token is 2 s away; at 5 s it is there, and only one.
    t += 3_000;
    expect((await search(ip)).headers['retry-after']).toBe('2');
    t += 2_000;
    expect((await search(ip)).statusCode).toBe(200);
    expect((await search(ip)).statusCode).toBe(429);
    // Left alone, the bucket fills up to the burst and no further.
    t += 10 * 60_000;
    for (let n = 0; n < limits.searchBurstPerAddress; n++) expect((await search(ip)).statusCode, `after the pause, search ${n + 1}`).toBe(200);
    expect((await search(ip)).statusCode).toBe(429);
  });

  it('a participant\'s search (the web app sends the token) is answered from the same kept answers as an anonymous one, and counts against the account', async () => {
    const w = arabicWord();
    const ask = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/api/public/search', query: { q: w }, remoteAddress: uniqueIp(), headers });
    const anonymous = await ask();
    expect(anonymous.json().data.total).toBe(0);
    // A course written straight to the database announces no catalog change: the kept answer stays.
    const { db } = await testDatabase();
    await refreshCourseSearchText(db, (await createCourse({ title: `${w} course` })).id);
    const user = await createUser('participant');
    const auth = { authorization: `Bearer ${(await loginAs(app, 'participant', user.email)).token}` };
    const kept = await ask(auth);
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toBe(anonymous.body);
    expect((await ask(auth)).statusCode).toBe(200);
    const over = await ask(auth);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(translate('ar', 'api.search.too_many_account', { count: 30 }));
  });

  it('a forged, foreign-signed or logged-out token is anonymous: it counts against the address and opens no budget of its own', async () => {
    const ip = uniqueIp();
    const user = await createUser('participant');
    const session = await loginAs(app, 'participant', user.email);
    const auth = { authorization: `Bearer ${session.token}` };
    expect((await app.inject({ method: 'GET', url: '/api/participant/logout', remoteAddress: uniqueIp(), headers: auth })).statusCode).toBe(200);
    const [header, payload] = session.token.split('.');
    const bad = [
      () => ({ authorization: `Bearer ${randomBytes(24).toString('base64url')}` }),
      // The real token's header and claims under another signature.
      () => ({ authorization: `Bearer ${header}.${payload}.${randomBytes(32).toString('base64url')}` }),
      () => auth,
      () => ({ authorization: 'Basic c2Nob29sOnNjaG9vbA==' }),
    ];
    for (let n = 0; n < limits.searchBurstPerAddress; n++) expect((await search(ip, bad[n % bad.length]!())).statusCode, `search ${n + 1}`).toBe(200);
    for (const token of bad) {
      const over = await search(ip, token());
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(/from your address/);
    }
    expect((await search(ip)).statusCode).toBe(429);
    if (store === 'redis') {
      // Counted in Redis, not in the process's fallback: one bucket for the address, none for a token.
      const redis = new Redis(REDIS_URL);
      try {
        expect(await redis.keys(`${prefix}rb:search:address:${ip}`)).toHaveLength(1);
        expect(await redis.keys(`${prefix}rb:search:user:${user.id}`)).toHaveLength(0);
      } finally {
        redis.disconnect();
      }
    }
  });
});

describe('token buckets in the limiters', () => {
  const bucket = { burst: 3, perMinute: 6 };

  it('takeToken: the burst at once, then one token per 60 / perMinute seconds, never above the burst; a clock behind the last take refills nothing', () => {
    let state: Parameters<typeof takeToken>[0];
    const take = (now: number) => {
      const r = takeToken(state, bucket, now);
      state = r.state;
      return r.take;
    };
    expect([take(0), take(0), take(0)].every((r) => r.allowed)).toBe(true);
    expect(take(0)).toEqual({ allowed: false, retryAfter: 10 });
    expect(take(9_001)).toEqual({ allowed: false, retryAfter: 1 });
    expect(take(10_000).allowed).toBe(true);
    // Another process's clock, 5 s behind: no refill, no negative time.
    expect(take(5_000)).toEqual({ allowed: false, retryAfter: 10 });
    expect([take(3_600_000), take(3_600_000), take(3_600_000), take(3_600_000)].map((r) => r.allowed)).toEqual([true, true, true, false]);
  });

  it('two processes on one Redis take from the same bucket; the memory limiter answers the same', async () => {
    const prefix = `nibras-test-limits-${run}-shared:`;
    prefixes.push(prefix);
    const a = new Redis(REDIS_URL);
    const b = new Redis(REDIS_URL);
    try {
      const log = () => undefined;
      const one = redisRateLimiter(a, prefix, 60_000, log);
      const two = redisRateLimiter(b, prefix, 60_000, log);
      const memory = memoryRateLimiter(60_000);
      const seq = async (first: RateLimiter, second: RateLimiter) => [
        await first.take('k', bucket, 1_000),
        await second.take('k', bucket, 1_000),
        await first.take('k', bucket, 1_000),
        await second.take('k', bucket, 1_000),
        await first.take('k', bucket, 8_000),
        await second.take('k', bucket, 11_000),
        await first.take('k', bucket, 11_000),
      ];
      const shared = await seq(one, two);
      expect(shared.map((r) => r.allowed)).toEqual([true, true, true, false, false, true, false]);
      expect(shared.map((r) => r.retryAfter)).toEqual([0, 0, 0, 10, 3, 0, 10]);
      expect(await seq(memory, memory)).toEqual(shared);
      // The bucket expires once it would be full again (burst / perMinute = 30 s).
      const ttl = await a.pttl(`${prefix}rb:k`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(30_000);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });

  it('defaults: 300 a minute per address with a burst of 60, 60 a minute per account; each has its setting', () => {
    expect(loadConfig({}).rateLimits).toMatchObject({ searchesPerAddressPerMinute: 300, searchBurstPerAddress: 60, searchesPerUserPerMinute: 60 });
    expect(loadConfig({ SEARCH_MAX_PER_ADDRESS_PER_MINUTE: '7', SEARCH_BURST_PER_ADDRESS: '8', SEARCH_MAX_PER_USER_PER_MINUTE: '9' }).rateLimits).toMatchObject({
      searchesPerAddressPerMinute: 7,
      searchBurstPerAddress: 8,
      searchesPerUserPerMinute: 9,
    });
  });
});

describe('the search gate takes turns between callers', () => {
  it('a search waits for at most one search of each other caller in line, not for a whole storm from one address; one caller holds at most waitingPerCaller of the places', async () => {
    // An address's default burst waits whole, and places stay for the others.
    expect(SEARCH_MAX_WAITING_PER_CALLER).toBe(loadConfig({}).rateLimits.searchBurstPerAddress);
    expect(SEARCH_MAX_WAITING_PER_CALLER).toBeLessThan(SEARCH_MAX_WAITING);
    const gate = searchGate({ running: 1, waiting: 10, waitingPerCaller: 4, waitMs: 60_000 });
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const job = (caller: string, name: string) =>
      asSearchCaller(caller, () => gate.run(() => new Promise<void>((resolve) => releases.push(resolve)).then(() => void order.push(name))));
    // One address: s1 runs, s2 to s5 wait, and a sixth finds that caller's places taken.
    const storm = [1, 2, 3, 4, 5].map((n) => job('search:address:10.0.0.1', `s${n}`));
    await expect(job('search:address:10.0.0.1', 's6')).rejects.toMatchObject({ statusCode: 503, code: 'api.search.busy' });
    // Others still find places, and their turns come before the rest of the storm.
    const visitor = job('search:user:7', 'v');
    const other = job('search:address:10.0.0.2', 'o');
    expect(gate.load()).toEqual({ running: 1, waiting: 6 });
    for (let n = 0; n < 7; n++) {
      await vi.waitFor(() => expect(releases.length).toBeGreaterThan(0));
      releases.shift()!();
    }
    await Promise.all([...storm, visitor, other]);
    expect(order).toEqual(['s1', 's2', 'v', 'o', 's3', 's4', 's5']);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});
