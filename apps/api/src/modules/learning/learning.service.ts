import { COMPLETION_THRESHOLD, type LearnCourse, type ProgressSummary } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { signMediaGrant } from '../../lib/tokens';
import type { AppContext } from '../../context';
import type { Storage } from '../../lib/storage';
import type { RequestUser } from '../../plugins/auth';
import { loadCourseCards } from '../catalog/catalog.service';
import { presentCourseCard } from '../catalog/catalog.presenter';
import { issueCertificateIfEarned } from '../certificates/certificates.service';
import { certificateLink, presentCertificates } from '../certificates/certificates.presenter';
import { mp4DurationSeconds } from '../authoring/video-duration';
import { presentEnrolledCourses, presentLearnCourse } from './learning.presenter';
import { lectureAccess, lectureOpensAt, lockedLecture, sectionOpensAt } from './release.service';
import {
  dashboardData,
  enrolledCourseIds as enrolledCourseIdRows,
  enrolmentCount,
  enrolmentPage,
  findLecture,
  findLiveCourseHead,
  findProgress,
  isEnrolled as enrolmentExists,
  lectureCounts,
  lockCreditClock,
  mergeProgress,
  playerData,
  type EnrolmentRow,
} from './learning.queries';

/**
 * Played time is credited no faster than twice real time (plus a little slack), so skipping to the end does
 * not complete a lecture, and a lecture played to its end at up to twice its speed (the player's fastest
 * rate) does: at real time only, one played at 1.25× never reached its 90 %.
 */
export const MAX_CREDITED_RATE = 2;
/** What a participant's very first report may claim, in seconds of wall-clock time: the player reports after about ten seconds. */
const FIRST_REPORT_MAX_CREDIT = 15;
/** How far the credit clock may lag behind now: absorbs network jitter once, not once per report. */
const CREDIT_SLACK_SECONDS = 5;
const MAX_CREDIT_PER_REPORT = 120;
const PER_PAGE = 10;
const RECENT_COUNT = 5;
const IN_PROGRESS_COUNT = 6;

export function isEnrolled(ctx: AppContext, participantId: number, courseId: number): Promise<boolean> {
  return enrolmentExists(ctx.db, participantId, courseId);
}

export function enrolledCourseIds(ctx: AppContext, participantId: number): Promise<number[]> {
  return enrolledCourseIdRows(ctx.db, participantId);
}

/** Lecture progress of many courses at once: a course with no lectures is at 0 %. */
export async function progressFor(ctx: AppContext, participantId: number, courseIds: number[]): Promise<Map<number, ProgressSummary>> {
  if (courseIds.length === 0) return new Map();
  const { total, completed } = await lectureCounts(ctx.db, participantId, courseIds);
  return new Map(courseIds.map((id) => [id, progressSummary(total.get(id) ?? 0, completed.get(id) ?? 0)]));
}

/** A course's progress from its lecture count and the lectures completed in it. */
function progressSummary(total: number, completed: number): ProgressSummary {
  const done = Math.min(completed, total);
  return { percent: total ? Math.floor((done / total) * 100) : 0, completedLectures: done, totalLectures: total };
}

async function enrolledCourseOr403(ctx: AppContext, user: RequestUser, courseId: number) {
  const course = await findLiveCourseHead(ctx.db, courseId);
  if (!course) throw new AppError('api.course.not_found', 404);
  if (!(await isEnrolled(ctx, user.id, courseId))) throw new AppError('api.learn.not_enrolled', 403);
  return course;
}

export async function learnCourse(ctx: AppContext, user: RequestUser, courseId: number): Promise<LearnCourse> {
  const { course, enrolledAt, outline: rows, progress: progressRows, certificateCode } = await playerData(ctx.db, user.id, courseId);
  if (!course) throw new AppError('api.course.not_found', 404);
  if (!enrolledAt) throw new AppError('api.learn.not_enrolled', 403);
  // Scheduled release: when each section and lecture opens for this participant (null: open now).
  const outline = rows.map((s) => ({
    ...s,
    opensAt: sectionOpensAt(ctx, s.release, enrolledAt),
    lectures: s.lectures.map((l) => ({ ...l, opensAt: lectureOpensAt(ctx, l, s.release, enrolledAt) })),
  }));
  const progress = progressSummary(
    outline.reduce((n, s) => n + s.lectures.length, 0),
    progressRows.filter((r) => r.completedAt).length,
  );
  // Each file's URL carries a grant for this participant and lecture: <video>, a download link and the PDF viewer send no
  // bearer header. A lecture not open yet (scheduled release) gets none, so none of its files.
  const grants = new Map<number, string>();
  await Promise.all(
    outline.flatMap((s) =>
      s.lectures
        .filter((l) => !l.opensAt && (l.video || l.type !== 'video' || l.resources.length > 0))
        .map(async (l) => grants.set(l.id, await signMediaGrant(ctx.tokens, { kind: 'lecture', id: l.id, userId: user.id }))),
    ),
  );
  return presentLearnCourse({ course, outline, progressRows, grants, progress, certificate: certificateCode ? certificateLink(certificateCode) : null });
}

