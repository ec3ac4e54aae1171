import type { Db } from '../../db/client';
import { SESSION_CHANNEL } from '../sessions/sessions.service';
import { BELL_CHANNEL } from '../notifications/notifications.service';
import { MESSAGE_CHANNEL } from './messages.queries';

/**
 * What a notification on MESSAGE_CHANNEL says (ids only): `k: 'm'` a new message `id` in thread `t`
 * from `f` to `u`; `k: 'r'` user `u` read thread `t`. On SESSION_CHANNEL: `k: 's'` a session of user
 * `u` ended (a logout, a deactivation, a password changed or reset). On BELL_CHANNEL: `k: 'n'` a new
 * notification `id` for user `u` (docs/notifications.md).
 */
export interface LiveEvent {
  k: 'm' | 'r' | 's' | 'n';
  id?: number;
  t: number;
  f?: number;
  u: number;
}

export interface LiveBus {
  /**
   * Resolves once this process is listening, so nothing sent after it is missed. `resumed` is called
   * when the listening connection, lost, is back: what was sent meanwhile may have been missed.
   */
  subscribe(listener: (event: LiveEvent) => void, resumed?: () => void): Promise<() => void>;
  close(): Promise<void>;
}

function parse(payload: string | undefined): LiveEvent | null {
  try {
    const v = JSON.parse(payload ?? '') as Partial<LiveEvent>;
    if ((v.k !== 'm' && v.k !== 'r' && v.k !== 's' && v.k !== 'n') || !Number.isInteger(v.t) || !Number.isInteger(v.u)) return null;
    return v as LiveEvent;
  } catch {
    return null;
  }
}

interface PgliteClient {
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
}

interface PgPool {
  options: Record<string, unknown>;
}

type Log = (level: 'warn' | 'error', message: string, detail?: unknown) => void;

/**
 * Fan-out of new messages to this process's open streams. Every send is a `pg_notify` in the
 * database (messages.queries.ts), so it reaches every API process: on a PostgreSQL server each
 * process holds one dedicated connection that LISTENs (reconnecting with backoff when it drops);
 * on the embedded PGlite, its own listen on its one connection.
 */
export function createLiveBus(db: Db, log: Log): LiveBus {
  const listeners = new Set<(event: LiveEvent) => void>();
  const resumers = new Set<() => void>();
  const dispatch = (payload: string | undefined) => {
    const event = parse(payload);
    if (!event) return;
    for (const l of listeners) l(event);
  };
  const client = (db as unknown as { $client: unknown }).$client;
  let started: Promise<void> | undefined;
  let stop: () => Promise<void> = async () => undefined;
  let closed = false;

  const startPglite = async (c: PgliteClient) => {
    const unlisten = await Promise.all([c.listen(MESSAGE_CHANNEL, dispatch), c.listen(SESSION_CHANNEL, dispatch), c.listen(BELL_CHANNEL, dispatch)]);
    stop = async () => {
      await Promise.all(unlisten.map((off) => off()));
    };
  };

  const startPg = async (pool: PgPool) => {
    const { Client } = await import('pg');
    let current: InstanceType<typeof Client> | undefined;
    let retry = 500;
    let timer: NodeJS.Timeout | undefined;
    let listening = false;
    const connect = async (): Promise<void> => {
      const c = new Client(pool.options);
      current = c;
      c.on('notification', (n) => {
        if (n.channel === MESSAGE_CHANNEL || n.channel === SESSION_CHANNEL || n.channel === BELL_CHANNEL) dispatch(n.payload);
      });
      const reconnect = (err?: unknown) => {
        // A first connection that fails is the subscriber's error; only a lost listener reconnects.
        if (closed || current !== c || !listening) return;
        current = undefined;
        log('warn', 'message listener connection lost; reconnecting', err);
        c.end().catch(() => undefined);
        timer = setTimeout(() => void connect().catch(() => undefined), retry);
        retry = Math.min(retry * 2, 5_000);
      };
      c.on('error', reconnect);
      c.on('end', () => reconnect());
      try {
        await c.connect();
        await c.query(`LISTEN ${MESSAGE_CHANNEL}; LISTEN ${SESSION_CHANNEL}; LISTEN ${BELL_CHANNEL}`);
        const wasLost = listening;
        listening = true;
        retry = 500;
        if (wasLost) for (const r of resumers) r();
      } catch (err) {
        if (listening) reconnect(err);
        else {
          current = undefined;
          await c.end().catch(() => undefined);
          throw err;
        }
      }
    };
    await connect();
    stop = async () => {
      if (timer) clearTimeout(timer);
      const c = current;
      current = undefined;
      await c?.end().catch(() => undefined);
    };
  };

  const start = () => {
    if (client && typeof (client as PgliteClient).listen === 'function') return startPglite(client as PgliteClient);
    return startPg(client as PgPool);
  };

  return {
    async subscribe(listener, resumed) {
      if (closed) throw new Error('live bus closed');
      listeners.add(listener);
      if (resumed) resumers.add(resumed);
      try {
        await (started ??= start().catch((err: unknown) => {
          started = undefined;
          throw err;
        }));
      } catch (err) {
        listeners.delete(listener);
        if (resumed) resumers.delete(resumed);
        log('error', 'message listener failed to start', err);
        throw err;
      }
      return () => {
        listeners.delete(listener);
        if (resumed) resumers.delete(resumed);
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      resumers.clear();
      if (started) await started.catch(() => undefined);
      await stop();
    },
  };
}
