import { wishlistRoutes } from '@nibras/contract';
import { currentToken } from '../app/session';
import { callRoute } from './http';

export async function setWishlisted(courseId: number, wishlisted: boolean) {
  const token = currentToken('participant');
  const result = wishlisted
    ? await callRoute(wishlistRoutes.add, { body: { course_id: courseId }, token })
    : await callRoute(wishlistRoutes.remove, { params: { id: courseId }, token });
  return result.data;
}

/** Ids of the courses on the participant's wishlist (first page), so course cards can fill their hearts. */
export async function fetchWishlistIds(): Promise<Set<number>> {
  const data = (await callRoute(wishlistRoutes.list, { query: { page: 1 }, token: currentToken('participant') })).data;
  return new Set(data.items.map((item) => item.id));
}
