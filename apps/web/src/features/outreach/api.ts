import { outreachRoutes, SUBSCRIBER_EXPORTS } from '@nibras/contract';
import { callRoute, fetchFile, type RequestBody, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

export type AdminListBody = RequestBody<typeof outreachRoutes.subscribers>;
export type Subscriber = ResponseData<typeof outreachRoutes.subscribers>['items'][number];
export type ContactMessage = ResponseData<typeof outreachRoutes.contactMessages>['items'][number];

export const outreachKeys = {
  all: ['outreach'] as const,
  subscribers: ['outreach', 'subscribers'] as const,
  contactMessages: ['outreach', 'contact-messages'] as const,
};

export const outreachQueries = {
  subscribers: (page: number, body: AdminListBody) => routeQuery([...outreachKeys.subscribers, page, body], outreachRoutes.subscribers, { query: { page }, body }),
  contactMessages: (page: number, body: AdminListBody) => routeQuery([...outreachKeys.contactMessages, page, body], outreachRoutes.contactMessages, { query: { page }, body }),
};

export function subscribeNewsletter(body: RequestBody<typeof outreachRoutes.subscribe>) {
  return callRoute(outreachRoutes.subscribe, { body });
}

export function sendContactMessage(body: RequestBody<typeof outreachRoutes.contact>) {
  return callRoute(outreachRoutes.contact, { body });
}

export function removeSubscriber(id: number) {
  return callRoute(outreachRoutes.deleteSubscriber, { params: { id } });
}

/** Every subscriber as CSV (export 1, the only one). */
export function downloadSubscribers() {
  return fetchFile(outreachRoutes.downloadSubscribers, { params: { id: SUBSCRIBER_EXPORTS.all } });
}

export function markContactMessage(id: number, read: boolean) {
  return callRoute(outreachRoutes.readContactMessage, { params: { id }, body: { read } });
}

export function removeContactMessage(id: number) {
  return callRoute(outreachRoutes.deleteContactMessage, { params: { id } });
}
