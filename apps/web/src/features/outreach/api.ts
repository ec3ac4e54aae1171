import { outreachRoutes } from '@nibras/contract';
import { callRoute, type RequestBody } from '../../lib/http';

export function subscribeNewsletter(body: RequestBody<typeof outreachRoutes.subscribe>) {
  return callRoute(outreachRoutes.subscribe, { body });
}

export function sendContactMessage(body: RequestBody<typeof outreachRoutes.contact>) {
  return callRoute(outreachRoutes.contact, { body });
}
