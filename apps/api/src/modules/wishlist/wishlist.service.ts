import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { loadCourseCards, publicCourseOr404 } from '../catalog/catalog.service';
import { addWish, removeWish, wishPage } from './wishlist.queries';

const PER_PAGE = 10;

export async function addToWishlist(ctx: AppContext, user: RequestUser, courseId: number) {
  await publicCourseOr404(ctx, courseId);
  await addWish(ctx.db, user.id, courseId);
  return { courseId, wishlisted: true };
}

export async function removeFromWishlist(ctx: AppContext, user: RequestUser, courseId: number) {
  await removeWish(ctx.db, user.id, courseId);
  return { courseId, wishlisted: false };
}

export async function listWishlist(ctx: AppContext, user: RequestUser, page: number) {
  const { rows, total } = await wishPage(ctx.db, user.id, PER_PAGE, (page - 1) * PER_PAGE);
  // Cards exist only for courses that are still public; a course withdrawn later drops out.
  const cards = new Map((await loadCourseCards(ctx.db, rows.map((r) => r.courseId))).map((c) => [c.id, c]));
  const items = rows.flatMap((r) => (cards.has(r.courseId) ? [{ ...cards.get(r.courseId)!, addedAt: r.createdAt.toISOString() }] : []));
  return { items, page, perPage: PER_PAGE, total };
}
