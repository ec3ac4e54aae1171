import type { FastifyInstance } from 'fastify';
import { searchRoutes } from '@nibras/contract';
import { addRoute, searchCallerOf } from '../../plugins/route';
import type { AppContext } from '../../context';
import { asSearchCaller } from './search-gate';
import { searchCourses } from './search.service';

export function searchModule(app: FastifyInstance, ctx: AppContext) {
  // The limit, per account or per address, is the route's (`rateLimit: 'search'`, plugins/route.ts); the
  // search then takes its turn at the gate as that caller (search-gate.ts). Answers are kept briefly, and
  // served with or without a token: they are the same for everyone.
  addRoute(app, ctx, searchRoutes.search, async ({ query, request }) => ({ data: await asSearchCaller(searchCallerOf(request), () => searchCourses(ctx, query)) }), {
    publicCache: true,
    sameForEveryone: true,
    trustedAnswer: true,
  });
}
