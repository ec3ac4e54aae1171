import type { FastifyInstance, FastifyReply } from 'fastify';
import { messageRoutes, type Role } from '@nibras/contract';
import { addRoute, type HandlerInput } from '../../plugins/route';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { RequestUser } from '../../plugins/auth';
import { sessionUser } from '../sessions/sessions.service';
import { createLiveBus, type LiveBus, type LiveEvent } from './live';
import { announce, contacts, history, listThreads, listUserThreads, messageConcerns, openThread, sendMessage, unread } from './messages.service';

const HEARTBEAT_MS = 20_000;

/**
 * One open stream of server-sent events for the signed-in user (docs/messages.md). Read with
 * fetch, since it needs the bearer header; every notification is re-checked against the user,
 * and each heartbeat re-checks the session, so a logout or deactivation ends the stream.
 */
function openStream(ctx: AppContext, bus: LiveBus, streams: Set<() => void>, user: RequestUser, input: HandlerInput<typeof messageRoutes.participantStream>): FastifyReply {
  const { request, reply } = input;
  // Only an event-stream reader gets the endless answer; anything else is told how to ask.
  if (!/text\/event-stream/i.test(request.headers.accept ?? '')) throw new AppError('api.messages.stream_accept', 400, { fields: { accept: 'api.messages.stream_accept' } });
  if (request.method === 'HEAD') return reply.type('text/event-stream').header('cache-control', 'no-store').send('');
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
    clearInterval(heartbeat);
    unsubscribe();
    streams.delete(end);
    res.end();
  };
  streams.add(end);
  const heartbeat = setInterval(() => {
    void sessionUser(ctx, { userId: user.id, role: user.role, sessionId: user.sessionId })
      .then((still) => (still ? res.write(': ping\n\n') : end()))
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  request.raw.on('close', end);
  const onEvent = (event: LiveEvent) => {
    if (event.k === 'r') {
      if (event.u === user.id) write('read', { threadId: event.t });
      return;
    }
    if (event.u !== user.id && event.f !== user.id) return;
    void messageConcerns(ctx, event.id ?? 0, user.id)
      .then((found) => found && write('message', found))
      .catch(() => undefined);
  };
  bus
    .subscribe(onEvent)
    .then((off) => {
      unsubscribe = off;
      if (ended) off();
      else write('ready', {});
    })
    .catch(() => end());
  return reply;
}

export function messagesModule(app: FastifyInstance, ctx: AppContext) {
  const bus = createLiveBus(ctx.db, (level, message, detail) => app.log[level]({ err: detail }, message));
  const streams = new Set<() => void>();
  // Open streams never end by themselves: close them before the server waits for its connections.
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
  app.addHook('onClose', async () => bus.close());

  const sender = (user: RequestUser) => ({ id: user.id, role: user.role as Role });

  for (const r of ['participant', 'instructor', 'admin'] as const) {
    const send = r === 'participant' ? messageRoutes.participantSend : r === 'instructor' ? messageRoutes.instructorSend : messageRoutes.adminSend;
    addRoute(app, ctx, send, async ({ user, body }) => ({ message: 'api.messages.sent', data: await sendMessage(ctx, sender(user), body) }));
    const thread = r === 'participant' ? messageRoutes.participantThread : r === 'instructor' ? messageRoutes.instructorThread : messageRoutes.adminThread;
    addRoute(app, ctx, thread, async ({ user, params, query }) => ({ data: await openThread(ctx, sender(user), params.id, query.page) }));
    const unreadDef = r === 'participant' ? messageRoutes.participantUnread : r === 'instructor' ? messageRoutes.instructorUnread : messageRoutes.adminUnread;
    addRoute(app, ctx, unreadDef, async ({ user }) => ({ data: await unread(ctx, user.id) }));
    const contactsDef = r === 'participant' ? messageRoutes.participantContacts : r === 'instructor' ? messageRoutes.instructorContacts : messageRoutes.adminContacts;
    addRoute(app, ctx, contactsDef, async ({ user, query }) => ({ data: await contacts(ctx, sender(user), query.search) }));
    const stream = r === 'participant' ? messageRoutes.participantStream : r === 'instructor' ? messageRoutes.instructorStream : messageRoutes.adminStream;
    addRoute(app, ctx, stream, async (input) => openStream(ctx, bus, streams, input.user!, input));
  }
  addRoute(app, ctx, messageRoutes.participantList, async ({ user, query }) => ({ data: await listThreads(ctx, user.id, query.page) }));
  addRoute(app, ctx, messageRoutes.instructorList, async ({ user, query }) => ({ data: await listThreads(ctx, user.id, query.page) }));
  addRoute(app, ctx, messageRoutes.instructorAnnounce, async ({ user, body }) => ({ message: 'api.messages.announced', data: await announce(ctx, sender(user), body) }));
  addRoute(app, ctx, messageRoutes.adminList, async ({ params, query }) => ({ data: await listUserThreads(ctx, params.id, query.page) }));
  addRoute(app, ctx, messageRoutes.adminHistory, async ({ body }) => ({ data: await history(ctx, body) }));
}
