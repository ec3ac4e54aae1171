import { learnerRoutes } from '@nibras/contract';
import { currentToken } from '../app/session';
import { callRoute } from './http';

export async function setWishlisted(courseId: number, wishlisted: boolean) {
  const token = currentToken('participant');
  const result = wishlisted
    ? await callRoute(learnerRoutes.wishlistAdd, { body: { course_id: courseId }, token })
    : await callRoute(learnerRoutes.wishlistRemove, { params: { id: courseId }, token });
  return result.data;
}

/** Ids of the courses on the participant's wishlist (first page), so course cards can fill their hearts. */
export async function fetchWishlistIds(): Promise<Set<number>> {
  const data = (await callRoute(learnerRoutes.wishlist, { query: { page: 1 }, token: currentToken('participant') })).data;
  return new Set(data.items.map((item) => item.id));
}
