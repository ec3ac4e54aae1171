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
  confirmSubscription,
  unsubscribe,
  sendNewsletter,
} from './outreach.service';

export function outreachModule(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, outreachRoutes.subscribe, async ({ body, request }) => {
    await subscribe(ctx, request.lang, body.email);
    return { message: 'api.newsletter.subscribed', data: {} };
  });
  addRoute(app, ctx, outreachRoutes.confirmSubscription, async ({ body }) => {
    await confirmSubscription(ctx, body.token);
    return { message: 'api.newsletter.confirmed', data: {} };
  });
  addRoute(app, ctx, outreachRoutes.unsubscribe, async ({ body }) => {
    await unsubscribe(ctx, body.token);
    return { message: 'api.newsletter.unsubscribed', data: {} };
  });
  // Mail readers post the one-click unsubscribe as a form (RFC 8058): parsed for this route only.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    addRoute(scope, ctx, outreachRoutes.oneClickUnsubscribe, async ({ params }) => {
      await unsubscribe(ctx, params.token);
      return { message: 'api.newsletter.unsubscribed', data: {} };
    });
  });
  addRoute(app, ctx, outreachRoutes.sendNewsletter, async ({ body }) => ({ message: 'api.newsletter.sent', data: await sendNewsletter(ctx, body) }));
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
