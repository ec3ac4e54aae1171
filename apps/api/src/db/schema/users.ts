import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    role: text('role', { enum: ['admin', 'instructor', 'participant'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    bio: text('bio').notNull().default(''),
    headline: text('headline').notNull().default(''),
    phone: text('phone').notNull().default(''),
    avatar: text('avatar'),
    /** Name and email normalised for the admin lists' search (lib/search-text.ts), as courses' searchText. */
    searchText: text('search_text').notNull().default(''),
    /**
     * Set when an admin deletes a user who has data that must stay (courses, orders, submissions,
     * messages): they can no longer sign in, and an admin can reactivate them (docs/admin-users.md).
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** The language mail is written in: the one the user last signed up, signed in or saved the profile in. */
    lang: text('lang', { enum: ['ar', 'en'] }).notNull().default('ar'),
    /** The Google account's subject (OpenID Connect `sub`) linked to this account, when signed in with Google. */
    googleSubject: text('google_subject'),
    /** Notification mail kinds the user turned off in the profile (docs/mail.md); every other kind is sent. */
    mailOptOuts: jsonb('mail_opt_outs').$type<string[]>().notNull().default([]),
    /** Kinds of the header's notifications (the bell) the user turned off in the profile (docs/notifications.md). */
    bellOptOuts: jsonb('bell_opt_outs').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_role_email_unique').on(t.role, sql`lower(${t.email})`),
    index('users_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    uniqueIndex('users_role_google_subject_unique').on(t.role, t.googleSubject),
  ],
);

/** One sign-in: the family of refresh tokens that descend from one login. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);
