import { gradebookRoutesByRole, type GradebookQuery } from '@nibras/contract';
import { callRoute, fetchFile, type RequestBody, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

/** Who sees a course's gradebook (docs/gradebook.md): its instructor, and admins. */
export type GradebookRole = 'instructor' | 'admin';
export type GradebookView = ResponseData<typeof gradebookRoutesByRole.admin.read>;
export type GradebookItemView = GradebookView['items'][number];
export type GradebookRowView = GradebookView['learners']['items'][number];
export type GradebookCellView = GradebookRowView['cells'][number];
export type GradebookSettings = RequestBody<typeof gradebookRoutesByRole.admin.settings>;

/** Every query of the feature starts with 'gradebook'; one course's, by role, then what the page asks for. */
export const gradebookKeys = {
  all: ['gradebook'] as const,
  course: (role: GradebookRole, courseId: number) => ['gradebook', role, courseId] as const,
};

export const gradebookQueries = {
  /** One page of a course's gradebook, sorted, filtered and searched as `query` says. */
  read: (role: GradebookRole, courseId: number, query: GradebookQuery) =>
    routeQuery([...gradebookKeys.course(role, courseId), query], gradebookRoutesByRole[role].read, { params: { id: courseId }, query }),
};

/** The course's pass mark and its items' weights. */
export const saveGradebookSettings = (role: GradebookRole, body: GradebookSettings) => callRoute(gradebookRoutesByRole[role].settings, { body });

/** The whole gradebook the search and filter keep, as CSV or XLSX (docs/gradebook.md, "Exports"). */
export function exportGradebook(role: GradebookRole, courseId: number, format: 'csv' | 'xlsx', filter: Pick<GradebookQuery, 'search' | 'filter'>) {
  return fetchFile(gradebookRoutesByRole[role].export, { params: { id: courseId }, query: { format, ...(filter.search ? { search: filter.search } : {}), ...(filter.filter ? { filter: filter.filter } : {}) } });
}