/**
 * Played time is credited against one clock per participant, whatever lecture or course the report
 * is about: a report may claim at most MAX_CREDITED_RATE times the wall-clock time since the clock
 * (of at most 120 s), and the clock then moves forward by the seconds added divided by that rate,
 * never lagging more than a few seconds behind now. So over any stretch of time, everything credited
 * adds up to at most twice that stretch plus the slack: reports sent fast, at once, or for many
 * lectures cannot add up to more than could have been played in the time that really passed.
 */
export function availableCredit(clock: Date | null, now: number): { from: number; seconds: number } {
  const from = clock ? clock.getTime() : now - FIRST_REPORT_MAX_CREDIT * 1000;
  return { from, seconds: Math.max(0, Math.min((now - from) / 1000, MAX_CREDIT_PER_REPORT)) * MAX_CREDITED_RATE };
}

/** The clock after `added` seconds were credited from `from` (unchanged when none were). */
export function clockAfter(from: number, added: number, now: number): Date {
  return new Date(added > 0 ? Math.max(from + (added / MAX_CREDITED_RATE) * 1000, now - CREDIT_SLACK_SECONDS * 1000) : from);
}

/**
 * Real lengths of stored MP4s by storage key, read once per key: a key always names the same bytes
 * (every upload gets a new one), and a report comes every ten seconds from every learner.
 */
const mediaSecondsCache = new WeakMap<Storage, Map<string, Promise<number | null>>>();
const MEDIA_SECONDS_CACHE_SIZE = 10_000;

function mediaSeconds(storage: Storage, key: string): Promise<number | null> {
  let byKey = mediaSecondsCache.get(storage);
  if (!byKey) mediaSecondsCache.set(storage, (byKey = new Map()));
  let seconds = byKey.get(key);
  if (!seconds) {
    if (byKey.size >= MEDIA_SECONDS_CACHE_SIZE) byKey.clear();
    seconds = key.endsWith('.mp4') ? mp4DurationSeconds(storage, key).catch(() => null) : Promise.resolve(null);
    byKey.set(key, seconds);
  }
  return seconds;
}

/**
 * The length a participant has to watch: the lecture's stated duration, but never more than its video
 * really lasts (read from the MP4's header by the server, never from the client). A duration an
 * instructor typed longer than the file, or the demo's short clips under course-length durations,
 * would otherwise leave a lecture that no one can complete. Unknown for WebM: the stated one counts.
 */
export async function completionSeconds(ctx: AppContext, lecture: { durationSeconds: number; video: string | null }): Promise<number> {
  const real = lecture.video ? await mediaSeconds(ctx.storage, lecture.video) : null;
  return real && lecture.durationSeconds > 0 ? Math.min(lecture.durationSeconds, real) : lecture.durationSeconds;
}

export async function reportProgress(ctx: AppContext, user: RequestUser, input: { lecture_id: number; position_seconds: number; played_seconds: number }) {
  const lecture = await findLecture(ctx.db, input.lecture_id);
  if (!lecture) throw new AppError('api.learn.lecture_not_found', 404, { fields: { lecture_id: 'api.learn.lecture_not_found' } });
  await enrolledCourseOr403(ctx, user, lecture.courseId);
  // A lecture not open yet cannot be watched, so it cannot be completed either (nor count towards the certificate).
  if ((await lectureAccess(ctx, user.id, lecture.id))?.opensAt) throw lockedLecture();
  const duration = await completionSeconds(ctx, lecture);
  const { stored, position } = await ctx.db.transaction(async (tx) => {
    const clock = await lockCreditClock(tx, user.id);
    const prev = await findProgress(tx, user.id, lecture.id);
    const now = Date.now();
    const available = availableCredit(clock, now);
    const before = prev?.watchedSeconds ?? 0;
    // Kept with its fraction (db/schema/learning.ts): whole seconds per report fell short of a lecture's end.
    const watched = Math.min(duration > 0 ? duration : Infinity, before + Math.min(input.played_seconds, available.seconds));
    const added = Math.max(0, watched - before);
    const position = Math.round(duration > 0 ? Math.min(input.position_seconds, duration) : input.position_seconds);
    const reached = duration > 0 ? watched >= COMPLETION_THRESHOLD * duration : input.played_seconds > 0;
    const stored = await mergeProgress(
      tx,
      { participantId: user.id, lectureId: lecture.id, courseId: lecture.courseId, positionSeconds: position, watchedSeconds: watched, completedAt: prev?.completedAt ?? (reached ? new Date() : null) },
      clockAfter(available.from, added, now),
      added > 0,
    );
    return { stored, position };
  });
  const [courseProgress, certificate] = await Promise.all([
    progressFor(ctx, user.id, [lecture.courseId]).then((p) => p.get(lecture.courseId)!),
    issueCertificateIfEarned(ctx, user.id, lecture.courseId),
  ]);
  // What was stored, after the merge with any report that arrived at the same time.
  return { lectureId: lecture.id, positionSeconds: position, watchedSeconds: Math.floor(stored.watchedSeconds), completed: !!stored.completedAt, courseProgress, certificate };
}

