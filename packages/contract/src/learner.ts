import { z } from 'zod';
import { courseCard, paymentInstructions, ratingSummary, review } from './catalog';
import { envelope, idParam, listData, pageQuery } from './envelope';
import type { RouteDef } from './routes';

const courseIdBody = z.strictObject({ course_id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const wishlistItem = courseCard.extend({ addedAt: z.string() });
export const wishlistState = z.object({ courseId: z.number().int(), wishlisted: z.boolean() });

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export const order = z.object({
  id: z.number().int(),
  course: z.object({ id: z.number().int(), title: z.string() }),
  participant: z.object({ id: z.number().int(), name: z.string() }),
  amount: z.number(),
  provider: z.enum(['free', 'bank_transfer']),
  status: z.enum(ORDER_STATUSES),
  reference: z.string().describe('Quote it with a bank transfer'),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Order = z.infer<typeof order>;

export const orderResult = z.object({
  order,
  enrolled: z.boolean().describe('True at once for a free course'),
  payment: paymentInstructions.nullable().describe('How to pay a pending order'),
});

export const progressSummary = z.object({ percent: z.number().int(), completedLectures: z.number().int(), totalLectures: z.number().int() });
export const enrolledCourse = courseCard.extend({ enrolledAt: z.string(), completedAt: z.string().nullable(), progress: progressSummary });

export const ratingBody = z.strictObject({
  course_id: z.coerce.number().int().min(1).max(2_147_483_647),
  rating: z.coerce.number().int().min(1).max(5),
  rating_message: z.string().max(2000).optional().default(''),
});
export const ratingResult = z.object({ review, courseRating: ratingSummary });

export const adminOrderListBody = z.strictObject({
  status: z.enum(ORDER_STATUSES).optional(),
  search: z.string().max(200).optional(),
  perPage: z.coerce.number().int().min(1).max(100).optional(),
  sortConfig: z.unknown().optional().describe('Accepted for the spec; orders are listed newest first'),
});
export const adminOrder = order.extend({ participantEmail: z.string() });
const orderIdBody = z.strictObject({ order_id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const learnerRoutes = {
  wishlistAdd: {
    method: 'POST', path: '/api/participant/wishlist/add', access: 'participant', tags: ['wishlist'],
    summary: 'Add a public course to the wishlist (adding twice is fine)', body: courseIdBody, response: envelope(wishlistState),
  },
  wishlistRemove: {
    method: 'GET', path: '/api/participant/wishlist/delete/:id', access: 'participant', tags: ['wishlist'],
    summary: 'Remove a course from the wishlist (GET, as the spec deletes)', params: idParam, response: envelope(wishlistState),
  },
  wishlist: {
    method: 'GET', path: '/api/participant/wishlist', access: 'participant', tags: ['wishlist'],
    summary: 'The wishlist, newest first', query: pageQuery, response: envelope(listData(wishlistItem)),
  },
  order: {
    method: 'POST', path: '/api/participant/enrollcourse/order', access: 'participant', tags: ['orders'],
    summary: 'Order a course: a free course enrolls at once; a paid one creates a pending bank-transfer order. 409 when ordered before or when it is your own course.',
    body: courseIdBody, response: envelope(orderResult),
  },
  orderList: {
    method: 'GET', path: '/api/participant/enrollcourse/order/list', access: 'participant', tags: ['orders'],
    summary: "The participant's orders, newest first", query: pageQuery, response: envelope(listData(order)),
  },
  enrolledList: {
    method: 'GET', path: '/api/participant/enrollcourse/list/:id', access: 'participant', tags: ['enrolments'],
    summary: "Courses the participant is enrolled in, with progress; the id must be the caller's own (403 otherwise)",
    params: idParam, query: pageQuery, response: envelope(listData(enrolledCourse)),
  },
  recentEnrolled: {
    method: 'GET', path: '/api/participant/recent/enroll/course/list', access: 'participant', tags: ['enrolments'],
    summary: 'The five most recent enrolments', response: envelope(z.array(enrolledCourse)),
  },
  instructorOrders: {
    method: 'GET', path: '/api/instructor/enrollcourse/order/list', access: 'instructor', tags: ['orders'],
    summary: "Orders of the instructor's own courses, newest first", query: pageQuery, response: envelope(listData(order)),
  },
  adminOrders: {
    method: 'POST', path: '/api/admin/order/list', access: 'admin', tags: ['orders'],
    summary: 'All orders, filterable by status and by course title or participant', query: pageQuery, body: adminOrderListBody,
    response: envelope(listData(adminOrder)),
  },
  adminConfirmOrder: {
    method: 'POST', path: '/api/admin/order/confirm', access: 'admin', tags: ['orders'],
    summary: 'Confirm that a bank transfer arrived: the order is paid and the participant enrolled', body: orderIdBody, response: envelope(adminOrder),
  },
  adminCancelOrder: {
    method: 'POST', path: '/api/admin/order/cancel', access: 'admin', tags: ['orders'],
    summary: 'Cancel a pending order (the participant may order again)', body: orderIdBody, response: envelope(adminOrder),
  },
  rate: {
    method: 'POST', path: '/api/participant/rating/add', access: 'participant', tags: ['ratings'],
    summary: 'Rate a course you are enrolled in, 1 to 5; a second call updates your rating', body: ratingBody, response: envelope(ratingResult),
  },
} satisfies Record<string, RouteDef>;

export const participantDashboard = z.object({
  enrolledCount: z.number().int(),
  completedCount: z.number().int(),
  inProgress: z.array(enrolledCourse).describe('Started or not, not yet complete; most recently studied first'),
  recent: z.array(enrolledCourse),
  certificates: z.array(z.object({ code: z.string(), url: z.string(), courseId: z.number().int(), courseTitle: z.string(), issuedAt: z.string() })),
});

export const dashboardRoutes = {
  participant: {
    method: 'GET', path: '/api/participant/dashboard', access: 'participant', tags: ['enrolments'],
    summary: 'Everything the participant dashboard shows, in one call', response: envelope(participantDashboard),
  },
} satisfies Record<string, RouteDef>;
