import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';

/**
 * Searches running at once in this process (docs/search.md); the rest wait their turn. PGlite runs
 * one statement at a time on the server's own thread, so one is all it can do anyway; a PostgreSQL
 * server gets three of the pool's 10 connections.
 */
export function searchesAtOnce(config: Config): number {
  return config.databaseUrl ? 3 : 1;
}
/** Searches waiting their turn; any more are a 503 at once. */
export const SEARCH_MAX_WAITING = 100;
/** A search that waited this long for its turn is a 503: its reader has most likely given up. */
export const SEARCH_MAX_WAIT_MS = 10_000;

/**
 * At most `running` searches at a time in this process; the next `waiting` wait their turn, in
 * order, for at most `waitMs`, and any more are refused at once: a 503 either way. So however
 * many searches arrive together, they hold at most `running` database connections, and on PGlite,
 * where statements run one at a time on the server's own thread, at most `running` searches run
 * before the event loop gets a turn (timers, arriving requests) and are queued ahead of another
 * request's statement.
 */
export interface SearchGate {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Searches running now and waiting now. */
  load(): { running: number; waiting: number };
}

const busy = () => new AppError('api.search.busy', 503, { headers: { 'retry-after': '5' } });

export function searchGate(limits: { running: number; waiting: number; waitMs: number }): SearchGate {
  let running = 0;
  const queue: { start: () => void }[] = [];
  const release = () => {
    const next = queue.shift();
    // The place passes to the next search in line after a turn of the event loop: on PGlite one
    // search's statements would otherwise follow another's with nothing served in between.
    if (next) setImmediate(next.start);
    else running--;
  };
  const wait = () =>
    new Promise<void>((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const at = queue.indexOf(entry);
        if (at < 0) return; // already given the place
        queue.splice(at, 1);
        reject(busy());
      }, limits.waitMs);
      queue.push(entry);
    });
  return {
    async run(work) {
      if (running < limits.running) running++;
      else if (queue.length < limits.waiting) await wait();
      else throw busy();
      try {
        return await work();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: queue.length }),
  };
}

const gates = new WeakMap<AppContext, SearchGate>();

/** The gate every search of this app passes (one per app, so per process), with the limits above. */
export function searchGateOf(ctx: AppContext): SearchGate {
  let gate = gates.get(ctx);
  if (!gate) {
    gate = searchGate({ running: searchesAtOnce(ctx.config), waiting: SEARCH_MAX_WAITING, waitMs: SEARCH_MAX_WAIT_MS });
    gates.set(ctx, gate);
  }
  return gate;
}
