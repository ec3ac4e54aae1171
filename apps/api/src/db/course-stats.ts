import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { enrollments, lectures, ratings } from './schema';

// Per-course figures as grouped subqueries, to be left-joined on course id: one query for a whole
// page of courses, never one lookup per course. A course with none has no row (coalesce to 0).

export const ratingStats = (db: Db) =>
  db
    .select({
      courseId: ratings.courseId,
      average: sql<number>`round(avg(${ratings.rating})::numeric, 1)::float8`.as('rating_average'),
      count: sql<number>`count(*)::int`.as('rating_count'),
    })
    .from(ratings)
    .groupBy(ratings.courseId)
    .as('rating_stats');

export const enrollmentStats = (db: Db) =>
  db.select({ courseId: enrollments.courseId, count: sql<number>`count(*)::int`.as('enrollment_count') }).from(enrollments).groupBy(enrollments.courseId).as('enrollment_stats');

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
