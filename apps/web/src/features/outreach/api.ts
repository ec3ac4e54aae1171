import { outreachRoutes, SUBSCRIBER_EXPORTS } from '@nibras/contract';
import { queryOptions } from '@tanstack/react-query';
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

export const newsletterQueries = {
  /** The mailed confirmation link, confirmed once as its page opens: kept for good, never retried (the link is used up). */
  confirm: (token: string) =>
    queryOptions({
      queryKey: [...outreachKeys.all, 'newsletter-confirm', token],
      queryFn: () => callRoute(outreachRoutes.confirmSubscription, { body: { token } }),
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
    }),
};

export function unsubscribeNewsletter(token: string) {
  return callRoute(outreachRoutes.unsubscribe, { body: { token } });
}

export function sendNewsletter(body: RequestBody<typeof outreachRoutes.sendNewsletter>) {
  return callRoute(outreachRoutes.sendNewsletter, { body });
}

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
