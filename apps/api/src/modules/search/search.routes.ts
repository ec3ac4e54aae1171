import type { FastifyInstance } from 'fastify';
import { searchRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { searchCourses } from './search.service';

export function searchModule(app: FastifyInstance, ctx: AppContext) {
  // The per-address limit is the route's (`rateLimit: 'search'`, plugins/route.ts); anonymous answers are kept briefly.
  addRoute(app, ctx, searchRoutes.search, async ({ query }) => ({ data: await searchCourses(ctx, query) }), { publicCache: true, trustedAnswer: true });
}
