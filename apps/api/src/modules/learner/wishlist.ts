import { and, count, desc, eq } from 'drizzle-orm';
import { wishlist } from '../../db/schema';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { loadCourseCards } from '../catalog/course-cards';
import { publicCourseOr404 } from '../catalog/catalog.service';

export async function addToWishlist(ctx: AppContext, user: RequestUser, courseId: number) {
  await publicCourseOr404(ctx, courseId);
  await ctx.db.insert(wishlist).values({ participantId: user.id, courseId }).onConflictDoNothing();
  return { courseId, wishlisted: true };
}

export async function removeFromWishlist(ctx: AppContext, user: RequestUser, courseId: number) {
  await ctx.db.delete(wishlist).where(and(eq(wishlist.participantId, user.id), eq(wishlist.courseId, courseId)));
  return { courseId, wishlisted: false };
}

export async function listWishlist(ctx: AppContext, user: RequestUser, page: number) {
  const perPage = 10;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ courseId: wishlist.courseId, createdAt: wishlist.createdAt })
      .from(wishlist)
      .where(eq(wishlist.participantId, user.id))
      .orderBy(desc(wishlist.createdAt))
      .limit(perPage)
      .offset((page - 1) * perPage),
    ctx.db.select({ n: count() }).from(wishlist).where(eq(wishlist.participantId, user.id)),
  ]);
  // Cards exist only for courses that are still public; a course withdrawn later drops out.
  const cards = new Map((await loadCourseCards(ctx.db, rows.map((r) => r.courseId))).map((c) => [c.id, c]));
  const items = rows.flatMap((r) => (cards.has(r.courseId) ? [{ ...cards.get(r.courseId)!, addedAt: r.createdAt.toISOString() }] : []));
  return { items, page, perPage, total: total?.n ?? 0 };
}
