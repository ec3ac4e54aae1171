import { queryOptions } from '@tanstack/react-query';
import { catalogRoutes, type CourseSort } from '@nibras/contract';
import { callRoute } from '../../lib/http';
import { routeQuery } from '../../lib/query';
import { sessionStore } from '../../lib/session';

export const catalogKeys = { all: ['catalog'] as const };

export const catalogQueries = {
  home: () => routeQuery([...catalogKeys.all, 'home'], catalogRoutes.home),
  category: (id: string, page: number, sort: CourseSort) =>
    routeQuery([...catalogKeys.all, 'category', id, page, sort], catalogRoutes.category, { params: { id }, query: { page, sort } }),
  /**
   * The spec posts `{ p_id }`; the bearer token (when signed in as a participant) is what the server
   * trusts. The answer depends on who asks: it is the participant's data (meta.access).
   */
  details: (id: number) =>
    queryOptions({
      queryKey: [...catalogKeys.all, 'details', id],
      queryFn: async () => {
        const participantId = sessionStore.session('participant')?.localId;
        return (await callRoute(catalogRoutes.details, { params: { id }, body: { p_id: participantId ? Number(participantId) : '' } })).data;
      },
      meta: { access: 'participant' as const },
    }),
  reviews: (id: number, page: number) => routeQuery([...catalogKeys.all, 'reviews', id, page], catalogRoutes.reviews, { params: { id }, query: { page } }),
};
