import type { QueryClient } from '@tanstack/react-query';
import { searchRoutes } from '@nibras/contract';
import { routeQuery } from '../../lib/query';

/** URL parameters the search page reads and writes; each one the API accepts under the same name. */
export const SEARCH_FILTERS = ['category', 'language', 'level', 'price', 'minRating'] as const;
export type SearchFilter = (typeof SEARCH_FILTERS)[number];

/** The search call's query, as the page's address gives it. */
export function searchQueryOf(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of ['q', 'sort', 'page', ...SEARCH_FILTERS]) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  return query;
}

export const searchKeys = { all: ['search'] as const };

export const searchQueries = {
  results: (query: Readonly<Record<string, string | number>>) => routeQuery([...searchKeys.all, query], searchRoutes.search, { query }),
};

/** The results a first visit of the search page shows, asked for with the page's code (app/routes.tsx). */
export const preloadSearch = (client: QueryClient, search: URLSearchParams) => client.prefetchQuery(searchQueries.results(searchQueryOf(search)));
