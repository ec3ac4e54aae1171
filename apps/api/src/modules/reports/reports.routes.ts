import type { FastifyInstance } from 'fastify';
import { reportsRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import { sendExport } from '../../lib/exports';
import { translate } from '../../lib/i18n';
import type { AppContext } from '../../context';
import { categoryReportRows, courseReportRows, readCategoryReport, readCourseReport, readDropoff } from './reports.service';

/** The admins' reports (docs/reports.md): per course, per category, a course's drop-off, and their exports. */
export function reportsModule(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, reportsRoutes.courses, async ({ query, request }) => ({ data: await readCourseReport(ctx, query, request.lang) }));
  addRoute(app, ctx, reportsRoutes.categories, async ({ query, request }) => ({ data: await readCategoryReport(ctx, query, request.lang) }));
  addRoute(app, ctx, reportsRoutes.dropoff, async ({ params }) => ({ data: await readDropoff(ctx, params.id) }));
  addRoute(app, ctx, reportsRoutes.coursesExport, async ({ query, request, reply }) =>
    sendExport(reply, {
      format: query.format,
      filename: 'nibras-report-courses',
      lang: request.lang,
      sheet: translate(request.lang, 'api.reports.export.sheet_courses'),
      rows: courseReportRows(ctx, query, request.lang, (key) => translate(request.lang, key)),
    }),
  );
  addRoute(app, ctx, reportsRoutes.categoriesExport, async ({ query, request, reply }) =>
    sendExport(reply, {
      format: query.format,
      filename: 'nibras-report-categories',
      lang: request.lang,
      sheet: translate(request.lang, 'api.reports.export.sheet_categories'),
      rows: categoryReportRows(ctx, query, request.lang, (key) => translate(request.lang, key)),
    }),
  );
}
