import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { COMPLETION_THRESHOLD } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { signMediaGrant } from '../../lib/tokens';
import { certificates, courses, enrollments, lectureProgress, lectures, users } from '../../db/schema';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { courseOutline } from '../catalog/catalog.queries';
import { isEnrolled, progressFor } from '../learner/enrollments';
import { allAssessmentsPassed } from '../quiz/quiz.queries';

/** Played time is credited no faster than real time (plus a little slack), so skipping to the end does not complete a lecture. */
const FIRST_REPORT_MAX_CREDIT = 15;
const CREDIT_SLACK_SECONDS = 5;
const MAX_CREDIT_PER_REPORT = 120;

async function enrolledCourseOr403(ctx: AppContext, user: RequestUser, courseId: number) {
  const [course] = await ctx.db
    .select({ id: courses.id, title: courses.title, language: courses.language, instructorName: users.name })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.instructorId))
    .where(and(eq(courses.id, courseId), isNull(courses.deletedAt)));
  if (!course) throw new AppError('api.course.not_found', 404);
  if (!(await isEnrolled(ctx.db, user.id, courseId))) throw new AppError('api.learn.not_enrolled', 403);
  return course;
}

function certificateLink(code: string) {
  return { code, url: `/certificate/${code}` };
}

async function findCertificate(ctx: AppContext, participantId: number, courseId: number) {
  const [row] = await ctx.db.select({ code: certificates.code }).from(certificates).where(and(eq(certificates.participantId, participantId), eq(certificates.courseId, courseId)));
  return row ? certificateLink(row.code) : null;
}

export async function learnCourse(ctx: AppContext, user: RequestUser, courseId: number) {
  const course = await enrolledCourseOr403(ctx, user, courseId);
  const [outline, rows, progress, certificate] = await Promise.all([
    courseOutline(ctx.db, courseId),
    ctx.db.select().from(lectureProgress).where(and(eq(lectureProgress.participantId, user.id), eq(lectureProgress.courseId, courseId))).orderBy(desc(lectureProgress.updatedAt)),
    progressFor(ctx.db, user.id, [courseId]),
    findCertificate(ctx, user.id, courseId),
  ]);
  const byLecture = new Map(rows.map((r) => [r.lectureId, r]));
  const sections = await Promise.all(
    outline.map(async (s) => ({
      id: s.id,
      title: s.title,
      lectures: await Promise.all(
        s.lectures.map(async (l) => {
          const p = byLecture.get(l.id);
          return {
            id: l.id,
            title: l.title,
            durationSeconds: l.durationSeconds,
            isFreePreview: l.isFreePreview,
            videoUrl: l.video ? `/api/media/lecture/${l.id}?t=${await signMediaGrant(ctx.tokens, { kind: 'lecture', id: l.id, userId: user.id })}` : null,
            positionSeconds: p?.positionSeconds ?? 0,
            watchedSeconds: p?.watchedSeconds ?? 0,
            completed: !!p?.completedAt,
          };
        }),
      ),
    })),
  );
  const all = sections.flatMap((s) => s.lectures);
  const last = rows[0];
  const resume = last ? { lectureId: last.lectureId, positionSeconds: last.positionSeconds } : all[0] ? { lectureId: all[0].id, positionSeconds: 0 } : null;
  return { course, sections, progress: progress.get(courseId)!, resume, certificate };
}

function newCertificateCode() {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(12), (b) => alphabet[b % alphabet.length]).join('').replace(/(.{4})(?!$)/g, '$1-');
}

/** Every lecture complete and every assessment passed: the enrolment is complete and a certificate is issued, once. */
async function completeCourseIfDone(ctx: AppContext, participantId: number, courseId: number, percent: number) {
  if (percent < 100 || !(await allAssessmentsPassed(ctx.db, participantId, courseId))) return findCertificate(ctx, participantId, courseId);
  await ctx.db
    .update(enrollments)
    .set({ completedAt: new Date() })
    .where(and(eq(enrollments.participantId, participantId), eq(enrollments.courseId, courseId), isNull(enrollments.completedAt)));
  await ctx.db.insert(certificates).values({ code: newCertificateCode(), participantId, courseId }).onConflictDoNothing();
  return findCertificate(ctx, participantId, courseId);
}

