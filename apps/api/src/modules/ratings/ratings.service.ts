import { AppError } from '../../lib/app-error';
import { sanitizePlainText } from '../../lib/sanitize';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { invalidateCatalog, publicCourseOr404 } from '../catalog/catalog.service';
import { isEnrolled } from '../learning/learning.service';
import { presentRatingResult } from './ratings.presenter';
import { participantName, ratingSummary, upsertRating } from './ratings.queries';

/** One rating per participant and course: a second call updates it. Only enrolled participants. */
export async function rateCourse(ctx: AppContext, user: RequestUser, input: { course_id: number; rating: number; rating_message: string }) {
  await publicCourseOr404(ctx, input.course_id);
  if (!(await isEnrolled(ctx, user.id, input.course_id))) throw new AppError('api.rating.not_enrolled', 403);
  const row = await upsertRating(ctx.db, { participantId: user.id, courseId: input.course_id, rating: input.rating, message: sanitizePlainText(input.rating_message) });
  invalidateCatalog(ctx);
  const [summary, name] = await Promise.all([ratingSummary(ctx.db, input.course_id), participantName(ctx.db, user.id)]);
  return presentRatingResult(row, name, summary);
}
