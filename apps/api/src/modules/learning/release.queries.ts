import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, enrollments, lectures, sectionReleaseNotices, sections, users } from '../../db/schema';

/** A lecture with what decides whether it is open for one participant: its section's rule and their enrolment (null: not enrolled). */
export async function lectureRelease(db: Db, participantId: number, lectureId: number) {
  const [row] = await db
    .select({
      id: lectures.id,
      courseId: lectures.courseId,
      isFreePreview: lectures.isFreePreview,
      opensAt: sections.opensAt,
      opensAfterDays: sections.opensAfterDays,
      enrolledAt: enrollments.createdAt,
    })
    .from(lectures)
    .innerJoin(sections, eq(sections.id, lectures.sectionId))
    .leftJoin(enrollments, and(eq(enrollments.courseId, lectures.courseId), eq(enrollments.participantId, participantId)))
    .where(eq(lectures.id, lectureId));
  return row;
}

/** A participant and a section that opened for them, not yet told: with what the letter says. */
export interface DueNotice {
  participantId: number;
  sectionId: number;
  courseId: number;
  courseTitle: string;
  sectionTitle: string;
  email: string;
  name: string;
  lang: 'ar' | 'en';
  mailOptOuts: string[];
}

/**
 * Participant×section pairs whose section opened for the participant after they enrolled, at or before `now` and not
 * before `since`, of a live course and an active account, with lectures, and not yet recorded in
 * section_release_notices. The moment is the one release.service's releaseMoment computes: the section's date, or the
 * enrolment plus its days. A section already open when the participant enrolled is never due.
 */
export async function dueReleaseNotices(db: Db, now: Date, since: Date, limit: number): Promise<DueNotice[]> {
  const opens = sql`coalesce(${sections.opensAt}, ${enrollments.createdAt} + make_interval(days => ${sections.opensAfterDays}::int))`;
  return db
    .select({
      participantId: enrollments.participantId,
      sectionId: sections.id,
      courseId: courses.id,
      courseTitle: courses.title,
      sectionTitle: sections.title,
      email: users.email,
      name: users.name,
      lang: users.lang,
      mailOptOuts: users.mailOptOuts,
    })
    .from(sections)
    .innerJoin(courses, and(eq(courses.id, sections.courseId), isNull(courses.deletedAt)))
    .innerJoin(enrollments, eq(enrollments.courseId, sections.courseId))
    .innerJoin(users, and(eq(users.id, enrollments.participantId), isNull(users.deactivatedAt)))
    .where(
      and(
        sql`(${sections.opensAt} is not null or ${sections.opensAfterDays} is not null)`,
        sql`${opens} > ${enrollments.createdAt}`,
        sql`${opens} <= ${now.toISOString()}::timestamptz`,
        sql`${opens} >= ${since.toISOString()}::timestamptz`,
        sql`exists (select 1 from ${lectures} where ${lectures.sectionId} = ${sections.id})`,
        sql`not exists (select 1 from ${sectionReleaseNotices} n where n.participant_id = ${enrollments.participantId} and n.section_id = ${sections.id})`,
      ),
    )
    .orderBy(sections.id, enrollments.participantId)
    .limit(limit);
}

/** Records that the participant was told; false when another sweep (a crash's retry, another server) already did. */
export async function recordReleaseNotice(tx: Db, participantId: number, sectionId: number): Promise<boolean> {
  const rows = await tx.insert(sectionReleaseNotices).values({ participantId, sectionId }).onConflictDoNothing().returning({ sectionId: sectionReleaseNotices.sectionId });
  return rows.length > 0;
}
