import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limiter';
import { redisRateLimiter } from './redis-rate-limiter';
import { TtlCache } from './ttl-cache';

type Log = (level: 'info' | 'warn' | 'error', message: string, detail?: unknown) => void;

/** What the API processes share through Redis (REDIS_URL): built once per process in buildApp. */
export interface SharedState {
  limiter: RateLimiter;
  cache: TtlCache;
  publicResponses: TtlCache;
  /** Resolves once every invalidation broadcast begun so far has reached Redis (app.ts waits for it before an answer leaves). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

interface Invalidation {
  /** The process that sent it (it has already dropped the entries itself). */
  from: string;
  cache: 'cache' | 'public';
  prefix: string;
}

/** Long enough for a busy Redis, short enough that a hung one does not hold a login for long. */
const COMMAND_TIMEOUT_MS = 1000;
const READY_WAIT_MS = 5000;

/**
 * Rate limits live in Redis (one counter for every process). The short caches stay in each
 * process's memory, and only their invalidations go through Redis pub/sub (docs/decisions/013):
 * a cached read then costs no network round trip, which is the point of those caches, while a
 * write on one process empties the same entries on all others before its answer is sent (the
 * PUBLISH is awaited, and Redis delivers it to the subscribers as it answers the publisher).
 * A process whose subscription is down keeps nothing in those caches until it is back, so it
 * never serves what another process's write has made stale.
 */
export async function connectSharedState(options: { url: string; prefix: string; windowMs: number; log: Log }): Promise<SharedState> {
  const { url, prefix, windowMs, log } = options;
  const me = randomUUID();
  const channel = `${prefix}cache-invalidations`;
  // Commands fail at once while Redis is away (no offline queue): the limiter then counts locally.
  const redis = new Redis(url, { enableOfflineQueue: false, commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1, connectionName: `nibras-api-${me}` });
  const subscriber = new Redis(url, { autoResubscribe: false, connectionName: `nibras-api-sub-${me}` });
  redis.on('error', () => undefined);
  const pending = new Set<Promise<unknown>>();
  let closing = false;

  const broadcaster = (cache: Invalidation['cache']) => (p: string) => {
    const sent: Promise<unknown> = redis
      .publish(channel, JSON.stringify({ from: me, cache, prefix: p } satisfies Invalidation))
      .catch((error: unknown) => log('warn', 'cache invalidation not broadcast (Redis did not answer): other processes keep theirs until it expires', error))
      .finally(() => pending.delete(sent));
    pending.add(sent);
  };
  const cache = new TtlCache(5000, broadcaster('cache'));
  // Each entry holds a JSON answer and its compressed forms: at most some tens of MB.
  const publicResponses = new TtlCache(1000, broadcaster('public'));
  // Until the subscription is up, nothing another process invalidates would be heard here.
  cache.setTrusted(false);
  publicResponses.setTrusted(false);

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: Invalidation;
    try {
      message = JSON.parse(text) as Invalidation;
    } catch {
      return;
    }
    if (message.from === me || typeof message.prefix !== 'string') return;
    (message.cache === 'public' ? publicResponses : cache).drop(message.prefix);
  });
  const untrusted = () => {
    if (closing) return;
    cache.setTrusted(false);
    publicResponses.setTrusted(false);
  };
  let subscribed: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  subscriber.on('close', untrusted);
  subscriber.on('error', (error: unknown) => {
    if (!closing) log('warn', 'Redis subscription lost: short caches are off in this process until it is back', error);
    untrusted();
  });
  subscriber.on('ready', () => {
    subscriber
      .subscribe(channel)
      .then(() => {
        cache.setTrusted(true);
        publicResponses.setTrusted(true);
        subscribed();
      })
      .catch((error: unknown) => log('warn', 'Redis subscription failed', error));
  });

  const limiter = redisRateLimiter(redis, prefix, windowMs, log);
  // A start while Redis is away still serves: limits count locally and the caches stay off until it answers.
  const commandsReady = new Promise<void>((resolve) => redis.once('ready', () => resolve()));
  const waited = await Promise.race([Promise.all([ready, commandsReady]).then(() => true), new Promise<boolean>((resolve) => setTimeout(resolve, READY_WAIT_MS, false).unref())]);
  if (!waited) log('warn', `Redis does not answer yet: rate limits count per process and short caches are off until it does`);

  return {
    limiter,
    cache,
    publicResponses,
    async flush() {
      if (pending.size) await Promise.all(pending);
    },
    async close() {
      closing = true;
      await Promise.all(pending);
      redis.disconnect();
      subscriber.disconnect();
    },
  };
}
