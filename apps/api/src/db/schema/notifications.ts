import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What the header's bell lists (docs/notifications.md): one row per recipient, its words drawn by the browser
 * from `kind` and `params` in the reader's language, `link` the page it opens. A message or an answer left
 * unread for NOTIFY_DIGEST_MINUTES goes out in one digest mail (`mailed_at`).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number | boolean>>().notNull().default({}),
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    // A user's bell, newest first, and its unread count.
    index('notifications_user_created_idx').on(t.userId, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // The digest's sweep: messages and answers still unread and not mailed, oldest first.
    index('notifications_digest_idx').on(t.createdAt).where(sql`${t.readAt} is null and ${t.mailedAt} is null and ${t.kind} in ('message', 'answer')`),
  ],
);
