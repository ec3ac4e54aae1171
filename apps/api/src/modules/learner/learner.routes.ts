import type { FastifyInstance } from 'fastify';
import { dashboardRoutes, learnerRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { addToWishlist, listWishlist, removeFromWishlist } from './wishlist';
import { adminOrders, cancelOrder, confirmOrder, instructorOrders, orderCourse, participantOrders } from './orders.service';
import { enrolledList, participantDashboard, recentEnrolled } from './enrollments';
import { rateCourse } from './ratings';

export function learnerModule(app: FastifyInstance, ctx: AppContext) {
  const r = learnerRoutes;
  addRoute(app, ctx, r.wishlistAdd, async ({ user, body }) => ({ message: 'api.wishlist.added', data: await addToWishlist(ctx, user, body.course_id) }));
  addRoute(app, ctx, r.wishlistRemove, async ({ user, params }) => ({ message: 'api.wishlist.removed', data: await removeFromWishlist(ctx, user, params.id) }));
  addRoute(app, ctx, r.wishlist, async ({ user, query }) => ({ data: await listWishlist(ctx, user, query.page) }));
  addRoute(app, ctx, r.order, async ({ user, body }) => {
    const result = await orderCourse(ctx, user, body.course_id);
    return { message: result.enrolled ? 'api.order.enrolled' : 'api.order.pending', data: result };
  });
  addRoute(app, ctx, r.orderList, async ({ user, query }) => ({ data: await participantOrders(ctx, user, query.page) }));
  addRoute(app, ctx, r.enrolledList, async ({ user, params, query }) => ({ data: await enrolledList(ctx, user, params.id, query.page) }));
  addRoute(app, ctx, r.recentEnrolled, async ({ user }) => ({ data: await recentEnrolled(ctx, user) }));
  addRoute(app, ctx, r.instructorOrders, async ({ user, query }) => ({ data: await instructorOrders(ctx, user, query.page) }));
  addRoute(app, ctx, r.adminOrders, async ({ query, body }) => ({ data: await adminOrders(ctx, query.page, body) }));
  addRoute(app, ctx, r.adminConfirmOrder, async ({ user, body }) => ({ message: 'api.order.confirmed', data: await confirmOrder(ctx, user, body.order_id) }));
  addRoute(app, ctx, r.adminCancelOrder, async ({ body }) => ({ message: 'api.order.cancelled', data: await cancelOrder(ctx, body.order_id) }));
  addRoute(app, ctx, dashboardRoutes.participant, async ({ user }) => ({ data: await participantDashboard(ctx, user) }));
  addRoute(app, ctx, r.rate, async ({ user, body }) => ({ message: 'api.rating.saved', data: await rateCourse(ctx, user, body) }));
}
