import { outreachRoutes } from '@nibras/contract';
import { callRoute, type RequestBody } from './http';

export async function subscribeNewsletter(email: string) {
  return callRoute(outreachRoutes.subscribe, { body: { email } });
}

export async function sendContactMessage(body: RequestBody<typeof outreachRoutes.contact>) {
  return callRoute(outreachRoutes.contact, { body });
}
