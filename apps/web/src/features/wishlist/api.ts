import { queryOptions } from '@tanstack/react-query';
import { wishlistRoutes } from '@nibras/contract';
import { callRoute } from '../../lib/http';
import { routeQuery } from '../../lib/query';

export const wishlistKeys = { all: ['wishlist'] as const };

export const wishlistQueries = {
  page: (page: number) => routeQuery([...wishlistKeys.all, 'page', page], wishlistRoutes.list, { query: { page } }),
  /** Ids of the courses on the participant's wishlist (first page), so course cards can fill their hearts. */
  ids: () =>
    queryOptions({
      queryKey: [...wishlistKeys.all, 'ids'],
      queryFn: async () => new Set((await callRoute(wishlistRoutes.list, { query: { page: 1 } })).data.items.map((item) => item.id)),
      meta: { access: 'participant' as const },
    }),
};

export async function setWishlisted(courseId: number, wishlisted: boolean) {
  const result = wishlisted ? await callRoute(wishlistRoutes.add, { body: { course_id: courseId } }) : await callRoute(wishlistRoutes.remove, { params: { id: courseId } });
  return result.data;
}
