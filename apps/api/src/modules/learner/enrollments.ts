import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Db } from '../../db/client';
import { certificates, courses, enrollments, lectureProgress, lectures } from '../../db/schema';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { loadCourseCards } from '../catalog/course-cards';

export async function isEnrolled(db: Db, participantId: number, courseId: number): Promise<boolean> {
  const [row] = await db.select({ id: enrollments.id }).from(enrollments).where(and(eq(enrollments.participantId, participantId), eq(enrollments.courseId, courseId))).limit(1);
  return !!row;
}

/** Lecture totals and completions for many courses in two grouped queries. */
export async function progressFor(db: Db, participantId: number, courseIds: number[]) {
  if (courseIds.length === 0) return new Map<number, { percent: number; completedLectures: number; totalLectures: number }>();
  const [totals, done] = await Promise.all([
    db.select({ courseId: lectures.courseId, n: count() }).from(lectures).where(inArray(lectures.courseId, courseIds)).groupBy(lectures.courseId),
    db
      .select({ courseId: lectureProgress.courseId, n: count() })
      .from(lectureProgress)
      .where(and(eq(lectureProgress.participantId, participantId), inArray(lectureProgress.courseId, courseIds), isNotNull(lectureProgress.completedAt)))
      .groupBy(lectureProgress.courseId),
  ]);
  const total = new Map(totals.map((t) => [t.courseId, t.n]));
  const completed = new Map(done.map((d) => [d.courseId, d.n]));
  return new Map(
    courseIds.map((id) => {
      const t = total.get(id) ?? 0;
      const c = Math.min(completed.get(id) ?? 0, t);
      return [id, { percent: t ? Math.floor((c / t) * 100) : 0, completedLectures: c, totalLectures: t }];
    }),
  );
}

type EnrolmentRow = { courseId: number; createdAt: Date; completedAt: Date | null };

const enrolmentColumns = { courseId: enrollments.courseId, createdAt: enrollments.createdAt, completedAt: enrollments.completedAt };

/** Cards with enrolment dates and progress, in the order of the rows given. */
async function withCardsAndProgress(db: Db, participantId: number, rows: EnrolmentRow[]) {
  const ids = rows.map((r) => r.courseId);
  const [cards, progress] = await Promise.all([loadCourseCards(db, ids), progressFor(db, participantId, ids)]);
  const byId = new Map(cards.map((c) => [c.id, c]));
  return rows.flatMap((r) => {
    const card = byId.get(r.courseId);
    return card
      ? [{ ...card, enrolledAt: r.createdAt.toISOString(), completedAt: r.completedAt ? r.completedAt.toISOString() : null, progress: progress.get(r.courseId)! }]
      : [];
  });
}

async function enrolledCourses(db: Db, participantId: number, limit: number, offset: number) {
  const rows = await db
    .select(enrolmentColumns)
    .from(enrollments)
    .where(eq(enrollments.participantId, participantId))
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
    .limit(limit)
    .offset(offset);
  return withCardsAndProgress(db, participantId, rows);
}

export async function enrolledList(ctx: AppContext, user: RequestUser, participantId: number, page: number) {
  // The spec puts the participant id in the path; only the caller's own is allowed.
  if (participantId !== user.id) throw new AppError('api.auth.not_yours', 403);
  const perPage = 10;
  const [items, [total]] = await Promise.all([
    enrolledCourses(ctx.db, user.id, perPage, (page - 1) * perPage),
    ctx.db.select({ n: count() }).from(enrollments).where(eq(enrollments.participantId, user.id)),
  ]);
  return { items, page, perPage, total: total?.n ?? 0 };
}

export function recentEnrolled(ctx: AppContext, user: RequestUser) {
  return enrolledCourses(ctx.db, user.id, 5, 0);
}

/** Enrolled and completed counts, courses in progress, recent enrolments and certificates. */
export async function participantDashboard(ctx: AppContext, user: RequestUser) {
  const [[counts], inProgressRows, recent, certs] = await Promise.all([
    ctx.db
      .select({ enrolled: count(), completed: sql<number>`count(${enrollments.completedAt})::int` })
      .from(enrollments)
      .where(eq(enrollments.participantId, user.id)),
    // Most recently studied first; never-started enrolments after them, newest first.
    ctx.db
      .select(enrolmentColumns)
      .from(enrollments)
      .where(and(eq(enrollments.participantId, user.id), isNull(enrollments.completedAt)))
      .orderBy(
        sql`(select max(lp.updated_at) from lecture_progress lp where lp.participant_id = ${user.id} and lp.course_id = "enrollments"."course_id") desc nulls last`,
        desc(enrollments.createdAt),
      )
      .limit(6),
    enrolledCourses(ctx.db, user.id, 5, 0),
    ctx.db
      .select({ code: certificates.code, courseId: courses.id, courseTitle: courses.title, issuedAt: certificates.issuedAt })
      .from(certificates)
      .innerJoin(courses, eq(courses.id, certificates.courseId))
      .where(eq(certificates.participantId, user.id))
      .orderBy(desc(certificates.issuedAt)),
  ]);
  return {
    enrolledCount: counts?.enrolled ?? 0,
    completedCount: counts?.completed ?? 0,
    inProgress: await withCardsAndProgress(ctx.db, user.id, inProgressRows),
    recent,
    certificates: certs.map((c) => ({ ...c, url: `/certificate/${c.code}`, issuedAt: c.issuedAt.toISOString() })),
  };
}
