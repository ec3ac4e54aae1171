import { AppError } from './app-error';

const MINUTE_MS = 60_000;

/**
 * At most `max` hits of `key` in each minute of the clock (one counter per minute, so a shared
 * store counts them for every node); over it, a 429 whose Retry-After is the rest of the minute.
 */
export function hitPerClockMinute(limiter: RateLimiter, key: string, max: number, messageKey: string, now = Date.now()): void {
  const minute = Math.floor(now / MINUTE_MS);
  if (limiter.hit(`${key}:${minute}`).count <= max) return;
  const seconds = Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - now) / 1000));
  throw new AppError(messageKey, 429, { headers: { 'retry-after': String(seconds) }, params: { count: seconds } });
}

/**
 * Fixed-window counters. In memory for the single-process default; the interface is
 * what a Redis-backed store implements when the API runs on several nodes.
 */
export interface RateLimiter {
  /** Current count and the seconds until the window resets. */
  peek(key: string): { count: number; retryAfter: number };
  hit(key: string): { count: number; retryAfter: number };
  reset(key: string): void;
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
    peek(key) {
      const w = current(key);
      return w ? { count: w.count, retryAfter: seconds(w.resetAt) } : { count: 0, retryAfter: 0 };
    },
    hit(key) {
      let w = current(key);
      if (!w) {
        if (windows.size > 100_000) for (const k of windows.keys()) if (!current(k)) windows.delete(k);
        w = { count: 0, resetAt: now() + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, retryAfter: seconds(w.resetAt) };
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