/** After an assessment is passed: the last lectures may have been watched long before. */
export async function issueCertificateIfEarned(ctx: AppContext, participantId: number, courseId: number) {
  const progress = (await progressFor(ctx.db, participantId, [courseId])).get(courseId)!;
  return completeCourseIfDone(ctx, participantId, courseId, progress.percent);
}

export async function reportProgress(ctx: AppContext, user: RequestUser, input: { lecture_id: number; position_seconds: number; played_seconds: number }) {
  const [lecture] = await ctx.db.select().from(lectures).where(eq(lectures.id, input.lecture_id));
  if (!lecture) throw new AppError('api.learn.lecture_not_found', 404, { fields: { lecture_id: 'api.learn.lecture_not_found' } });
  await enrolledCourseOr403(ctx, user, lecture.courseId);
  const [prev] = await ctx.db.select().from(lectureProgress).where(and(eq(lectureProgress.participantId, user.id), eq(lectureProgress.lectureId, lecture.id)));
  const elapsed = prev ? (Date.now() - prev.updatedAt.getTime()) / 1000 + CREDIT_SLACK_SECONDS : FIRST_REPORT_MAX_CREDIT;
  const credit = Math.min(input.played_seconds, elapsed, MAX_CREDIT_PER_REPORT);
  const duration = lecture.durationSeconds;
  const watched = Math.round(Math.min(duration > 0 ? duration : Infinity, (prev?.watchedSeconds ?? 0) + credit));
  const position = Math.round(duration > 0 ? Math.min(input.position_seconds, duration) : input.position_seconds);
  const reached = duration > 0 ? watched >= COMPLETION_THRESHOLD * duration : input.played_seconds > 0;
  const completedAt = prev?.completedAt ?? (reached ? new Date() : null);
  const [stored] = await ctx.db
    .insert(lectureProgress)
    .values({ participantId: user.id, lectureId: lecture.id, courseId: lecture.courseId, positionSeconds: position, watchedSeconds: watched, completedAt, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [lectureProgress.participantId, lectureProgress.lectureId],
      // Reports arrive together (pause and ended fire at once): the merge only ever moves forward,
      // so a report computed from an older row can never undo a completion or lower what was watched.
      // updated_at is also the clock of the real-time credit: a report that credits nothing (a pause
      // or a seek arriving just before the report of the time played) must not use that time up.
      set: {
        positionSeconds: position,
        watchedSeconds: sql`greatest("lecture_progress"."watched_seconds", excluded."watched_seconds")`,
        completedAt: sql`coalesce("lecture_progress"."completed_at", excluded."completed_at")`,
        updatedAt: credit > 0 ? new Date() : sql`"lecture_progress"."updated_at"`,
      },
    })
    .returning({ watchedSeconds: lectureProgress.watchedSeconds, completedAt: lectureProgress.completedAt });
  const courseProgress = (await progressFor(ctx.db, user.id, [lecture.courseId])).get(lecture.courseId)!;
  const certificate = await completeCourseIfDone(ctx, user.id, lecture.courseId, courseProgress.percent);
  // What was stored, after the merge with any report that arrived at the same time.
  return { lectureId: lecture.id, positionSeconds: position, watchedSeconds: stored!.watchedSeconds, completed: !!stored!.completedAt, courseProgress, certificate };
}

export async function verifyCertificate(ctx: AppContext, code: string) {
  const instructors = ctx.db.select({ id: users.id, name: users.name }).from(users).as('instructors');
  const [row] = await ctx.db
    .select({ code: certificates.code, participantName: users.name, courseTitle: courses.title, courseLanguage: courses.language, instructorName: instructors.name, issuedAt: certificates.issuedAt })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.participantId))
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .innerJoin(instructors, eq(instructors.id, courses.instructorId))
    .where(eq(certificates.code, code.trim().toUpperCase()));
  if (!row) throw new AppError('api.certificate.not_found', 404);
  return { ...row, issuedAt: row.issuedAt.toISOString() };
}
