import type { FastifyInstance } from 'fastify';
import { learnRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { learnCourse, reportProgress, verifyCertificate } from './learn.service';

export function learnModule(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, learnRoutes.course, async ({ user, params }) => ({ data: await learnCourse(ctx, user, params.id) }));
  addRoute(app, ctx, learnRoutes.progress, async ({ user, body }) => ({ message: 'api.learn.saved', data: await reportProgress(ctx, user, body) }));
  addRoute(app, ctx, learnRoutes.certificate, async ({ params }) => ({ data: await verifyCertificate(ctx, params.code) }));
}
