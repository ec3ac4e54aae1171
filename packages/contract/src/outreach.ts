import { z } from 'zod';
import { numeric } from './numbers';
import { envelope, idParam, listData, pageQuery } from './envelope';
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
export const contactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** null until an admin marks it read. */
  readAt: z.string().nullable(),
});

export type ContactMessage = z.infer<typeof contactMessage>;

/** GET /api/admin/download/status/{id}: which subscribers the CSV holds. Only 1 (every subscriber) exists. */
export const SUBSCRIBER_EXPORTS = { all: 1 } as const;

export const contactReadBody = z.strictObject({ read: z.boolean().default(true).describe('false marks it unread again') });

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
  deleteSubscriber: {
    method: 'GET', path: '/api/admin/subscribe/delete/:id', access: 'admin', errors: [404], tags: ['newsletter'],
    summary: 'Remove a subscriber from the newsletter', params: idParam, response: envelope(z.object({})),
  },
  downloadSubscribers: {
    method: 'GET', path: '/api/admin/download/status/:id', access: 'admin', errors: [404], tags: ['newsletter'],
    summary: 'The subscribers as CSV (UTF-8 with a byte order mark; cells that a spreadsheet would run as a formula are prefixed with \'). id 1: every subscriber; any other id: 404',
    params: idParam, file: { types: ['text/csv'], ranges: false },
  },
  readContactMessage: {
    method: 'POST', path: '/api/admin/contact/read/:id', access: 'admin', errors: [404], tags: ['contact'],
    summary: 'Mark a contact message read (or unread)', params: idParam, body: contactReadBody, response: envelope(contactMessage),
  },
  deleteContactMessage: {
    method: 'GET', path: '/api/admin/contact/delete/:id', access: 'admin', errors: [404], tags: ['contact'],
    summary: 'Delete a contact message', params: idParam, response: envelope(z.object({})),
  },
} satisfies Record<string, RouteDef>;
