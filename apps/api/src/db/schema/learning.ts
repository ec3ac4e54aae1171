import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { courses } from './catalog';

export const LECTURE_TYPES = ['video', 'article', 'pdf'] as const;

export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    /**
     * Scheduled release (docs/authoring.md): the section opens at this moment for everyone, or this many days after
     * each participant's enrolment; neither: open. Never both. Decided by learning's release.ts (lectureOpensAt).
     */
    opensAt: timestamp('opens_at', { withTimezone: true }),
    opensAfterDays: smallint('opens_after_days'),
  },
  (t) => [
    index('sections_course_idx').on(t.courseId, t.position),
    check('sections_one_release_rule', sql`${t.opensAt} is null or ${t.opensAfterDays} is null`),
    check('sections_opens_after_days_range', sql`${t.opensAfterDays} is null or ${t.opensAfterDays} between 1 and 365`),
    // The release sweep looks at ruled sections only.
    index('sections_release_idx').on(t.courseId).where(sql`${t.opensAt} is not null or ${t.opensAfterDays} is not null`),
  ],
);

export const lectures = pgTable(
  'lectures',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id').notNull().references(() => sections.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    /** Storage key of the video file, never a public path: videos are served through an access check. */
    video: text('video'),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    isFreePreview: boolean('is_free_preview').notNull().default(false),
    /** What the lecture is (docs/authoring.md, "Lecture types"): a video, an article (rich text), or a PDF shown in the page. */
    type: text('type', { enum: LECTURE_TYPES }).notNull().default('video'),
    /** An article's text, sanitised to the rich-text allow-list (lib/sanitize.ts) before it is stored. */
    articleHtml: text('article_html').notNull().default(''),
    /** Storage key of a PDF lecture's file, served through the lecture's access check. */
    pdf: text('pdf'),
    /** Whether participants get a download link for the PDF; it is shown in the page either way. */
    pdfDownloadable: boolean('pdf_downloadable').notNull().default(false),
  },
  (t) => [
    index('lectures_section_idx').on(t.sectionId, t.position),
    index('lectures_course_idx').on(t.courseId),
    check('lectures_type', sql`${t.type} in ('video', 'article', 'pdf')`),
  ],
);

/** Files any lecture may carry for download (PDFs, images, archives, office documents, text, audio), served to whoever may see the lecture. */
export const lectureResources = pgTable(
  'lecture_resources',
  {
    id: serial('id').primaryKey(),
    lectureId: integer('lecture_id').notNull().references(() => lectures.id, { onDelete: 'cascade' }),
    /** Storage key (resources/<uuid>.<ext>, the extension from the file's bytes). */
    storageKey: text('storage_key').notNull(),
    /** The name the file was uploaded under, cleaned: the name it is downloaded under. */
    originalName: text('original_name').notNull(),
    /** The type decided from the file's bytes, never from its name. */
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lecture_resources_lecture_idx').on(t.lectureId, t.position)],
);

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
}, (t) => [uniqueIndex('tags_name_unique').on(sql`lower(${t.name})`)]);

export const courseTags = pgTable(
  'course_tags',
  {
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.tagId] }), index('course_tags_tag_idx').on(t.tagId)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    /** What the order costs, in minor units of `currency` (docs/payments.md). */
    amountMinor: integer('amount_minor').notNull(),
    /** The site currency when the order was placed (ISO 4217). */
    currency: text('currency').notNull(),
    provider: text('provider', { enum: ['free', 'bank_transfer', 'card'] }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'cancelled', 'refunded'] }).notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    /** A card order's hosted checkout at the gateway (Moyasar: the invoice) and its page (docs/payments.md). */
    gatewayCheckoutId: text('gateway_checkout_id'),
    gatewayCheckoutUrl: text('gateway_checkout_url'),
    /** The gateway's payment that paid it, checked with the gateway: never card data. */
    gatewayPaymentId: text('gateway_payment_id'),
    /** A paid order refunded (docs/payments.md): by an admin (refunded_by), or at the gateway (null). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('orders_participant_idx').on(t.participantId, t.createdAt),
    index('orders_course_idx').on(t.courseId, t.createdAt),
    // One open or paid order per participant and course: ordering twice is refused by the database too.
    // (A refunded order, like a cancelled one, leaves the course to be ordered again.)
    uniqueIndex('orders_one_live_per_course').on(t.participantId, t.courseId).where(sql`${t.status} not in ('cancelled', 'refunded')`),
    // One payment pays one order, once.
    uniqueIndex('orders_gateway_payment_unique').on(t.gatewayPaymentId).where(sql`${t.gatewayPaymentId} is not null`),
    uniqueIndex('orders_gateway_checkout_unique').on(t.gatewayCheckoutId).where(sql`${t.gatewayCheckoutId} is not null`),
  ],
);

/**
 * Every webhook a gateway sent whose secret matched, once (docs/payments.md): a replayed event (the same
 * id) is recognised and changes nothing; `outcome` says what it did, for an admin tracing a payment.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: text('payment_id').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_once').on(t.provider, t.eventId), index('payment_events_payment_idx').on(t.paymentId)],
);

export const enrollments = pgTable(
  'enrollments',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /**
     * An admin's grant (docs/bulk-enrolment.md): who enrolled the participant without an order, and when. The
     * admin may be deleted later (null then); granted_at still says the enrolment was a grant.
     */
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the participant was last reminded to come back to this course (docs/notifications.md, study reminders). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('enrollments_participant_course_unique').on(t.participantId, t.courseId),
    // The study reminders' sweep: unfinished enrolments, oldest first.
    index('enrollments_unfinished_idx').on(t.createdAt).where(sql`${t.completedAt} is null`),
    // A course's learners, in id order too (the gradebook's export walks them in chunks).
    index('enrollments_course_idx').on(t.courseId, t.participantId),
    index('enrollments_participant_created_idx').on(t.participantId, t.createdAt),
    // The admins' reports (docs/reports.md): a period's enrolments and completions, site-wide, read by time.
    index('enrollments_created_idx').on(t.createdAt, t.courseId, t.participantId, t.completedAt),
    index('enrollments_completed_idx').on(t.completedAt, t.courseId).where(sql`${t.completedAt} is not null`),
  ],
);

