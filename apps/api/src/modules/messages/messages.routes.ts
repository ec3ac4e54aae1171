import type { FastifyInstance } from 'fastify';
import { messageRoutes, type Role } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { createLiveStreams } from './live-stream';
import { announce, contacts, history, listThreads, listUserThreads, openThread, sendMessage, unread } from './messages.service';

export function messagesModule(app: FastifyInstance, ctx: AppContext) {
  const live = createLiveStreams(ctx, (level, message, detail) => app.log[level]({ err: detail }, message));
  // Open streams never end by themselves: close them before the server waits for its connections.
  app.addHook('preClose', async () => live.endAll());
  app.addHook('onClose', async () => live.close());

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
    addRoute(app, ctx, stream, async ({ user, request, reply }) => live.open(user, request, reply));
  }
  addRoute(app, ctx, messageRoutes.participantList, async ({ user, query }) => ({ data: await listThreads(ctx, user.id, query.page) }));
  addRoute(app, ctx, messageRoutes.instructorList, async ({ user, query }) => ({ data: await listThreads(ctx, user.id, query.page) }));
  addRoute(app, ctx, messageRoutes.instructorAnnounce, async ({ user, body }) => ({ message: 'api.messages.announced', data: await announce(ctx, sender(user), body) }));
  addRoute(app, ctx, messageRoutes.adminList, async ({ params, query }) => ({ data: await listUserThreads(ctx, params.id, query.page) }));
  addRoute(app, ctx, messageRoutes.adminHistory, async ({ body }) => ({ data: await history(ctx, body) }));
}
