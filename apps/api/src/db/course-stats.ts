import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { lectures } from './schema';

// Per-course figures as grouped subqueries, to be left-joined on course id: one query for a whole
// page of courses, never one lookup per course. A course with none has no row (coalesce to 0).
// Ratings and enrolments need none: courses keeps their counts (rating_count, rating_sum,
// enrollment_count, kept by triggers: migration 0007).

export const lectureStats = (db: Db) =>
  db
    .select({
      courseId: lectures.courseId,
      count: sql<number>`count(*)::int`.as('lecture_count'),
      seconds: sql<number>`coalesce(sum(${lectures.durationSeconds}), 0)::int`.as('lecture_seconds'),
    })
    .from(lectures)
    .groupBy(lectures.courseId)
    .as('lecture_stats');
