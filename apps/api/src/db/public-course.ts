import { sql } from 'drizzle-orm';
import { courses } from './schema';

/** Only these courses exist for the public: approved and not deleted. */
// Written as literals, not parameters: the catalog's partial indexes (schema/catalog.ts) have this
// condition, and the planner uses one only when it can see the query's condition is the same.
export const isPublicCourse = sql`(${courses.approveStatus} = 'approved' and ${courses.deletedAt} is null)`;

/**
 * When a public course went public: its last review, which for a public course is its approval, or
 * its creation for a course approved without one (seeded). The catalog's "newest" means newest to
 * the catalog: a course built over weeks is new on the day it is approved.
 */
export const publishedAt = sql<Date | string>`coalesce(${courses.reviewedAt}, ${courses.createdAt})`;

/**
 * A course's average rating, unrounded (null without ratings), from the counters the triggers keep
 * (migration 0007): the expression of the rating indexes, so sorting by it reads them in order.
 */
export const ratingAverageExact = sql<number | null>`(${courses.ratingSum}::float8 / nullif(${courses.ratingCount}, 0))`;
/** The average as the catalog shows it: one decimal, null without ratings. */
export const ratingAverageShown = sql<number | null>`round(${courses.ratingSum}::numeric / nullif(${courses.ratingCount}, 0), 1)::float8`;
