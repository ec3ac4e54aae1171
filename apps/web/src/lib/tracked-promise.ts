/**
 * Annotates a promise the way React's `use()` reads it: once settled, `use()` returns its
 * value synchronously instead of suspending, so anything preloaded renders without a
 * loading indicator (and without React's 300 ms reveal throttle).
 */
export function track<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  tracked.status = 'pending';
  tracked.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return tracked;
}
