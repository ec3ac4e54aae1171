import { reportsRoutes, type ReportCategoriesQuery, type ReportCoursesQuery } from '@nibras/contract';
import { fetchFile, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

export type CourseReportView = ResponseData<typeof reportsRoutes.courses>;
export type CategoryReportView = ResponseData<typeof reportsRoutes.categories>;
export type DropoffView = ResponseData<typeof reportsRoutes.dropoff>;
export type ReportFiguresView = CourseReportView['totals'];
export type ReportPointView = CourseReportView['series'][number];

/** Every query of the feature starts with 'reports'. */
export const reportsKeys = { all: ['reports'] as const };

const defined = <T extends Record<string, unknown>>(q: T) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;

export const reportsQueries = {
  courses: (query: Partial<ReportCoursesQuery>) => routeQuery([...reportsKeys.all, 'courses', defined(query)], reportsRoutes.courses, { query: defined(query) }),
  categories: (query: Partial<ReportCategoriesQuery>) => routeQuery([...reportsKeys.all, 'categories', defined(query)], reportsRoutes.categories, { query: defined(query) }),
  dropoff: (courseId: number) => routeQuery([...reportsKeys.all, 'dropoff', courseId], reportsRoutes.dropoff, { params: { id: courseId } }),
};

/** The per-course or per-category report as CSV or XLSX, with the screen's filters (docs/reports.md, "Exports"). */
export function exportReport(kind: 'courses' | 'categories', format: 'csv' | 'xlsx', query: Partial<ReportCoursesQuery>) {
  const route = kind === 'courses' ? reportsRoutes.coursesExport : reportsRoutes.categoriesExport;
  const { page: _page, perPage: _perPage, ...rest } = query;
  const filters = kind === 'courses' ? rest : { from: rest.from, to: rest.to, sort: rest.sort, order: rest.order };
  return fetchFile(route, { query: defined({ ...filters, format }) });
}
