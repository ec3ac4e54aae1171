import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { sanitizePlainText } from '../../lib/sanitize';
import { ratings, users } from '../../db/schema';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { invalidateCatalog, publicCourseOr404 } from '../catalog/catalog.service';
import { isEnrolled } from './enrollments';

/** One rating per participant and course: a second call updates it. Only enrolled participants. */
export async function rateCourse(ctx: AppContext, user: RequestUser, input: { course_id: number; rating: number; rating_message: string }) {
  await publicCourseOr404(ctx, input.course_id);
  if (!(await isEnrolled(ctx.db, user.id, input.course_id))) {
    throw new AppError('api.rating.not_enrolled', 403);
  }
  const message = sanitizePlainText(input.rating_message);
  const [row] = await ctx.db
    .insert(ratings)
    .values({ participantId: user.id, courseId: input.course_id, rating: input.rating, message })
    .onConflictDoUpdate({ target: [ratings.participantId, ratings.courseId], set: { rating: input.rating, message, updatedAt: new Date() } })
    .returning();
  invalidateCatalog(ctx);
  const [summary] = await ctx.db
    .select({ average: sql<number>`round(avg(${ratings.rating})::numeric, 1)::float8`, count: sql<number>`count(*)::int` })
    .from(ratings)
    .where(eq(ratings.courseId, input.course_id));
  const [me] = await ctx.db.select({ name: users.name }).from(users).where(and(eq(users.id, user.id)));
  return {
    review: { id: row!.id, rating: row!.rating, message: row!.message, participant: { name: me!.name }, createdAt: row!.createdAt.toISOString(), updatedAt: row!.updatedAt.toISOString() },
    courseRating: { average: Number(summary?.average ?? 0), count: summary?.count ?? 0 },
  };
}
