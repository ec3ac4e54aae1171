import type { FastifyInstance } from 'fastify';
import { gradebookRoutesByRole } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import { sendExport } from '../../lib/exports';
import { translate } from '../../lib/i18n';
import type { AppContext } from '../../context';
import { gradebookExportRows, readGradebook, saveGradebookSettings } from './gradebook.service';

/** A course's gradebook (docs/gradebook.md): the instructor's own courses, an admin's every course. */
export function gradebookModule(app: FastifyInstance, ctx: AppContext) {
  for (const r of Object.values(gradebookRoutesByRole)) {
    addRoute(app, ctx, r.read, async ({ user, params, query }) => ({ data: await readGradebook(ctx, user, params.id, query) }));
    addRoute(app, ctx, r.settings, async ({ user, body }) => ({ message: 'api.gradebook.saved', data: await saveGradebookSettings(ctx, user, body) }));
    addRoute(app, ctx, r.export, async ({ user, params, query, request, reply }) =>
      sendExport(reply, {
        format: query.format,
        filename: `nibras-gradebook-${params.id}`,
        lang: request.lang,
        sheet: translate(request.lang, 'api.gradebook.export.sheet'),
        rows: gradebookExportRows(ctx, user, params.id, query, (key) => translate(request.lang, key)),
      }),
    );
  }
}
