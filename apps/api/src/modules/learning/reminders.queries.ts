import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { courses, enrollments, lectureProgress, quizAttempts, users } from '../../db/schema';

/** An enrolment gone quiet: whom to remind of which course, and when they last studied it. */
export interface QuietEnrolment {
  id: number;
  participantId: number;
  courseId: number;
  courseTitle: string;
  email: string;
  name: string;
  lang: 'ar' | 'en';
  mailOptOuts: string[];
  lastStudied: Date;
}

/**
 * Unfinished enrolments of live courses and active accounts whose participant last studied the course (enrolled,
 * played a lecture, opened or sent an assessment) before `quietSince`, and was not reminded since: the oldest
 * enrolments first. Each is read through the partial index of unfinished enrolments and the progress and attempts
 * indexes by participant and course.
 */
export async function quietEnrolments(db: Db, quietSince: Date, limit: number): Promise<QuietEnrolment[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select e.id, e.participant_id, e.course_id, c.title as course_title, u.email, u.name, u.lang, u.mail_opt_outs, last.at as last_studied
    from ${enrollments} e
    join ${courses} c on c.id = e.course_id and c.deleted_at is null
    join ${users} u on u.id = e.participant_id and u.deactivated_at is null
    cross join lateral (
      select greatest(
        e.created_at,
        (select max(p.updated_at) from ${lectureProgress} p where p.participant_id = e.participant_id and p.course_id = e.course_id),
        (select max(coalesce(a.submitted_at, a.started_at)) from ${quizAttempts} a where a.participant_id = e.participant_id and a.course_id = e.course_id)
      ) as at
    ) last
    where e.completed_at is null and e.created_at < ${quietSince.toISOString()}::timestamptz
      and last.at < ${quietSince.toISOString()}::timestamptz
      and (e.reminded_at is null or e.reminded_at < last.at)
    order by e.created_at, e.id
    limit ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    participantId: Number(r.participant_id),
    courseId: Number(r.course_id),
    courseTitle: String(r.course_title),
    email: String(r.email),
    name: String(r.name),
    lang: r.lang === 'en' ? 'en' : 'ar',
    mailOptOuts: (typeof r.mail_opt_outs === 'string' ? JSON.parse(r.mail_opt_outs) : r.mail_opt_outs) as string[],
    lastStudied: new Date(r.last_studied as string | Date),
  }));
}

/** Records the reminder unless another sweep recorded one after the same quiet spell began: true when this one did. */
export async function claimReminder(tx: Db, enrolmentId: number, lastStudied: Date, at: Date): Promise<boolean> {
  const result = await tx.execute<{ id: number }>(sql`
    update ${enrollments} set reminded_at = ${at.toISOString()}::timestamptz
    where id = ${enrolmentId} and (reminded_at is null or reminded_at < ${lastStudied.toISOString()}::timestamptz)
    returning id`);
  return rowsOf(result).length === 1;
}
