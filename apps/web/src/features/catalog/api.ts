import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { catalogRoutes, COURSE_SORTS, type CourseSort } from '@nibras/contract';
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

/** A course id of the address, or null when it cannot be one (the page then sends the visitor home). */
export function courseIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The category page's page and sort, as its address gives them. */
export function categoryPageOf(search: URLSearchParams): { page: number; sort: CourseSort } {
  const page = Number(search.get('page'));
  const sort = search.get('sort') ?? '';
  return { page: Number.isInteger(page) && page >= 1 ? page : 1, sort: (COURSE_SORTS as readonly string[]).includes(sort) ? (sort as CourseSort) : 'newest' };
}

/**
 * The data a first visit of a catalog page shows, asked for with the page's code (app/routes.tsx),
 * so the page's first paint has it: no loading indicator to replace, nothing moving under the reader.
 */
export const catalogPreloads = {
  /** The public layout's footer and the home page: one call. */
  home: (client: QueryClient) => client.prefetchQuery(catalogQueries.home()),
  details: (client: QueryClient, idParam: string | undefined) => {
    const id = courseIdOf(idParam);
    return id === null ? Promise.resolve() : client.prefetchQuery(catalogQueries.details(id));
  },
  category: (client: QueryClient, id: string | undefined, search: URLSearchParams) => {
    const { page, sort } = categoryPageOf(search);
    return id ? client.prefetchQuery(catalogQueries.category(id, page, sort)) : Promise.resolve();
  },
};
