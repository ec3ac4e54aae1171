import {
  dashboardRoutes,
  instructorRoutes,
  learnerRoutes,
  learnRoutes,
  participantRoutes,
  type Order,
} from '@nibras/contract';
import type { MemberRole } from '../app/paths';
import { callRoute, requestHeaders, uploadFile, type RequestBody, type ResponseData } from './http';

const memberRoutes = { instructor: instructorRoutes, participant: participantRoutes } as const;

export type LearnCourse = ResponseData<typeof learnRoutes.course>;
export type LearnLecture = LearnCourse['sections'][number]['lectures'][number];
export type ProgressResult = ResponseData<typeof learnRoutes.progress>;
export type ParticipantDashboard = ResponseData<typeof dashboardRoutes.participant>;
export type EnrolledPage = ResponseData<typeof learnerRoutes.enrolledList>;
export type WishlistPage = ResponseData<typeof learnerRoutes.wishlist>;
export type OrderPage = ResponseData<typeof learnerRoutes.orderList>;
export type AdminOrderPage = ResponseData<typeof learnerRoutes.adminOrders>;
export type AdminOrderFilter = RequestBody<typeof learnerRoutes.adminOrders>;
export type CertificateView = ResponseData<typeof learnRoutes.certificate>;
export type ProfileUpdate = RequestBody<typeof participantRoutes.update>;
export type OrderStatus = Order['status'];

export function fetchLearnCourse(courseId: string | number, token: string) {
  return callRoute(learnRoutes.course, { params: { id: courseId }, token });
}

export function reportProgress(body: RequestBody<typeof learnRoutes.progress>, token: string) {
  return callRoute(learnRoutes.progress, { body, token });
}

export function fetchCertificate(code: string) {
  return callRoute(learnRoutes.certificate, { params: { code } });
}

export function certificatePdfUrl(code: string): string {
  return `/api/public/certificate/${encodeURIComponent(code)}/pdf`;
}

export function fetchParticipantDashboard(token: string) {
  return callRoute(dashboardRoutes.participant, { token });
}

export function fetchEnrolledCourses(participantId: string, page: number, token: string) {
  return callRoute(learnerRoutes.enrolledList, { params: { id: participantId }, query: { page }, token });
}

export function fetchWishlist(page: number, token: string) {
  return callRoute(learnerRoutes.wishlist, { query: { page }, token });
}

export function removeFromWishlist(courseId: number, token: string) {
  return callRoute(learnerRoutes.wishlistRemove, { params: { id: courseId }, token });
}

export function fetchOrders(page: number, token: string) {
  return callRoute(learnerRoutes.orderList, { query: { page }, token });
}

export function fetchAdminOrders(page: number, filter: AdminOrderFilter, token: string) {
  return callRoute(learnerRoutes.adminOrders, { query: { page }, body: filter, token });
}

export function confirmOrder(orderId: number, token: string) {
  return callRoute(learnerRoutes.adminConfirmOrder, { body: { order_id: orderId }, token });
}

export function cancelOrder(orderId: number, token: string) {
  return callRoute(learnerRoutes.adminCancelOrder, { body: { order_id: orderId }, token });
}

export function updateProfile(role: MemberRole, body: ProfileUpdate, token: string) {
  return callRoute(memberRoutes[role].update, { body, token });
}

export function changePassword(role: MemberRole, body: RequestBody<typeof participantRoutes.changePassword>, token: string) {
  return callRoute(memberRoutes[role].changePassword, { body, token });
}

export function removeAvatar(role: MemberRole, token: string) {
  return callRoute(memberRoutes[role].removeAvatar, { token });
}

export type Profile = ResponseData<typeof participantRoutes.avatar>;

/** The avatar through the shared multipart upload; `onProgress` receives a rounded whole percentage. */
export async function uploadAvatar(role: MemberRole, file: File, token: string, onProgress: (percent: number) => void): Promise<Profile> {
  return (await uploadFile<Profile>(memberRoutes[role].avatar.path, { file, token, onProgress })).data;
}

/** The last report of a page being hidden or closed: keepalive lets it outlive the page. */
export function reportProgressOnExit(body: RequestBody<typeof learnRoutes.progress>, token: string, language: string): void {
  void fetch(learnRoutes.progress.path, {
    method: 'POST',
    headers: requestHeaders(language, token, true),
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}
