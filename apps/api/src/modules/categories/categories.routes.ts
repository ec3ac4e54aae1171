import type { FastifyInstance } from 'fastify';
import { categoryRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { categoryNames } from './categories.service';

export function categoriesModule(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, categoryRoutes.nameList, async () => ({ data: await categoryNames(ctx) }));
}
