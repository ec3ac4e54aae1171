import type { FastifyInstance } from 'fastify';
import { ratingRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { hideReview, listReviewsFor, rateCourse, showReview } from './ratings.service';

export function ratingsModule(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, ratingRoutes.rate, async ({ user, body }) => ({ message: 'api.rating.saved', data: await rateCourse(ctx, user, body) }));
  for (const role of ['admin', 'instructor'] as const) {
    const r = ratingRoutes[role];
    addRoute(app, ctx, r.list, async ({ user, query }) => ({ data: await listReviewsFor(ctx, user, role, query) }));
    addRoute(app, ctx, r.hide, async ({ user, params, body }) => ({ message: 'api.review.hidden', data: await hideReview(ctx, user, role, params.id, body.reason) }));
    addRoute(app, ctx, r.show, async ({ user, params }) => ({ message: 'api.review.shown', data: await showReview(ctx, user, role, params.id) }));
  }
}
