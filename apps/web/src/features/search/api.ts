import { searchRoutes } from '@nibras/contract';
import { routeQuery } from '../../lib/query';

export const searchKeys = { all: ['search'] as const };

export const searchQueries = {
  results: (query: Readonly<Record<string, string | number>>) => routeQuery([...searchKeys.all, query], searchRoutes.search, { query }),
};
