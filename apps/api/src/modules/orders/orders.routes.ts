import type { FastifyInstance } from 'fastify';
import { orderRoutes, paymentRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { receiveWebhook, refundOrder, returnFromGateway } from './payments.service';
import { adminOrders, checkoutQuote, cancelOrder, confirmOrder, instructorOrders, orderCourse, participantOrders } from './orders.service';

export function ordersModule(app: FastifyInstance, ctx: AppContext) {
  const r = orderRoutes;
  addRoute(app, ctx, r.order, async ({ user, body }) => {
    const result = await orderCourse(ctx, user, body.course_id, body.method, body.coupon);
    return { message: result.enrolled ? 'api.order.enrolled' : result.payment?.provider === 'card' ? 'api.order.card_pending' : 'api.order.pending', data: result };
  });
  addRoute(app, ctx, r.quote, async ({ user, body }) => ({ data: await checkoutQuote(ctx, user, body.course_id, body.coupon) }));
  // The card gateway's side (docs/payments.md): the payer coming back, and the gateway's webhook.
  addRoute(app, ctx, paymentRoutes.moyasarReturn, async ({ query, reply }) => {
    const location = await returnFromGateway(ctx, query.order);
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
  });
  addRoute(app, ctx, paymentRoutes.moyasarWebhook, async ({ body }) => ({ data: { outcome: await receiveWebhook(ctx, body) } }));
  addRoute(app, ctx, r.participantList, async ({ user, query }) => ({ data: await participantOrders(ctx, user, query.page) }));
  addRoute(app, ctx, r.instructorList, async ({ user, query }) => ({ data: await instructorOrders(ctx, user, query.page) }));
  addRoute(app, ctx, r.adminList, async ({ query, body }) => ({ data: await adminOrders(ctx, query.page, body) }));
  addRoute(app, ctx, r.confirm, async ({ user, body }) => ({ message: 'api.order.confirmed', data: await confirmOrder(ctx, user, body.order_id) }));
  addRoute(app, ctx, r.refund, async ({ user, body }) => ({ message: 'api.order.refunded', data: await refundOrder(ctx, user, body.order_id) }));
  addRoute(app, ctx, r.cancel, async ({ body }) => ({ message: 'api.order.cancelled', data: await cancelOrder(ctx, body.order_id) }));
}
