import { AppError } from './app-error';

const MINUTE_MS = 60_000;

/**
 * At most `max` hits of `key` in each minute of the clock (one counter per minute, so a shared
 * store counts them for every node); over it, a 429 whose Retry-After is the rest of the minute.
 */
export async function hitPerClockMinute(limiter: RateLimiter, key: string, max: number, messageKey: string, now = Date.now()): Promise<void> {
  const minute = Math.floor(now / MINUTE_MS);
  if ((await limiter.hit(`${key}:${minute}`)).count <= max) return;
  const seconds = Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - now) / 1000));
  throw new AppError(messageKey, 429, { headers: { 'retry-after': String(seconds) }, params: { count: seconds } });
}

/**
 * A token bucket: it holds at most `burst` tokens, gains `perMinute` of them a minute (a fraction at a
 * time, continuously), and each hit takes one. So `burst` hits may come at once, and then `perMinute`
 * a minute keep passing; a bucket left alone fills up again in burst / perMinute minutes.
 */
export interface Bucket {
  burst: number;
  perMinute: number;
}

export interface Take {
  allowed: boolean;
  /** Seconds until the bucket holds a token again (0 when this take was allowed). */
  retryAfter: number;
}

/** One take from the bucket `key` at `now` (the app's clock, ctx.now), or a 429 with `messageKey` whose Retry-After is the wait for the next token. */
export async function takeFromBucket(limiter: RateLimiter, key: string, bucket: Bucket, messageKey: string, now: number): Promise<void> {
  const { allowed, retryAfter } = await limiter.take(key, bucket, now);
  if (allowed) return;
  throw new AppError(messageKey, 429, { headers: { 'retry-after': String(retryAfter) }, params: { count: retryAfter } });
}

/** How long a bucket takes to fill up from empty, in ms: once that long untouched, it is full and need not be kept. */
export const bucketFillMs = (bucket: Bucket) => Math.ceil((bucket.burst * MINUTE_MS) / bucket.perMinute);

/**
 * A bucket's state: `fill` counts tokens in sixty-thousandths (a bucket gains `perMinute` of them each
 * ms), so the arithmetic is in whole numbers, exact in JavaScript and in Redis's Lua alike; `at` is
 * the time of the last take.
 */
export interface BucketState {
  fill: number;
  at: number;
}

const TOKEN = MINUTE_MS;

/** The state of a bucket after a take at `now`: the same arithmetic in memory and in Redis (redis-rate-limiter.ts, TAKE). */
export function takeToken(state: BucketState | undefined, bucket: Bucket, now: number): { state: BucketState; take: Take } {
  // A clock behind the one that last took (another process's) refills nothing rather than going back.
  const at = state ? Math.max(state.at, now) : now;
  const full = bucket.burst * TOKEN;
  const fill = state ? Math.min(full, state.fill + (at - state.at) * bucket.perMinute) : full;
  if (fill >= TOKEN) return { state: { fill: fill - TOKEN, at }, take: { allowed: true, retryAfter: 0 } };
  const waitMs = Math.ceil((TOKEN - fill) / bucket.perMinute);
  return { state: { fill, at }, take: { allowed: false, retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) } };
}

export interface Window {
  count: number;
  /** Seconds until the window resets (0 when nothing was counted). */
  retryAfter: number;
}

/**
 * Fixed-window counters, and token buckets (take). In memory for the single-process default; in
 * Redis (redis-rate-limiter.ts) with REDIS_URL, so every API process counts against the same window
 * or bucket. Async for the latter.
 */
export interface RateLimiter {
  peek(key: string): Promise<Window>;
  hit(key: string): Promise<Window>;
  /** Ends a window (a successful login's); buckets are never reset, only refilled. */
  reset(key: string): Promise<void>;
  /** A token bucket (Bucket) rather than a window: takes one token of `key`'s at `now`, if it holds one. */
  take(key: string, bucket: Bucket, now: number): Promise<Take>;
}

export function memoryRateLimiter(windowMs: number, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt > now()) return w;
    if (w) windows.delete(key);
    return undefined;
  };
  /** Each bucket's state, and when it is full again if left alone (after that it is the same as none). */
  const buckets = new Map<string, BucketState & { fullAt: number }>();
  const seconds = (resetAt: number) => Math.max(1, Math.ceil((resetAt - now()) / 1000));
  return {
    async peek(key) {
      const w = current(key);
      return w ? { count: w.count, retryAfter: seconds(w.resetAt) } : { count: 0, retryAfter: 0 };
    },
    async hit(key) {
      let w = current(key);
      if (!w) {
        if (windows.size > 100_000) for (const k of windows.keys()) if (!current(k)) windows.delete(k);
        w = { count: 0, resetAt: now() + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, retryAfter: seconds(w.resetAt) };
    },
    async reset(key) {
      windows.delete(key);
    },
    async take(key, bucket, at) {
      // A bucket untouched for its fill time is full, the same as none: forgotten when there are many.
      if (buckets.size > 100_000 && !buckets.has(key)) for (const [k, b] of buckets) if (b.fullAt <= at) buckets.delete(k);
      const { state, take } = takeToken(buckets.get(key), bucket, at);
      buckets.set(key, { ...state, fullAt: state.at + bucketFillMs(bucket) });
      return take;
    },
  };
}
