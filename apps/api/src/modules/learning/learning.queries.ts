import { and, count, desc, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, enrollments, lectureProgress, lectures, users } from '../../db/schema';

export type LectureProgressRow = typeof lectureProgress.$inferSelect;

export async function isEnrolled(db: Db, participantId: number, courseId: number): Promise<boolean> {
  const [row] = await db.select({ id: enrollments.id }).from(enrollments).where(and(eq(enrollments.participantId, participantId), eq(enrollments.courseId, courseId))).limit(1);
  return !!row;
}

export async function enrolledCourseIds(db: Db, participantId: number): Promise<number[]> {
  const rows = await db.select({ courseId: enrollments.courseId }).from(enrollments).where(eq(enrollments.participantId, participantId));
  return rows.map((r) => r.courseId);
}

/** Lecture totals and completions of many courses, in two grouped queries. */
export async function lectureCounts(db: Db, participantId: number, courseIds: number[]) {
  const [totals, done] = await Promise.all([
    db.select({ courseId: lectures.courseId, n: count() }).from(lectures).where(inArray(lectures.courseId, courseIds)).groupBy(lectures.courseId),
    db
      .select({ courseId: lectureProgress.courseId, n: count() })
      .from(lectureProgress)
      .where(and(eq(lectureProgress.participantId, participantId), inArray(lectureProgress.courseId, courseIds), isNotNull(lectureProgress.completedAt)))
      .groupBy(lectureProgress.courseId),
  ]);
  return { total: new Map(totals.map((t) => [t.courseId, t.n])), completed: new Map(done.map((d) => [d.courseId, d.n])) };
}

export type EnrolmentRow = { courseId: number; createdAt: Date; completedAt: Date | null };
const enrolmentColumns = { courseId: enrollments.courseId, createdAt: enrollments.createdAt, completedAt: enrollments.completedAt };

export function enrolmentPage(db: Db, participantId: number, limit: number, offset: number): Promise<EnrolmentRow[]> {
  return db
    .select(enrolmentColumns)
    .from(enrollments)
    .where(eq(enrollments.participantId, participantId))
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
    .limit(limit)
    .offset(offset);
}

export async function enrolmentCount(db: Db, participantId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(enrollments).where(eq(enrollments.participantId, participantId));
  return row?.n ?? 0;
}

export async function enrolmentTotals(db: Db, participantId: number) {
  const [row] = await db
    .select({ enrolled: count(), completed: sql<number>`count(${enrollments.completedAt})::int` })
    .from(enrollments)
    .where(eq(enrollments.participantId, participantId));
  return { enrolled: row?.enrolled ?? 0, completed: row?.completed ?? 0 };
}

/** Enrolments not yet complete: most recently studied first; never-started ones after them, newest first. */
export function unfinishedEnrolments(db: Db, participantId: number, limit: number): Promise<EnrolmentRow[]> {
  return db
    .select(enrolmentColumns)
    .from(enrollments)
    .where(and(eq(enrollments.participantId, participantId), isNull(enrollments.completedAt)))
    .orderBy(
      sql`(select max(lp.updated_at) from lecture_progress lp where lp.participant_id = ${participantId} and lp.course_id = "enrollments"."course_id") desc nulls last`,
      desc(enrollments.createdAt),
    )
    .limit(limit);
}

/** A live course with its instructor's name, as the player's header shows it. */
export async function findLiveCourseHead(db: Db, courseId: number) {
  const [row] = await db
    .select({ id: courses.id, title: courses.title, language: courses.language, instructorName: users.name, instructorId: users.id })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.instructorId))
    .where(and(eq(courses.id, courseId), isNull(courses.deletedAt)));
  return row;
}

export async function findLecture(db: Db, id: number) {
  const [row] = await db.select().from(lectures).where(eq(lectures.id, id));
  return row;
}

/** The participant's progress in a course, the lecture studied last first. */
export function progressRows(db: Db, participantId: number, courseId: number): Promise<LectureProgressRow[]> {
  return db
    .select()
    .from(lectureProgress)
    .where(and(eq(lectureProgress.participantId, participantId), eq(lectureProgress.courseId, courseId)))
    .orderBy(desc(lectureProgress.updatedAt));
}

export async function findProgress(db: Db, participantId: number, lectureId: number): Promise<LectureProgressRow | undefined> {
  const [row] = await db.select().from(lectureProgress).where(and(eq(lectureProgress.participantId, participantId), eq(lectureProgress.lectureId, lectureId)));
  return row;
}

/**
 * The participant's credit clock: the moment up to which their watched time has been credited,
 * across every lecture of every course (the latest updated_at of their progress rows); null before
 * their first report. The participant's row is locked first, so reports sent at once are credited
 * one after another and cannot each claim the same stretch of time. Call it inside a transaction.
 */
export async function lockCreditClock(tx: Db, participantId: number): Promise<Date | null> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, participantId)).for('update');
  const [row] = await tx.select({ at: max(lectureProgress.updatedAt) }).from(lectureProgress).where(eq(lectureProgress.participantId, participantId));
  return row?.at ?? null;
}

/**
 * Reports arrive together (pause and ended fire at once): the merge only ever moves forward, so a
 * report computed from an older row can never undo a completion or lower what was watched.
 * updated_at is also the credit clock (lockCreditClock): it moves to `clock` only when time was
 * credited, so a report that credits nothing (a pause or a seek arriving just before the report of
 * the time played) does not use that time up.
 */
export async function mergeProgress(
  db: Db,
  values: { participantId: number; lectureId: number; courseId: number; positionSeconds: number; watchedSeconds: number; completedAt: Date | null },
  clock: Date,
  credited: boolean,
) {
  const [stored] = await db
    .insert(lectureProgress)
    .values({ ...values, updatedAt: clock })
    .onConflictDoUpdate({
      target: [lectureProgress.participantId, lectureProgress.lectureId],
      set: {
        positionSeconds: values.positionSeconds,
        watchedSeconds: sql`greatest("lecture_progress"."watched_seconds", excluded."watched_seconds")`,
        completedAt: sql`coalesce("lecture_progress"."completed_at", excluded."completed_at")`,
        updatedAt: credited ? clock : sql`"lecture_progress"."updated_at"`,
      },
    })
    .returning({ watchedSeconds: lectureProgress.watchedSeconds, completedAt: lectureProgress.completedAt });
  return stored!;
}
