import { z } from 'zod';
import { envelope, idParam, listData, pageQuery } from './envelope';
import { ROLES, type Role, type RouteDef } from './route-def';

/**
 * The header's notifications, the bell (docs/notifications.md). The browser draws each one's words from its kind
 * and params (`notifications.kind.<kind>` in the reader's language) and opens its link.
 */
export const BELL_KINDS = [
  'message',
  'answer',
  'announcement',
  'section_opened',
  'assessment_checked',
  'assignment_graded',
  'order_paid',
  'order_refunded',
  'course_reviewed',
  'review_hidden',
] as const;
export type BellKind = (typeof BELL_KINDS)[number];

/** The kinds each role receives, as the profile's switches list them. */
export const BELL_BY_ROLE: Record<Role, readonly BellKind[]> = {
  participant: ['message', 'answer', 'announcement', 'section_opened', 'assessment_checked', 'assignment_graded', 'order_paid', 'order_refunded', 'review_hidden'],
  instructor: ['message', 'answer', 'course_reviewed'],
  admin: ['message'],
};

export const bellOptOuts = z
  .array(z.enum(BELL_KINDS))
  .max(BELL_KINDS.length * 2)
  .describe('Kinds of the header\'s notifications turned off (docs/notifications.md); kinds another role receives are ignored');

export const notification = z.object({
  id: z.number().int(),
  kind: z.enum(BELL_KINDS),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).describe('The values its words need: names, titles, outcomes'),
  link: z.string().describe('The web app\'s path it opens'),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

export const notificationList = listData(notification).extend({ unread: z.number().int() });
export const notificationUnread = z.object({ unread: z.number().int() });

function bellRoutes<R extends Role>(r: R) {
  const tags = ['notifications'];
  return {
    list: {
      method: 'GET' as const, path: `/api/${r}/notifications`, access: r, tags, query: pageQuery,
      summary: "The signed-in user's notifications, newest first, 20 a page, with the unread count", response: envelope(notificationList),
    },
    unread: {
      method: 'GET' as const, path: `/api/${r}/notifications/unread-count`, access: r, tags,
      summary: 'How many notifications of the signed-in user are unread (the live stream says `notification` when one arrives)', response: envelope(notificationUnread),
    },
    read: {
      method: 'POST' as const, path: `/api/${r}/notifications/:id/read`, access: r, tags, errors: [404] as const, params: idParam,
      summary: 'Mark one of your notifications read', response: envelope(notificationUnread),
    },
    readAll: {
      method: 'POST' as const, path: `/api/${r}/notifications/read-all`, access: r, tags, errors: [400] as const,
      summary: 'Mark all your notifications read (no body: one is a 400)', response: envelope(notificationUnread),
    },
  } satisfies Record<string, RouteDef>;
}

export const notificationRoutes = Object.fromEntries(ROLES.map((r) => [r, bellRoutes(r)])) as { [R in Role]: ReturnType<typeof bellRoutes<R>> };
