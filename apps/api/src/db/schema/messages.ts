import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { courses } from './catalog';
import { users } from './users';

/**
 * Messages between two people (spec section 3, "Message"; docs/messages.md). A thread is its first
 * message (parent_id null) and every reply whose parent_id is that first message's id; only the
 * first message's two people read or answer it. reply_from and reply_to are the sender's and the
 * recipient's roles, as the spec names them.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    fromId: integer('from_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    toId: integer('to_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    replyFrom: text('reply_from', { enum: ['admin', 'instructor', 'participant'] }).notNull(),
    replyTo: text('reply_to', { enum: ['admin', 'instructor', 'participant'] }).notNull(),
    msg: text('msg').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => messages.id, { onDelete: 'cascade' }),
    /** The course a thread is about (a participant writing to its instructor, or an announcement). */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** Set on the copy of a course announcement each enrolled participant receives. */
    announcementId: integer('announcement_id').references(() => courseAnnouncements.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_to_unread_idx').on(t.toId, t.readAt),
    index('messages_parent_idx').on(t.parentId),
    index('messages_from_idx').on(t.fromId, t.createdAt),
    index('messages_to_idx').on(t.toId, t.createdAt),
  ],
);

/** An instructor's announcement to everyone enrolled in one of their courses (docs/messages.md). */
export const courseAnnouncements = pgTable(
  'course_announcements',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    instructorId: integer('instructor_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    msg: text('msg').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_announcements_course_idx').on(t.courseId, t.createdAt)],
);
