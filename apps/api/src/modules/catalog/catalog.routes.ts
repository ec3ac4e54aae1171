import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { categoryPage, courseDetails, homePage, publicReviews } from './catalog.service';

export function catalogModule(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, catalogRoutes.home, async () => ({ data: await homePage(ctx) }));
  addRoute(app, ctx, catalogRoutes.category, async ({ params, query }) => ({ data: await categoryPage(ctx, params.id, query) }));
  // p_id in the body is the spec's; the token, when there is one, decides who is asking.
  addRoute(app, ctx, catalogRoutes.details, async ({ params, user }) => ({ data: await courseDetails(ctx, params.id, user) }));
  addRoute(app, ctx, catalogRoutes.reviews, async ({ params, query }) => ({ data: await publicReviews(ctx, params.id, query.page) }));
}
