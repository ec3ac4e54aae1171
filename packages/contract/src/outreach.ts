import { z } from 'zod';
import { numeric } from './numbers';
import { envelope, listData, pageQuery } from './envelope';
import type { RouteDef } from './route-def';

export const subscribeBody = z.strictObject({ email: z.email().max(254) });

export const contactBody = z.strictObject({
  name: z.string().trim().min(2).max(100),
  email: z.email().max(254),
  subject: z.string().trim().max(200).optional().default(''),
  message: z.string().trim().min(10).max(5000),
});

export const adminListBody = z.strictObject({
  search: z.string().max(200).optional(),
  perPage: numeric(z.number().int().min(1).max(100)).optional(),
  sortConfig: z.unknown().optional().describe('Accepted for the spec; newest first'),
});

export const subscriber = z.object({ id: z.number().int(), email: z.string(), createdAt: z.string() });
export const contactMessage = z.object({ id: z.number().int(), name: z.string(), email: z.string(), subject: z.string(), message: z.string(), createdAt: z.string() });

export const outreachRoutes = {
  subscribe: {
    method: 'POST', path: '/api/newsletter/subscribe', access: 'public', tags: ['newsletter'], rateLimit: 'form',
    summary: 'Subscribe an email to the newsletter; subscribing again gets the same answer', body: subscribeBody, response: envelope(z.object({})),
  },
  contact: {
    method: 'POST', path: '/api/contact-us/send', access: 'public', tags: ['contact'], rateLimit: 'form',
    summary: 'Send a message to the site team; stored for admins', body: contactBody, response: envelope(z.object({ id: z.number().int() })),
  },
  subscribers: {
    method: 'POST', path: '/api/admin/subscribe/view', access: 'admin', tags: ['newsletter'],
    summary: 'Newsletter subscribers, newest first', query: pageQuery, body: adminListBody, response: envelope(listData(subscriber)),
  },
  contactMessages: {
    method: 'POST', path: '/api/admin/contact/list', access: 'admin', tags: ['contact'],
    summary: 'Messages sent through the contact form, newest first', query: pageQuery, body: adminListBody, response: envelope(listData(contactMessage)),
  },
} satisfies Record<string, RouteDef>;
