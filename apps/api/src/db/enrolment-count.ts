import { getTableName, sql } from 'drizzle-orm';
import type { Db } from './client';
import { courseEnrollmentDeltas, courses } from './schema';

/**
 * A course's enrolments, exact: the folded counter (courses.enrollment_count) plus the deltas the
 * enrolments' trigger wrote since the last fold (migration 0013). One index probe of a table that
 * holds a few seconds of enrolments at most. For a statement reading `courses` (unaliased): course
 * cards, the authoring lists and dashboard. The popular sorts read the folded counter alone, through
 * their indexes: their order may lag the figures by one fold interval (ENROLMENT_FOLD_MS).
 * Every column is written with its table: drizzle writes a column bare in a select from one table, and a bare
 * "id" inside the subquery would be the delta's own id (a select of courses alone then read 0 pending enrolments).
 */
export const enrollmentCountNow = sql<number>`(${sql.raw(`"${getTableName(courses)}"."${courses.enrollmentCount.name}"`)} + coalesce((select sum(pending.${sql.identifier(courseEnrollmentDeltas.n.name)}) from ${courseEnrollmentDeltas} pending where pending.${sql.identifier(courseEnrollmentDeltas.courseId.name)} = ${sql.raw(`"${getTableName(courses)}"."${courses.id.name}"`)}), 0))::int`;

/** How often the API folds the pending enrolment deltas into the counters (catalog module). */
export const ENROLMENT_FOLD_MS = 5_000;

/** Folds every pending enrolment delta into its course's counter; the number of deltas folded (0 when another fold was under way). */
export async function foldEnrolmentCounts(db: Db): Promise<number> {
  const result = await db.execute(sql`select fold_course_enrollment_deltas() as folded`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: { folded: number }[] }).rows) as { folded: number }[];
  return Number(row?.folded ?? 0);
}
