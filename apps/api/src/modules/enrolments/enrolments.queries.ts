import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, enrollments } from '../../db/schema';

export interface GrantCourse {
  id: number;
  title: string;
  approveStatus: 'draft' | 'pending' | 'approved' | 'rejected';
  deletedAt: Date | null;
}

export async function findCourse(db: Db, id: number): Promise<GrantCourse | undefined> {
  const [row] = await db
    .select({ id: courses.id, title: courses.title, approveStatus: courses.approveStatus, deletedAt: courses.deletedAt })
    .from(courses)
    .where(eq(courses.id, id))
    .limit(1);
  return row;
}

/** Which of these participants are enrolled in the course already (one index probe each). */
export async function enrolledAmong(db: Db, courseId: number, participantIds: number[]): Promise<Set<number>> {
  if (participantIds.length === 0) return new Set();
  const rows = await db
    .select({ id: enrollments.participantId })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), inArray(enrollments.participantId, participantIds)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Enrolments granted by an admin, no order, in one statement. The unique index on (participant, course) keeps a
 * second grant (a file run twice, two runs at once) from doubling one: such a row is skipped, and only the
 * participants enrolled by this statement come back. The statement-level trigger of migration 0013 adds one delta
 * per course for the whole statement, so the course's count stays exact.
 */
export async function insertGrants(db: Db, courseId: number, grantedBy: number, participantIds: number[]): Promise<number[]> {
  if (participantIds.length === 0) return [];
  const grantedAt = new Date();
  const rows = await db
    .insert(enrollments)
    .values(participantIds.map((participantId) => ({ participantId, courseId, grantedBy, grantedAt })))
    .onConflictDoNothing()
    .returning({ id: enrollments.participantId });
  return rows.map((r) => r.id);
}
