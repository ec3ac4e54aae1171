import type { FastifyInstance } from 'fastify';
import { ratingRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { rateCourse } from './ratings.service';

export function ratingsModule(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, ratingRoutes.rate, async ({ user, body }) => ({ message: 'api.rating.saved', data: await rateCourse(ctx, user, body) }));
}
