import {
  instructorRoutes,
  certificateRoutes,
  learningRoutes,
  orderRoutes,
  wishlistRoutes,
  participantRoutes,
  type Order,
} from '@nibras/contract';
import type { MemberRole } from '../app/paths';
import { buildUrl, callRoute, requestHeaders, uploadFile, type RequestBody, type ResponseData } from './http';

const memberRoutes = { instructor: instructorRoutes, participant: participantRoutes } as const;

export type LearnCourse = ResponseData<typeof learningRoutes.course>;
export type LearnLecture = LearnCourse['sections'][number]['lectures'][number];
export type ProgressResult = ResponseData<typeof learningRoutes.progress>;
export type ParticipantDashboard = ResponseData<typeof learningRoutes.dashboard>;
export type EnrolledPage = ResponseData<typeof learningRoutes.enrolledList>;
export type WishlistPage = ResponseData<typeof wishlistRoutes.list>;
export type OrderPage = ResponseData<typeof orderRoutes.participantList>;
export type AdminOrderPage = ResponseData<typeof orderRoutes.adminList>;
export type AdminOrderFilter = RequestBody<typeof orderRoutes.adminList>;
export type CertificateView = ResponseData<typeof certificateRoutes.verify>;
export type ProfileUpdate = RequestBody<typeof participantRoutes.update>;
export type OrderStatus = Order['status'];

export function fetchLearnCourse(courseId: string | number, token: string) {
  return callRoute(learningRoutes.course, { params: { id: courseId }, token });
}

export function reportProgress(body: RequestBody<typeof learningRoutes.progress>, token: string) {
  return callRoute(learningRoutes.progress, { body, token });
}

export function fetchCertificate(code: string) {
  return callRoute(certificateRoutes.verify, { params: { code } });
}

export function certificatePdfUrl(code: string): string {
  return buildUrl(certificateRoutes.pdf.path, { code });
}

export function fetchParticipantDashboard(token: string) {
  return callRoute(learningRoutes.dashboard, { token });
}

export function fetchEnrolledCourses(participantId: string, page: number, token: string) {
  return callRoute(learningRoutes.enrolledList, { params: { id: participantId }, query: { page }, token });
}

export function fetchWishlist(page: number, token: string) {
  return callRoute(wishlistRoutes.list, { query: { page }, token });
}

export function removeFromWishlist(courseId: number, token: string) {
  return callRoute(wishlistRoutes.remove, { params: { id: courseId }, token });
}

export function fetchOrders(page: number, token: string) {
  return callRoute(orderRoutes.participantList, { query: { page }, token });
}

export function fetchAdminOrders(page: number, filter: AdminOrderFilter, token: string) {
  return callRoute(orderRoutes.adminList, { query: { page }, body: filter, token });
}

export function confirmOrder(orderId: number, token: string) {
  return callRoute(orderRoutes.confirm, { body: { order_id: orderId }, token });
}

export function cancelOrder(orderId: number, token: string) {
  return callRoute(orderRoutes.cancel, { body: { order_id: orderId }, token });
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
export function reportProgressOnExit(body: RequestBody<typeof learningRoutes.progress>, token: string, language: string): void {
  void fetch(learningRoutes.progress.path, {
    method: 'POST',
    headers: requestHeaders(language, token, true),
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}