/**
 * An article or PDF lecture read to its end (its end marker or last page shown) or marked done: complete at once. A
 * video lecture completes by watching (reportProgress): refused. No time is credited, so the credit clock stays.
 */
export async function reportCompletion(ctx: AppContext, user: RequestUser, input: { lecture_id: number }) {
  const lecture = await findLecture(ctx.db, input.lecture_id);
  if (!lecture) throw new AppError('api.learn.lecture_not_found', 404, { fields: { lecture_id: 'api.learn.lecture_not_found' } });
  await enrolledCourseOr403(ctx, user, lecture.courseId);
  if (lecture.type === 'video') throw new AppError('api.learn.video_completes_by_watching', 409, { fields: { lecture_id: 'api.learn.video_completes_by_watching' } });
  // A lecture not open yet (scheduled release) cannot be completed, as it cannot be watched.
  if ((await lectureAccess(ctx, user.id, lecture.id))?.opensAt) throw lockedLecture();
  const stored = await ctx.db.transaction(async (tx) => {
    const clock = await lockCreditClock(tx, user.id);
    const prev = await findProgress(tx, user.id, lecture.id);
    return mergeProgress(
      tx,
      { participantId: user.id, lectureId: lecture.id, courseId: lecture.courseId, positionSeconds: 0, watchedSeconds: prev?.watchedSeconds ?? 0, completedAt: prev?.completedAt ?? new Date() },
      clock ?? new Date(),
      false,
    );
  });
  const [courseProgress, certificate] = await Promise.all([
    progressFor(ctx, user.id, [lecture.courseId]).then((p) => p.get(lecture.courseId)!),
    issueCertificateIfEarned(ctx, user.id, lecture.courseId),
  ]);
  return { lectureId: lecture.id, positionSeconds: 0, watchedSeconds: Math.floor(stored.watchedSeconds), completed: !!stored.completedAt, courseProgress, certificate };
}

/** Cards with enrolment dates and progress, in the order of the rows given. */
async function withCardsAndProgress(ctx: AppContext, participantId: number, rows: EnrolmentRow[]) {
  const ids = rows.map((r) => r.courseId);
  const [cards, progress] = await Promise.all([loadCourseCards(ctx, ids), progressFor(ctx, participantId, ids)]);
  return presentEnrolledCourses(rows, cards, progress);
}

export async function enrolledList(ctx: AppContext, user: RequestUser, participantId: number, page: number) {
  // The spec puts the participant id in the path; only the caller's own is allowed.
  if (participantId !== user.id) throw new AppError('api.auth.not_yours', 403);
  const [rows, total] = await Promise.all([enrolmentPage(ctx.db, user.id, PER_PAGE, (page - 1) * PER_PAGE), enrolmentCount(ctx.db, user.id)]);
  return { items: await withCardsAndProgress(ctx, user.id, rows), page, perPage: PER_PAGE, total };
}

export async function recentEnrolled(ctx: AppContext, user: RequestUser) {
  return withCardsAndProgress(ctx, user.id, await enrolmentPage(ctx.db, user.id, RECENT_COUNT, 0));
}

/**
 * Enrolled and completed counts, courses in progress, recent enrolments and certificates, loaded in
 * one statement (dashboardData). The two lists share one load of cards: the same courses are often
 * in both.
 */
export async function participantDashboard(ctx: AppContext, user: RequestUser) {
  const data = await dashboardData(ctx.db, user.id, { inProgress: IN_PROGRESS_COUNT, recent: RECENT_COUNT });
  const cards = data.cards.map((card) => presentCourseCard(card, ctx.config.currency));
  const progress = new Map(cards.map((c) => [c.id, progressSummary(c.lectureCount, data.completedLectures.get(c.id) ?? 0)]));
  return {
    enrolledCount: data.enrolled,
    completedCount: data.completed,
    inProgress: presentEnrolledCourses(data.inProgress, cards, progress),
    recent: presentEnrolledCourses(data.recent, cards, progress),
    certificates: presentCertificates(data.certificates),
  };
}
