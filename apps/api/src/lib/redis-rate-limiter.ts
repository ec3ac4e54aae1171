import type { Redis } from 'ioredis';
import { memoryRateLimiter, type RateLimiter, type Window } from './rate-limiter';

/** INCR and, on the window's first hit, its expiry: one atomic step, so two processes never both start a window. */
const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

const PEEK = `
local n = redis.call('GET', KEYS[1])
if not n then return {0, 0} end
return {tonumber(n), redis.call('PTTL', KEYS[1])}`;

type Log = (level: 'warn', message: string, detail?: unknown) => void;

const window = ([count, ttlMs]: [number, number]): Window => ({ count, retryAfter: count === 0 ? 0 : Math.max(1, Math.ceil(ttlMs / 1000)) });

/**
 * The fixed windows of memoryRateLimiter, kept in Redis so every API process counts against the
 * same ones. When Redis does not answer, each process counts in its own memory meanwhile (a limit
 * then holds per process, as it did before REDIS_URL) and says so in the log once a minute: a
 * shared store that is down must not turn every login into a 500, nor switch the limits off.
 */
export function redisRateLimiter(redis: Redis, prefix: string, windowMs: number, log: Log): RateLimiter {
  const local = memoryRateLimiter(windowMs);
  let warnedAt = 0;
  const fallback = (error: unknown) => {
    if (Date.now() - warnedAt > 60_000) {
      warnedAt = Date.now();
      log('warn', 'Redis did not answer: rate limits are counted per process until it does', error);
    }
  };
  const key = (k: string) => `${prefix}rl:${k}`;
  return {
    async hit(k) {
      try {
        return window((await redis.eval(HIT, 1, key(k), windowMs)) as [number, number]);
      } catch (error) {
        fallback(error);
        return local.hit(k);
      }
    },
    async peek(k) {
      try {
        return window((await redis.eval(PEEK, 1, key(k))) as [number, number]);
      } catch (error) {
        fallback(error);
        return local.peek(k);
      }
    },
    async reset(k) {
      await local.reset(k);
      try {
        await redis.del(key(k));
      } catch (error) {
        fallback(error);
      }
    },
  };
}
