import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The content of the public pages an admin edits (docs/cms.md): one row per page ('home', 'contact',
 * 'about'), its fields per language as the contract's cms schemas say. Rich text is stored sanitised.
 */
export const cmsPages = pgTable('cms_pages', {
  page: text('page', { enum: ['home', 'contact', 'about'] }).primaryKey(),
  content: jsonb('content').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The privacy policy: entries (a heading and rich text per language), each deletable by id (spec). */
export const privacyEntries = pgTable('privacy_entries', {
  id: serial('id').primaryKey(),
  titleAr: text('title_ar').notNull().default(''),
  titleEn: text('title_en').notNull().default(''),
  bodyAr: text('body_ar').notNull().default(''),
  bodyEn: text('body_en').notNull().default(''),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The home page's hero images, shown as a carousel in `position` order. */
export const homeImages = pgTable('home_images', {
  id: serial('id').primaryKey(),
  /** Storage key of the image (uploads), checked by content when uploaded. */
  file: text('file').notNull(),
  altAr: text('alt_ar').notNull().default(''),
  altEn: text('alt_en').notNull().default(''),
  titleAr: text('title_ar').notNull().default(''),
  titleEn: text('title_en').notNull().default(''),
  /** Where a click on the image goes: a path of this site, or empty. */
  link: text('link').notNull().default(''),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
