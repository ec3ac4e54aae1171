import type { FastifyInstance } from 'fastify';
import { enrolmentRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { enrolOne, importCsv } from './enrolments.service';

export function enrolmentsModule(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, enrolmentRoutes.enrolOne, async ({ body, user }) => {
    const data = await enrolOne(ctx, user.id, body);
    return { message: data.created ? 'api.enrolments.one.invited' : 'api.enrolments.one.enrolled', data };
  });
  addRoute(app, ctx, enrolmentRoutes.enrolCsv, async ({ params, user, request }) => {
    const data = await importCsv(ctx, user.id, request, params.id);
    return { message: data.dryRun ? 'api.enrolments.csv.checked' : 'api.enrolments.csv.done', data };
  });
  addRoute(app, ctx, enrolmentRoutes.importCsv, async ({ user, request }) => {
    const data = await importCsv(ctx, user.id, request, null);
    return { message: data.dryRun ? 'api.enrolments.csv.checked' : 'api.enrolments.csv.done', data };
  });
}
