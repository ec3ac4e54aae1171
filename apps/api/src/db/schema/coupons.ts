import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { courses } from './catalog';
import { orders } from './learning';

/**
 * Discount codes (docs/payments.md, "Coupons"): a percentage (basis points) or a fixed amount (minor units of
 * the site currency), for the whole site or the courses in coupon_courses, between optional dates, with an
 * optional total limit and a per-person limit. `redeemed` counts live redemptions (an order placed with it and
 * not cancelled); the last use is taken by one conditional update of this row.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Stored in capitals; matched without regard to case. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    percentBasisPoints: integer('percent_basis_points'),
    amountMinor: integer('amount_minor'),
    /** Every course (site) or only those listed in coupon_courses. */
    scope: text('scope', { enum: ['site', 'courses'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    totalLimit: integer('total_limit'),
    perPersonLimit: integer('per_person_limit').notNull().default(1),
    redeemed: integer('redeemed').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** An admin's (any course) or an instructor's (their own courses only, when admins allow it). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ownerRole: text('owner_role', { enum: ['admin', 'instructor'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(sql`upper(${t.code})`),
    check('coupons_redeemed_within_limit', sql`${t.totalLimit} is null or ${t.redeemed} <= ${t.totalLimit}`),
    check('coupons_value', sql`(${t.kind} = 'percent' and ${t.percentBasisPoints} between 1 and 10000) or (${t.kind} = 'fixed' and ${t.amountMinor} > 0)`),
  ],
);

export const couponCourses = pgTable(
  'coupon_courses',
  {
    couponId: integer('coupon_id').notNull().references(() => coupons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.courseId] }), index('coupon_courses_course_idx').on(t.courseId)],
);

/** One use of a coupon: the order it priced and what it took off. A cancelled order gives its use back. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id').notNull().references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    listMinor: integer('list_minor').notNull(),
    discountMinor: integer('discount_minor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_redemptions_order_unique').on(t.orderId), index('coupon_redemptions_coupon_person_idx').on(t.couponId, t.participantId)],
);

/** Site settings an admin changes at run time (key → JSON): `instructorCoupons` (whether instructors may make coupons). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
