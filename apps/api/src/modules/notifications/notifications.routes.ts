import type { FastifyInstance } from 'fastify';
import { notificationRoutes, ROLES } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { listFor, readAll, readOne, startDigests, unreadFor } from './notifications.service';

export function notificationsModule(app: FastifyInstance, ctx: AppContext) {
  for (const role of ROLES) {
    const r = notificationRoutes[role];
    addRoute(app, ctx, r.list, async ({ user, query }) => ({ data: await listFor(ctx, user, query.page) }));
    addRoute(app, ctx, r.unread, async ({ user }) => ({ data: await unreadFor(ctx, user) }));
    addRoute(app, ctx, r.read, async ({ user, params }) => ({ data: await readOne(ctx, user, params.id) }));
    addRoute(app, ctx, r.readAll, async ({ user }) => ({ data: await readAll(ctx, user) }));
  }
  // The digest mails' sweep (docs/notifications.md); tests call sendDigests with a clock of their own.
  if (ctx.config.env !== 'test') {
    const digests = startDigests(ctx, (error) => app.log.warn({ err: error }, 'the notification digest failed; retried at the next minute'));
    app.addHook('onReady', async () => digests.start());
    app.addHook('onClose', async () => digests.stop());
  }
}
