import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { RequestUser } from '../../plugins/auth';
import { sessionUser } from '../sessions/sessions.service';
import { createLiveBus, type LiveEvent } from './live';
import { messageConcerns } from './messages.service';

const HEARTBEAT_MS = 20_000;
/**
 * Open streams one user may hold on one API process: a tab each, on a few devices. Any more is a 429:
 * each stream holds a connection and a listener, and one token once opened 800.
 */
export const STREAMS_PER_USER = 10;
const STREAMS_RETRY_AFTER_S = 30;

type Log = (level: 'warn' | 'error', message: string, detail?: unknown) => void;

/** The live event streams of one app: its listener on the database (live.ts) and the streams open on it. */
export interface LiveStreams {
  /** One open stream for the signed-in user, answered on the route's reply. */
  open(user: RequestUser, request: FastifyRequest, reply: FastifyReply): FastifyReply;
  /** Ends every open stream: they never end by themselves, so before the server waits for its connections. */
  endAll(): void;
  /** Stops listening, when the server closes. */
  close(): Promise<void>;
}

export function createLiveStreams(ctx: AppContext, log: Log): LiveStreams {
  const bus = createLiveBus(ctx.db, log);
  const streams = new Set<() => void>();
  const openPerUser = new Map<number, number>();

  /**
   * One open stream of server-sent events for the signed-in user (docs/messages.md). Read with
   * fetch, since it needs the bearer header; every notification is re-checked against the user;
   * a session of the user ending (SESSION_CHANNEL) and each heartbeat re-check the session, so a
   * logout or a deactivation ends the stream at once.
   */
  function open(user: RequestUser, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    // Only an event-stream reader gets the endless answer; anything else is told how to ask.
    if (!/text\/event-stream/i.test(request.headers.accept ?? '')) throw new AppError('api.messages.stream_accept', 400, { fields: { accept: 'api.messages.stream_accept' } });
    if (request.method === 'HEAD') return reply.type('text/event-stream').header('cache-control', 'no-store').send('');
    const held = openPerUser.get(user.id) ?? 0;
    if (held >= STREAMS_PER_USER) throw new AppError('api.messages.too_many_streams', 429, { headers: { 'retry-after': String(STREAMS_RETRY_AFTER_S) } });
    openPerUser.set(user.id, held + 1);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write('retry: 3000\n\n');
    let ended = false;
    let unsubscribe: () => void = () => undefined;
    const write = (event: string, data: object) => {
      if (!ended) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const end = () => {
      if (ended) return;
      ended = true;
      const left = (openPerUser.get(user.id) ?? 1) - 1;
      if (left > 0) openPerUser.set(user.id, left);
      else openPerUser.delete(user.id);
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(end);
      res.end();
    };
    streams.add(end);
    /** Ends the stream when its session no longer counts; `ping` writes the heartbeat's comment when it does. */
    const checkSession = (ping: boolean) =>
      void sessionUser(ctx, { userId: user.id, role: user.role, sessionId: user.sessionId })
        .then((still) => (!still ? end() : ping && !ended ? res.write(': ping\n\n') : undefined))
        .catch(() => undefined);
    const heartbeat = setInterval(() => checkSession(true), HEARTBEAT_MS);
    request.raw.on('close', end);
    const onEvent = (event: LiveEvent) => {
      // A session of this user ended (a logout, a deactivation, a password change): is it this one?
      if (event.k === 's') {
        if (event.u === user.id) checkSession(false);
        return;
      }
      if (event.k === 'r') {
        if (event.u === user.id) write('read', { threadId: event.t });
        return;
      }
      // A notification for this user (docs/notifications.md): the bell refetches its count and list.
      if (event.k === 'n') {
        if (event.u === user.id) write('notification', { id: event.id ?? 0 });
        return;
      }
      if (event.u !== user.id && event.f !== user.id) return;
      void messageConcerns(ctx, event.id ?? 0, user.id)
        .then((found) => found && write('message', found))
        .catch(() => undefined);
    };
    bus
      // After the listener's connection was lost and is back, `ready` again: the reader refetches what it may have missed.
      .subscribe(onEvent, () => write('ready', {}))
      .then((off) => {
        unsubscribe = off;
        if (ended) off();
        else write('ready', {});
      })
      .catch(() => end());
    return reply;
  }

  return {
    open,
    endAll() {
      for (const end of [...streams]) end();
    },
    close: () => bus.close(),
  };
}
