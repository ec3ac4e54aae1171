import type { Redis } from 'ioredis';
import { bucketFillMs, memoryRateLimiter, type RateLimiter, type Window } from './rate-limiter';

/** INCR and, on the window's first hit, its expiry: one atomic step, so two processes never both start a window. */
const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

const PEEK = `
local n = redis.call('GET', KEYS[1])
if not n then return {0, 0} end
return {tonumber(n), redis.call('PTTL', KEYS[1])}`;

/**
 * takeToken (rate-limiter.ts) as one atomic step on a hash {fill, at}: the refill since the last take,
 * capped at the burst, then one token if there is one; whole numbers, as there. The time is the
 * caller's (ARGV[3], the app's clock), not Redis's, so tests control it; a clock behind the last
 * take's refills nothing. A bucket left alone until it is full is the same as none: it expires then
 * (ARGV[4]). Answers {1, 0}, or {0, seconds until the next token}.
 */
const TAKE = `
local token = 60000
local perMinute = tonumber(ARGV[2])
local full = tonumber(ARGV[1]) * token
local at = tonumber(ARGV[3])
local fill = full
local state = redis.call('HMGET', KEYS[1], 'fill', 'at')
if state[1] and state[2] then
  local last = tonumber(state[2])
  if last > at then at = last end
  fill = math.min(full, tonumber(state[1]) + (at - last) * perMinute)
end
if fill >= token then
  redis.call('HSET', KEYS[1], 'fill', string.format('%.17g', fill - token), 'at', string.format('%.17g', at))
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
  return {1, 0}
end
local waitMs = math.ceil((token - fill) / perMinute)
return {0, math.max(1, math.ceil(waitMs / 1000))}`;

type Log = (level: 'warn', message: string, detail?: unknown) => void;

const window = ([count, ttlMs]: [number, number]): Window => ({ count, retryAfter: count === 0 ? 0 : Math.max(1, Math.ceil(ttlMs / 1000)) });

/**
 * The fixed windows and token buckets of memoryRateLimiter, kept in Redis so every API process
 * counts against the same ones. When Redis does not answer, each process counts in its own memory meanwhile (a limit
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
  const bucketKey = (k: string) => `${prefix}rb:${k}`;
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
    async take(k, bucket, now) {
      try {
        const [allowed, retryAfter] = (await redis.eval(TAKE, 1, bucketKey(k), bucket.burst, bucket.perMinute, now, bucketFillMs(bucket))) as [number, number];
        return { allowed: allowed === 1, retryAfter };
      } catch (error) {
        fallback(error);
        return local.take(k, bucket, now);
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
