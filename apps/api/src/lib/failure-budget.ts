import { tooManyAttempts } from './app-error';
import type { RateLimiter } from './rate-limiter';

/**
 * Counters of failed proofs of identity (a password, a refresh token): each is checked
 * before the proof is even looked at, so a caller over any of them gets 429 with the right
 * secret too, and each counts one more failure when the proof is wrong.
 */
export function failureBudget(limiter: RateLimiter, counters: ReadonlyArray<readonly [key: string, max: number]>) {
  return {
    async assertOpen() {
      const seen = await Promise.all(counters.map(([key]) => limiter.peek(key)));
      counters.forEach(([, max], i) => {
        if (seen[i]!.count >= max) throw tooManyAttempts(seen[i]!.retryAfter);
      });
    },
    async failed() {
      await Promise.all(counters.map(([key]) => limiter.hit(key)));
    },
  };
}

/** The address counter every sign-in proof shares: logins, refreshes and password checks from one address. */
export const addressKey = (ip: string) => `login-address:${ip}`;
