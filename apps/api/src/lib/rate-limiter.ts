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

export interface Window {
  count: number;
  /** Seconds until the window resets (0 when nothing was counted). */
  retryAfter: number;
}

/**
 * Fixed-window counters. In memory for the single-process default; in Redis (redis-rate-limiter.ts)
 * with REDIS_URL, so every API process counts against the same window. Async for the latter.
 */
export interface RateLimiter {
  peek(key: string): Promise<Window>;
  hit(key: string): Promise<Window>;
  reset(key: string): Promise<void>;
}

export function memoryRateLimiter(windowMs: number, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt > now()) return w;
    if (w) windows.delete(key);
    return undefined;
  };
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
  };
}
