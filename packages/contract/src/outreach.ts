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

export const subscriber = z.object({
  id: z.number().int(),
  email: z.string(),
  createdAt: z.string(),
  /** false: waiting for the address to confirm through the mailed link (double opt-in); it gets no newsletter until then. */
  confirmed: z.boolean(),
});

/** The token of a mailed newsletter link: /newsletter/confirm/{token} or /newsletter/unsubscribe/{token}. */
export const newsletterTokenBody = z.strictObject({ token: z.string().min(1).max(200).describe('The token of the mailed link') });

/** What a mail reader posts to a List-Unsubscribe address (RFC 8058), form-encoded. */
export const oneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click') }).describe('The form field RFC 8058 requires');

/** A newsletter in both languages: each confirmed subscriber gets the one of their language. */
export const newsletterBody = z
  .strictObject({
    subject_ar: z.string().trim().min(2).max(200),
    body_ar: z.string().trim().min(10).max(20_000).describe('Plain text; blank lines separate paragraphs'),
    subject_en: z.string().trim().min(2).max(200),
    body_en: z.string().trim().min(10).max(20_000).describe('Plain text; blank lines separate paragraphs'),
  })
  .describe('A newsletter: subject and text in Arabic and in English');

export const newsletterQueued = z.object({ queued: z.number().int().describe('Mails queued: one per confirmed subscriber') });
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
    summary: 'Subscribe an email to the newsletter: mails a confirmation link (double opt-in) in the request\'s language; an unconfirmed address gets it again (at most 3 an hour). Same answer whether or not the address is known',
    body: subscribeBody, response: envelope(z.object({})),
  },
  confirmSubscription: {
    method: 'POST', path: '/api/newsletter/confirm', access: 'public', tags: ['newsletter'], rateLimit: 'form',
    summary: 'Confirm a subscription with the mailed link\'s token; an unknown or used token is a 400 on `token`', body: newsletterTokenBody, response: envelope(z.object({})),
  },
  unsubscribe: {
    method: 'POST', path: '/api/newsletter/unsubscribe', access: 'public', tags: ['newsletter'], rateLimit: 'form',
    summary: 'Remove a subscription with the token of the unsubscribe link in every newsletter mail (no sign-in); an unknown token is a 400 on `token`',
    body: newsletterTokenBody, response: envelope(z.object({})),
  },
  oneClickUnsubscribe: {
    method: 'POST', path: '/api/newsletter/unsubscribe/:token', access: 'public', tags: ['newsletter'], rateLimit: 'form',
    summary: 'One-click unsubscribe (RFC 8058): the List-Unsubscribe address of every newsletter mail, posted by the mail reader as a form (`List-Unsubscribe=One-Click`); an unknown token is a 400 on `token`',
    params: newsletterTokenBody, body: oneClickBody, response: envelope(z.object({})),
  },
  sendNewsletter: {
    method: 'POST', path: '/api/admin/newsletter/send', access: 'admin', tags: ['newsletter'],
    summary: 'Queue a newsletter to every confirmed subscriber, in their language, each with its own unsubscribe link', body: newsletterBody, response: envelope(newsletterQueued),
  },
  contact: {
    method: 'POST', path: '/api/contact-us/send', access: 'public', tags: ['contact'], rateLimit: 'form',
    summary: 'Send a message to the site team; stored for admins', body: contactBody, response: envelope(z.object({ id: z.number().int() })),
  },
  subscribers: {
    method: 'POST', path: '/api/admin/subscribe/view', access: 'admin', tags: ['newsletter'],
    summary: 'Newsletter subscribers, newest first; unconfirmed ones (confirmed: false) are listed too', query: pageQuery, body: adminListBody, response: envelope(listData(subscriber)),
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
    summary: 'The confirmed subscribers as CSV (UTF-8 with a byte order mark; cells that a spreadsheet would run as a formula are prefixed with \'). id 1: every confirmed subscriber; any other id: 404',
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
