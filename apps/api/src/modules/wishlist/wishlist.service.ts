import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { loadCourseCards, publicCourseOr404 } from '../catalog/catalog.service';
import { presentWish, presentWishlistPage } from './wishlist.presenter';
import { addWish, removeWish, wishPage } from './wishlist.queries';

const PER_PAGE = 10;

export async function addToWishlist(ctx: AppContext, user: RequestUser, courseId: number) {
  await publicCourseOr404(ctx, courseId);
  await addWish(ctx.db, user.id, courseId);
  return presentWish(courseId, true);
}

export async function removeFromWishlist(ctx: AppContext, user: RequestUser, courseId: number) {
  await removeWish(ctx.db, user.id, courseId);
  return presentWish(courseId, false);
}

export async function listWishlist(ctx: AppContext, user: RequestUser, page: number) {
  const { rows, total } = await wishPage(ctx.db, user.id, PER_PAGE, (page - 1) * PER_PAGE);
  const cards = await loadCourseCards(ctx, rows.map((r) => r.courseId));
  return presentWishlistPage(rows, cards, { page, perPage: PER_PAGE, total });
}
