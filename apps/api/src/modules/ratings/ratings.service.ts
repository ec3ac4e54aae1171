import { mailLinks } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { sanitizePlainText } from '../../lib/sanitize';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { invalidateCatalog, publicCourseOr404 } from '../catalog/catalog.service';
import { isEnrolled } from '../learning/learning.service';
import { notifyUser, siteLink } from '../mail/mail.service';
import { notify } from '../notifications/notifications.service';
import { presentModeratedReview, presentRatingResult } from './ratings.presenter';
import { findModerated, hideRating, moderationList, participantName, ratingSummary, showRating, upsertRating, type ModeratedRow } from './ratings.queries';

/** One rating per participant and course: a second call updates it. Only enrolled participants. */
export async function rateCourse(ctx: AppContext, user: RequestUser, input: { course_id: number; rating: number; rating_message: string }) {
  await publicCourseOr404(ctx, input.course_id);
  if (!(await isEnrolled(ctx, user.id, input.course_id))) throw new AppError('api.rating.not_enrolled', 403);
  const row = await upsertRating(ctx.db, { participantId: user.id, courseId: input.course_id, rating: input.rating, message: sanitizePlainText(input.rating_message) });
  invalidateCatalog(ctx);
  const [summary, name] = await Promise.all([ratingSummary(ctx.db, input.course_id), participantName(ctx.db, user.id)]);
  return presentRatingResult(row, name, summary);
}

// ---------------------------------------------------------------------------------------------
// Moderation (docs/reviews.md): admins any review, instructors those of their own courses.

type Moderator = 'admin' | 'instructor';
const PER_PAGE = 20;

export async function listReviewsFor(ctx: AppContext, user: RequestUser, role: Moderator, query: { page: number; status: 'all' | 'visible' | 'hidden'; course_id?: number | undefined }) {
  const { rows, total } = await moderationList(
    ctx.db,
    { ...(role === 'instructor' ? { instructorId: user.id } : {}), ...(query.course_id ? { courseId: query.course_id } : {}), status: query.status },
    query.page,
    PER_PAGE,
  );
  return { items: rows.map(presentModeratedReview), page: query.page, perPage: PER_PAGE, total };
}

/** The review, if this moderator may act on it: another instructor's course's review is not found. */
async function moderatedOr404(ctx: AppContext, user: RequestUser, role: Moderator, id: number): Promise<ModeratedRow> {
  const row = await findModerated(ctx.db, id);
  if (!row || (role === 'instructor' && row.instructorId !== user.id)) throw new AppError('api.review.not_found', 404);
  return row;
}

/**
 * Hides a review with a reason: it leaves the course page, its distribution and its rating in the same
 * statement (the triggers of migration 0022), the catalog's caches are dropped, and the reviewer is told why.
 */
export async function hideReview(ctx: AppContext, user: RequestUser, role: Moderator, id: number, reason: string) {
  const row = await moderatedOr404(ctx, user, role, id);
  const text = sanitizePlainText(reason);
  if (text.length < 3) throw new AppError('api.validation.failed', 400, { fields: { reason: 'api.review.reason_short' } });
  if (!(await hideRating(ctx.db, id, user.id, text, new Date(ctx.now())))) throw new AppError('api.review.already_hidden', 409);
  invalidateCatalog(ctx);
  await notify(ctx, row.participantId, 'review_hidden', { course: row.courseTitle }, mailLinks.courseDetails(row.courseId));
  await notifyUser(ctx, row.participantId, (to) => ({
    kind: 'review_hidden',
    params: { name: to.name, course: row.courseTitle, reason: text, link: siteLink(ctx, mailLinks.courseDetails(row.courseId)) },
  }));
  return presentModeratedReview((await findModerated(ctx.db, id))!);
}

/** Shows a hidden review again: it counts in the course's rating again. */
export async function showReview(ctx: AppContext, user: RequestUser, role: Moderator, id: number) {
  await moderatedOr404(ctx, user, role, id);
  if (!(await showRating(ctx.db, id))) throw new AppError('api.review.not_hidden', 409);
  invalidateCatalog(ctx);
  return presentModeratedReview((await findModerated(ctx.db, id))!);
}