export const wishlist = pgTable(
  'wishlist',
  {
    participantId: integer('participant_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.participantId, t.courseId] }), index('wishlist_participant_created_idx').on(t.participantId, t.createdAt)],
);

export const ratings = pgTable(
  'ratings',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Hidden by an admin or the course's instructor, with the reason the reviewer is told (docs/reviews.md):
     * a hidden review leaves the course's reviews, its distribution and its rating (the triggers of migration
     * 0007 count visible rows only, migration 0022); a new rating by the same participant stays hidden.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    uniqueIndex('ratings_participant_course_unique').on(t.participantId, t.courseId),
    index('ratings_course_created_idx').on(t.courseId, t.createdAt),
    // A course's visible reviews, last changed first (catalog.queries.ts courseReviews).
    index('ratings_course_updated_idx').on(t.courseId, sql`${t.updatedAt} desc`, sql`${t.id} desc`).where(sql`${t.hiddenAt} is null`),
    // A course's rating distribution (the course page) counted from the index alone.
    index('ratings_course_rating_idx').on(t.courseId, t.rating).where(sql`${t.hiddenAt} is null`),
    // The moderation lists (ratings.queries.ts moderationList): every review of the site, last changed first,
    // and the hidden ones alone.
    index('ratings_updated_idx').on(sql`${t.updatedAt} desc`, sql`${t.id} desc`),
    index('ratings_hidden_idx').on(sql`${t.hiddenAt} desc`, sql`${t.id} desc`).where(sql`${t.hiddenAt} is not null`),
  ],
);

export const lectureProgress = pgTable(
  'lecture_progress',
  {
    participantId: integer('participant_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    lectureId: integer('lecture_id').notNull().references(() => lectures.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    positionSeconds: integer('position_seconds').notNull().default(0),
    // Seconds of the lecture played, with their fractions: reports of a few seconds each, stored whole,
    // lost up to half a second each, and a lecture played to its end could fall short of its 90 %.
    watchedSeconds: doublePrecision('watched_seconds').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.participantId, t.lectureId] }),
    index('lecture_progress_course_idx').on(t.participantId, t.courseId),
    // A course's progress at once: the gradebook (docs/gradebook.md).
    index('lecture_progress_by_course_idx').on(t.courseId, t.participantId),
    // The admins' reports (docs/reports.md): who studied in a period, site-wide.
    index('lecture_progress_updated_idx').on(t.updatedAt, t.courseId, t.participantId),
  ],
);

/**
 * A participant was told (or, opted out, would have been) that a section opened for them (learning's release sweep):
 * one row per participant and section, written in the transaction that queues the mail, so a crash or two servers
 * never send it twice.
 */
export const sectionReleaseNotices = pgTable(
  'section_release_notices',
  {
    participantId: integer('participant_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id').notNull().references(() => sections.id, { onDelete: 'cascade' }),
    noticedAt: timestamp('noticed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.participantId, t.sectionId] }), index('section_release_notices_section_idx').on(t.sectionId)],
);

export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    participantId: integer('participant_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('certificates_participant_course_unique').on(t.participantId, t.courseId)],
);

/**
 * The newsletter's list, double opt-in (docs/mail.md): a subscription counts once confirmed through the
 * emailed link; every newsletter mail carries an unsubscribe link made from `unsubscribeToken`.
 */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  lang: text('lang', { enum: ['ar', 'en'] }).notNull().default('ar'),
  /** SHA-256 of the confirmation link's token while unconfirmed; null once confirmed. */
  confirmTokenHash: text('confirm_token_hash'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribeToken: text('unsubscribe_token').notNull().default(sql`gen_random_uuid()::text`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('newsletter_email_unique').on(sql`lower(${t.email})`),
  uniqueIndex('newsletter_unsubscribe_token_unique').on(t.unsubscribeToken),
]);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull().default(''),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  readAt: timestamp('read_at', { withTimezone: true }),
});
