import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { courses } from './schema';

/** Only these courses exist for the public: approved and not deleted. */
export const isPublicCourse = and(eq(courses.approveStatus, 'approved'), isNull(courses.deletedAt)) as SQL;

/**
 * When a public course went public: its last review, which for a public course is its approval, or
 * its creation for a course approved without one (seeded). The catalog's "newest" means newest to
 * the catalog: a course built over weeks is new on the day it is approved.
 */
export const publishedAt = sql<Date | string>`coalesce(${courses.reviewedAt}, ${courses.createdAt})`;
