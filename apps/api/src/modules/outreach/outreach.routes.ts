import type { FastifyInstance } from 'fastify';
import { outreachRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import { translate } from '../../lib/i18n';
import type { AppContext } from '../../context';
import {
  listContactMessages,
  listSubscribers,
  markContactMessage,
  removeContactMessage,
  removeSubscriber,
  sendContactMessage,
  subscribe,
  subscribersCsv,
} from './outreach.service';

export function outreachModule(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, outreachRoutes.subscribe, async ({ body }) => {
    await subscribe(ctx, body.email);
    return { message: 'api.newsletter.subscribed', data: {} };
  });
  addRoute(app, ctx, outreachRoutes.contact, async ({ body }) => ({ message: 'api.contact.sent', data: await sendContactMessage(ctx, body) }));
  addRoute(app, ctx, outreachRoutes.subscribers, async ({ query, body }) => ({ data: await listSubscribers(ctx, query.page, body) }));
  addRoute(app, ctx, outreachRoutes.contactMessages, async ({ query, body }) => ({ data: await listContactMessages(ctx, query.page, body) }));
  addRoute(app, ctx, outreachRoutes.deleteSubscriber, async ({ params }) => {
    await removeSubscriber(ctx, params.id);
    return { message: 'api.subscribers.removed', data: {} };
  });
  addRoute(app, ctx, outreachRoutes.downloadSubscribers, async ({ params, request, reply }) => {
    const header = (['id', 'email', 'subscribed_at'] as const).map((k) => translate(request.lang, `api.subscribers.csv.${k}`)) as [string, string, string];
    const csv = await subscribersCsv(ctx, params.id, header);
    return reply
      .headers({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="nibras-subscribers.csv"',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      })
      .send(csv);
  });
  addRoute(app, ctx, outreachRoutes.readContactMessage, async ({ params, body }) => ({
    message: body.read ? 'api.subscribers.message_read' : 'api.subscribers.message_unread',
    data: await markContactMessage(ctx, params.id, body.read),
  }));
  addRoute(app, ctx, outreachRoutes.deleteContactMessage, async ({ params }) => {
    await removeContactMessage(ctx, params.id);
    return { message: 'api.subscribers.message_removed', data: {} };
  });
}
