import { AsyncLocalStorage } from 'node:async_hooks';
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
/**
 * On PGlite a search's statements hold the server's own thread, and the event loop gets only a turn
 * between two searches: a request that needs several turns (its body, a compressed answer) waited for
 * a whole storm of them (20 searches from one address held the category list 8.4 s). So after each
 * search the next one waits as long as that one ran, up to this long: the rest of the site gets at
 * least half the thread while searches queue (issue 25, point 2; `npm run bench`, search storm).
 */
export const SEARCH_MAX_REST_MS = 250;

/** How long the place rests after a search that took `elapsedMs`, before the next search in line: on PGlite only. */
export function searchRest(config: Config): ((elapsedMs: number) => number) | undefined {
  return config.databaseUrl ? undefined : (elapsedMs) => Math.min(elapsedMs, SEARCH_MAX_REST_MS);
}

/** Searches waiting their turn; any more are a 503 at once. */
export const SEARCH_MAX_WAITING = 100;
/**
 * Of those, the most one caller (an account, or an address without one: the key its rate limit counts
 * under) may hold: as many as an address's default burst (SEARCH_BURST_PER_ADDRESS), so a class's
 * searches sent at once all wait their turn, and 40 places always stay for everyone else.
 */
export const SEARCH_MAX_WAITING_PER_CALLER = 60;
/** A search that waited this long for its turn is a 503: its reader has most likely given up. */
export const SEARCH_MAX_WAIT_MS = 10_000;

/** Who is searching (the route sets it: asSearchCaller), for the gate's turns; '' when nobody said. */
const callers = new AsyncLocalStorage<string>();

/** Runs `work` (a searchCourses) as `caller`'s search: the gate takes turns between callers. */
export function asSearchCaller<T>(caller: string, work: () => Promise<T>): Promise<T> {
  return callers.run(caller, work);
}

/**
 * At most `running` searches at a time in this process; the next `waiting` wait their turn for at
 * most `waitMs`, and any more are refused at once: a 503 either way. Turns go round the callers
 * (asSearchCaller), each caller's searches in order: a visitor's search waits for at most one search
 * of each other caller waiting, not for the whole backlog of an address sending many at once; and one
 * caller holds at most `waitingPerCaller` of the waiting places. So however
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

interface Waiting {
  caller: string;
  start: () => void;
}

export function searchGate(limits: { running: number; waiting: number; waitingPerCaller?: number; waitMs: number; rest?: (elapsedMs: number) => number }): SearchGate {
  let running = 0;
  /** With `rest`: no search starts before this time (Date.now()), so the rest of the site gets its turns. */
  let restUntil = 0;
  let restTimer: NodeJS.Timeout | undefined;
  /** Each waiting caller's searches, in order; the callers in the order of their turns (a Map keeps insertion order). */
  const lines = new Map<string, Waiting[]>();
  let waiting = 0;
  /** The first search of the caller whose turn it is; that caller goes to the back. */
  const next = (): Waiting | undefined => {
    const turn = lines.entries().next().value;
    if (!turn) return undefined;
    const [caller, line] = turn;
    const entry = line.shift();
    lines.delete(caller);
    if (line.length) lines.set(caller, line);
    waiting--;
    return entry;
  };
  /** A free place and nobody running it: the first in line takes it once the rest is over. */
  const startAfterRest = () => {
    if (restTimer || waiting === 0 || running >= limits.running) return;
    restTimer = setTimeout(() => {
      restTimer = undefined;
      // Taken meanwhile: the search holding it hands it over when it ends.
      if (running >= limits.running) return;
      const first = next();
      if (!first) return;
      running++;
      first.start();
    }, Math.max(0, restUntil - Date.now()));
  };
  const release = (elapsedMs: number) => {
    const rest = limits.rest?.(elapsedMs) ?? 0;
    restUntil = Date.now() + rest;
    const first = next();
    if (!first) {
      running--;
      return;
    }
    // The place passes to the next search in line after a turn of the event loop at least: on PGlite one
    // search's statements would otherwise follow another's with nothing served in between; there, after
    // a rest as long as the search ran (`rest`), so other requests get their several turns.
    if (rest > 0) setTimeout(first.start, rest);
    else setImmediate(first.start);
  };
  const wait = (caller: string) =>
    new Promise<void>((resolve, reject) => {
      const entry: Waiting = {
        caller,
        start: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const line = lines.get(caller);
        const at = line?.indexOf(entry) ?? -1;
        if (!line || at < 0) return; // already given the place
        line.splice(at, 1);
        if (!line.length) lines.delete(caller);
        waiting--;
        reject(busy());
      }, limits.waitMs);
      const line = lines.get(caller);
      if (line) line.push(entry);
      else lines.set(caller, [entry]);
      waiting++;
    });
  return {
    async run(work) {
      const caller = callers.getStore() ?? '';
      // On PGlite a search holds the thread from its first statement to its last: first a turn of the event
      // loop, so that requests read in the same turn as this one (another reader's) are under way before it.
      if (limits.rest) await new Promise((resolve) => setImmediate(resolve));
      // A free place, no rest under way and nobody in line before this one: it starts now.
      if (running < limits.running && Date.now() >= restUntil && waiting === 0) running++;
      else if (waiting < limits.waiting && (lines.get(caller)?.length ?? 0) < (limits.waitingPerCaller ?? limits.waiting)) {
        const turn = wait(caller);
        startAfterRest();
        await turn;
      } else throw busy();
      const started = Date.now();
      try {
        return await work();
      } finally {
        release(Date.now() - started);
      }
    },
    load: () => ({ running, waiting }),
  };
}

const gates = new WeakMap<AppContext, SearchGate>();

/** The gate every search of this app passes (one per app, so per process), with the limits above. */
export function searchGateOf(ctx: AppContext): SearchGate {
  let gate = gates.get(ctx);
  if (!gate) {
    gate = searchGate({
      running: searchesAtOnce(ctx.config),
      waiting: SEARCH_MAX_WAITING,
      waitingPerCaller: SEARCH_MAX_WAITING_PER_CALLER,
      waitMs: SEARCH_MAX_WAIT_MS,
      rest: searchRest(ctx.config),
    });
    gates.set(ctx, gate);
  }
  return gate;
}
