import { orderRoutes, type OrderStatus, type PaymentMethod } from '@nibras/contract';
import { callRoute, type RequestBody, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

export type { OrderStatus };
export type AdminOrderFilter = RequestBody<typeof orderRoutes.adminList>;
export type AdminOrderPage = ResponseData<typeof orderRoutes.adminList>;

export const orderKeys = { all: ['orders'] as const };

export const orderQueries = {
  participant: (page: number) => routeQuery([...orderKeys.all, 'participant', page], orderRoutes.participantList, { query: { page } }),
  instructor: (page: number) => routeQuery([...orderKeys.all, 'instructor', page], orderRoutes.instructorList, { query: { page } }),
  admin: (page: number, filter: AdminOrderFilter) => routeQuery([...orderKeys.all, 'admin', page, filter], orderRoutes.adminList, { query: { page }, body: filter }),
};

/** Orders a course; `method` chooses (or changes, for a pending order) how a paid course is paid; `coupon` prices a new order. */
export function orderCourse(courseId: number, method?: PaymentMethod, coupon?: string) {
  return callRoute(orderRoutes.order, { body: { course_id: courseId, ...(method ? { method } : {}), ...(coupon ? { coupon } : {}) } });
}

/** What ordering costs: before and after a coupon, the VAT, the total (the checkout's confirmation step). */
export function quoteCourse(courseId: number, coupon?: string) {
  return callRoute(orderRoutes.quote, { body: { course_id: courseId, ...(coupon ? { coupon } : {}) } });
}
export type CheckoutQuote = ResponseData<typeof orderRoutes.quote>;
export type OrderAnswer = ResponseData<typeof orderRoutes.order>;

export function confirmOrder(orderId: number) {
  return callRoute(orderRoutes.confirm, { body: { order_id: orderId } });
}

export function refundOrder(orderId: number) {
  return callRoute(orderRoutes.refund, { body: { order_id: orderId } });
}

export function cancelOrder(orderId: number) {
  return callRoute(orderRoutes.cancel, { body: { order_id: orderId } });
}
