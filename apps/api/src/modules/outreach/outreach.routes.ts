import type { FastifyInstance } from 'fastify';
import { outreachRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { listContactMessages, listSubscribers, sendContactMessage, subscribe } from './outreach.service';

export function outreachModule(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, outreachRoutes.subscribe, async ({ body }) => {
    await subscribe(ctx, body.email);
    return { message: 'api.newsletter.subscribed', data: {} };
  });
  addRoute(app, ctx, outreachRoutes.contact, async ({ body }) => ({ message: 'api.contact.sent', data: await sendContactMessage(ctx, body) }));
  addRoute(app, ctx, outreachRoutes.subscribers, async ({ query, body }) => ({ data: await listSubscribers(ctx, query.page, body) }));
  addRoute(app, ctx, outreachRoutes.contactMessages, async ({ query, body }) => ({ data: await listContactMessages(ctx, query.page, body) }));
}
