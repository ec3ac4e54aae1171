import type { CourseCard } from '@nibras/contract';
import type { WishRow } from './wishlist.queries';

/** Whether the course is on the participant's wishlist now (the answer to adding and removing). */
export function presentWish(courseId: number, wishlisted: boolean) {
  return { courseId, wishlisted };
}

/**
 * One page of the wishlist: each course's card with the day it was added. Cards exist only for
 * courses that are still public; a course withdrawn later drops out of the page.
 */
export function presentWishlistPage(rows: WishRow[], cards: CourseCard[], page: { page: number; perPage: number; total: number }) {
  const byId = new Map(cards.map((c) => [c.id, c]));
  const items = rows.flatMap((r) => (byId.has(r.courseId) ? [{ ...byId.get(r.courseId)!, addedAt: r.createdAt.toISOString() }] : []));
  return { items, ...page };
}
