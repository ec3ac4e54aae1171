import type { FastifyInstance } from 'fastify';
import { gradebookRoutesByRole } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { readGradebook, saveGradebookSettings } from './gradebook.service';

/** A course's gradebook (docs/gradebook.md): the instructor's own courses, an admin's every course. */
export function gradebookModule(app: FastifyInstance, ctx: AppContext) {
  for (const r of Object.values(gradebookRoutesByRole)) {
    addRoute(app, ctx, r.read, async ({ user, params, query }) => ({ data: await readGradebook(ctx, user, params.id, query) }));
    addRoute(app, ctx, r.settings, async ({ user, body }) => ({ message: 'api.gradebook.saved', data: await saveGradebookSettings(ctx, user, body) }));
  }
}
