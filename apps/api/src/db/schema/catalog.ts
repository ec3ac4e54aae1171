import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A tsvector, as PostgreSQL writes it (only the server reads it: search.queries.ts). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  /** The icon image's storage key (uploads), checked by content when uploaded. */
  icon: text('icon'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The public courses' condition (db/public-course.ts isPublicCourse), for partial indexes. */
const publicOnly = (t: { approveStatus: AnyPgColumn; deletedAt: AnyPgColumn }) => sql`${t.approveStatus} = 'approved' and ${t.deletedAt} is null`;

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    description: text('description').notNull().default(''),
    language: text('language', { enum: ['ar', 'en'] }).notNull(),
    level: text('level', { enum: ['beginner', 'intermediate', 'advanced', 'all'] }).notNull().default('all'),
    /** In the site currency's minor units (halalas: 4950 = 49.50 SAR); 0 means free (docs/payments.md). */
    priceMinor: integer('price_minor').notNull().default(0),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    instructorId: integer('instructor_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    coverImage: text('cover_image'),
    promoVideo: text('promo_video'),
    approveStatus: text('approve_status', { enum: ['draft', 'pending', 'approved', 'rejected'] }).notNull().default('draft'),
    completionStatus: text('completion_status', { enum: ['incomplete', 'complete'] }).notNull().default('incomplete'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Title, subtitle, description, tags and instructor name, normalised for Arabic and English search (lib/search-text.ts). */
    searchText: text('search_text').notNull().default(''),
    /**
     * search_text's words as the server indexes and ranks them, stored: a search ranked its matches by
     * parsing each one's text again (30 ms for a word in a thousand courses; issue 26, point 2).
     */
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_text)`),
    // Authoring (docs/authoring.md): step 2 lists, step 3 alt text, and the last review.
    learnPoints: jsonb('learn_points').$type<string[]>().notNull().default([]),
    requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
    audience: jsonb('audience').$type<string[]>().notNull().default([]),
    coverAlt: text('cover_alt').notNull().default(''),
    /** The reviewer's last message (why a course was rejected); kept until the next review. */
    reviewMessage: text('review_message').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    // Kept by triggers on ratings and enrollments (migration 0007, docs/large-catalog.md), never
    // written by the app: the catalog sorts all public courses by them, which counted per request
    // took 0.9 s at 10,000 courses.
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /**
     * The enrolments folded so far: the enrolments' trigger adds a row to courseEnrollmentDeltas
     * instead (migration 0013), folded in every few seconds. The exact figure is this plus the
     * course's pending deltas (db/enrolment-count.ts); the popular sorts read this column alone.
     */
    enrollmentCount: integer('enrollment_count').notNull().default(0),
    /** The course's lectures and their seconds, kept by triggers on lectures (migration 0010): what a course card shows. */
    lectureCount: integer('lecture_count').notNull().default(0),
    lectureSeconds: integer('lecture_seconds').notNull().default(0),
  },
  (t) => [
    index('courses_category_idx').on(t.categoryId),
    index('courses_instructor_idx').on(t.instructorId),
    index('courses_status_created_idx').on(t.approveStatus, t.createdAt),
    // Authoring lists sort by last change by default.
    index('courses_instructor_updated_idx').on(t.instructorId, t.updatedAt),
    // The catalog's sorts of public courses (db/public-course.ts, catalog.queries.ts courseOrder),
    // overall and per category, read in order from an index instead of sorting every course.
    // With what the course list's facets count, so listing and counting every public course reads this index alone.
    index('courses_public_newest_idx')
      // (drizzle has no INCLUDE: the columns after the unique id are keys that never change the order)
      .on(sql`coalesce(${t.reviewedAt}, ${t.createdAt}) desc`, sql`${t.id} desc`, t.reviewedAt, t.createdAt, t.categoryId, t.language, t.level, t.priceMinor, t.ratingSum, t.ratingCount, t.enrollmentCount)
      .where(publicOnly(t)),
    index('courses_public_category_newest_idx').on(t.categoryId, sql`coalesce(${t.reviewedAt}, ${t.createdAt}) desc`, sql`${t.id} desc`).where(publicOnly(t)),
    index('courses_public_rating_idx').on(sql`(${t.ratingSum}::float8 / nullif(${t.ratingCount}, 0)) desc nulls last`, sql`${t.ratingCount} desc`, sql`${t.id} desc`).where(publicOnly(t)),
    index('courses_public_category_rating_idx')
      .on(t.categoryId, sql`(${t.ratingSum}::float8 / nullif(${t.ratingCount}, 0)) desc nulls last`, sql`${t.ratingCount} desc`, sql`${t.id} desc`)
      .where(publicOnly(t)),
    index('courses_public_popular_idx').on(sql`${t.enrollmentCount} desc`, sql`${t.id} desc`).where(publicOnly(t)),
    // A category page's other sorts (catalog.queries.ts categoryPageData): read in order, not sorted per request.
    index('courses_public_category_popular_idx').on(t.categoryId, sql`${t.enrollmentCount} desc`, sql`${t.id} desc`).where(publicOnly(t)),
    index('courses_public_category_price_asc_idx').on(t.categoryId, sql`${t.priceMinor} asc`, sql`${t.id} desc`).where(publicOnly(t)),
    index('courses_public_category_price_desc_idx').on(t.categoryId, sql`${t.priceMinor} desc`, sql`${t.id} desc`).where(publicOnly(t)),
    index('courses_public_instructor_idx').on(t.instructorId).where(publicOnly(t)),
    index('courses_search_vector_idx').using('gin', t.searchVector),
  ],
);

/**
 * Every distinct word of five to twenty letters in any course's search_text: what a query word with
 * a typo is corrected against (docs/search.md, "Typo tolerance"), through the trigram index. Kept by
 * triggers on courses (migration 0009), whoever writes search_text; a word whose courses are all gone
 * stays, and only costs a correction that matches nothing.
 */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
]);

/**
 * Enrolments not yet folded into courses.enrollment_count (migration 0013, docs/large-catalog.md):
 * the enrolments' statement-level trigger inserts one row per course a statement touches (+n, or -n
 * for removals) instead of updating the course's row, so enrolments in one course at once do not
 * queue on that row. fold_course_enrollment_deltas() (the catalog module runs it every few seconds)
 * moves them into the counter. Insert-only between folds; no foreign key (a row of a course deleted
 * meanwhile is folded into nothing).
 */
export const courseEnrollmentDeltas = pgTable(
  'course_enrollment_deltas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('course_enrollment_deltas_course_idx').on(t.courseId, t.n)],
);
