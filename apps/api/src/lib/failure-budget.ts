import { tooManyAttempts } from './app-error';
import type { RateLimiter } from './rate-limiter';

/**
 * Counters of failed proofs of identity (a password, a refresh token): each is checked
 * before the proof is even looked at, so a caller over any of them gets 429 with the right
 * secret too, and each counts one more failure when the proof is wrong.
 *
 * The `account` counter (optional, one account's failures) is counted when the attempt begins
 * rather than when it fails, in one atomic step: attempts sent at once, to one process or spread
 * over several (REDIS_URL), cannot all pass the check before any has failed, so no more than `max`
 * guesses are ever looked at. A right proof then clears it (the caller's `reset`). The address
 * counters are only read first and counted on failure: a school behind one address may sign in
 * many at once, and a reservation would count those in flight against it.
 */
export function failureBudget(limiter: RateLimiter, counters: ReadonlyArray<readonly [key: string, max: number]>, account?: readonly [key: string, max: number]) {
  return {
    async assertOpen() {
      const seen = await Promise.all(counters.map(([key]) => limiter.peek(key)));
      counters.forEach(([, max], i) => {
        if (seen[i]!.count >= max) throw tooManyAttempts(seen[i]!.retryAfter);
      });
      if (!account) return;
      const reserved = await limiter.hit(account[0]);
      if (reserved.count > account[1]) throw tooManyAttempts(reserved.retryAfter);
    },
    async failed() {
      await Promise.all(counters.map(([key]) => limiter.hit(key)));
    },
  };
}

/** The address counter every sign-in proof shares: logins, refreshes and password checks from one address. */
export const addressKey = (ip: string) => `login-address:${ip}`;
