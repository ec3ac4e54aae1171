/**
 * How long anonymous public reads (home, category pages, course details, reviews, search) are
 * kept: without REDIS_URL, the bound on how stale another API node can be. On this node (and with
 * REDIS_URL on every node) every write that changes them drops them at once (invalidateCatalog).
 */
export const PUBLIC_READ_TTL_MS = 15_000;

/**
 * A small in-process cache for hot public reads. Writes on this node call `invalidate` at once;
 * with REDIS_URL each invalidation is also broadcast to the other processes (lib/shared-state.ts),
 * which `drop` the same prefix, and a process that cannot hear those broadcasts keeps nothing
 * (`trusted` false) until it can again. Without Redis the TTL bounds how stale another node can be.
 * Bounded: past `maxEntries` the oldest entries go first, so reads keyed by what visitors type
 * (search) cannot grow it without limit.
 */
export class TtlCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<unknown>>();
  /** Moves on at every invalidation: a load that began before one must not store what it read. */
  private generation = 0;
  private trusted = true;

  /** `broadcast` tells the other processes of each invalidation made here. */
  constructor(
    private readonly maxEntries = 5000,
    private readonly broadcast?: (prefix: string) => void,
  ) {}

  async getOrLoad<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    if (!this.trusted) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value as T;
    // Concurrent misses share one load instead of stampeding the database.
    const inflight = this.pending.get(key);
    if (inflight) return inflight as Promise<T>;
    const startedAt = this.generation;
    const promise = load()
      .then((value) => {
        if (startedAt === this.generation) this.store(key, value, ttlMs);
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }

  private store(key: string, value: unknown, ttlMs: number) {
    if (!this.trusted) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: Date.now() + ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  /** Drops every entry whose key starts with the prefix, here and (with Redis) in every other process. */
  invalidate(prefix: string): void {
    this.drop(prefix);
    this.broadcast?.(prefix);
  }

  /** Drops every entry whose key starts with the prefix in this process; loads under way then are not stored. */
  drop(prefix: string): void {
    this.generation += 1;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
    for (const key of this.pending.keys()) if (key.startsWith(prefix)) this.pending.delete(key);
  }

  /**
   * While this process may miss other processes' invalidations (its Redis subscription is down),
   * it keeps nothing and every read loads; once it hears them again it starts from empty.
   */
  setTrusted(trusted: boolean): void {
    this.drop('');
    this.trusted = trusted;
  }

  /** An entry still fresh, or undefined; nothing is loaded. */
  peek<T>(key: string): T | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > Date.now() ? (hit.value as T) : undefined;
  }

  /** Where invalidations stand: pass it back to `setIfCurrent` after reading the value. */
  get currentGeneration(): number {
    return this.generation;
  }

  /** Stores a value read since `generation`, unless an invalidation came in between. */
  setIfCurrent(key: string, value: unknown, ttlMs: number, generation: number): void {
    if (generation === this.generation) this.store(key, value, ttlMs);
  }

  get size(): number {
    return this.entries.size;
  }
}
