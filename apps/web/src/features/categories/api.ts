import { categoryRoutes } from '@nibras/contract';
import { routeQuery } from '../../lib/query';

export const categoryKeys = { all: ['categories'] as const };

export const categoryQueries = {
  /** Every category with both names: filters, the course editor, the footer. */
  names: () => routeQuery([...categoryKeys.all, 'names'], categoryRoutes.nameList),
};
