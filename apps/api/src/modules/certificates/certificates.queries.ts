import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { certificates, courses, enrollments, users } from '../../db/schema';

/**
 * Everything the certificate rule needs for one enrolment, in one query: the course's lectures and
 * how many the participant completed, how many assessments have no passed submission of theirs, and
 * the certificate they already hold, if any. Ids are passed as values: inside sql
 * templates drizzle leaves columns unqualified, and a correlated subquery would bind to the wrong table.
 */
export async function completionFacts(db: Db, participantId: number, courseId: number) {
  const [row] = await db
    .select({
      lectures: sql<number>`(select count(*)::int from lectures l where l.course_id = ${courseId})`,
      completed: sql<number>`(select count(*)::int from lecture_progress lp where lp.participant_id = ${participantId} and lp.course_id = ${courseId} and lp.completed_at is not null)`,
      unpassed: sql<number>`(select count(*)::int from assessments a where a.course_id = ${courseId} and not exists (
        select 1 from quiz_attempts qa where qa.assessment_id = a.id and qa.participant_id = ${participantId} and qa.status = 'passed'))`,
      code: sql<string | null>`(select c.code from certificates c where c.participant_id = ${participantId} and c.course_id = ${courseId})`,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row ?? { lectures: 0, completed: 0, unpassed: 0, code: null };
}

/**
 * The enrolment is complete (once) and the certificate issued (once): both writes are idempotent.
 * True when this call issued the certificate (a concurrent one may have got there first).
 */
export async function completeEnrolment(db: Db, participantId: number, courseId: number, code: string): Promise<boolean> {
  await db
    .update(enrollments)
    .set({ completedAt: new Date() })
    .where(and(eq(enrollments.participantId, participantId), eq(enrollments.courseId, courseId), isNull(enrollments.completedAt)));
  const issued = await db.insert(certificates).values({ code, participantId, courseId }).onConflictDoNothing().returning({ code: certificates.code });
  return issued.length > 0;
}

export async function findCertificateCode(db: Db, participantId: number, courseId: number): Promise<string | null> {
  const [row] = await db.select({ code: certificates.code }).from(certificates).where(and(eq(certificates.participantId, participantId), eq(certificates.courseId, courseId)));
  return row?.code ?? null;
}

export type CertificateRow = NonNullable<Awaited<ReturnType<typeof findCertificateByCode>>>;

/** A certificate with the names it shows: the holder, the course and its instructor. */
export async function findCertificateByCode(db: Db, code: string) {
  const instructors = db.select({ id: users.id, name: users.name }).from(users).as('instructors');
  const [row] = await db
    .select({ code: certificates.code, participantName: users.name, courseTitle: courses.title, courseLanguage: courses.language, instructorName: instructors.name, issuedAt: certificates.issuedAt })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.participantId))
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .innerJoin(instructors, eq(instructors.id, courses.instructorId))
    .where(eq(certificates.code, code));
  return row;
}
