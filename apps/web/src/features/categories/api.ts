import { categoryRoutes } from '@nibras/contract';
import { callRoute, uploadRoute, type RequestBody, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

export type CategoryListRequest = RequestBody<typeof categoryRoutes.list>;
export type CategoryBody = RequestBody<typeof categoryRoutes.add>;
export type AdminCategoryItem = ResponseData<typeof categoryRoutes.edit>;

export const categoryKeys = { all: ['categories'] as const };

export const categoryQueries = {
  /** Every category with both names: filters, the course editor, the footer. */
  names: () => routeQuery([...categoryKeys.all, 'names'], categoryRoutes.nameList),
  adminList: (page: number, request: CategoryListRequest) => routeQuery([...categoryKeys.all, 'admin', 'list', page, request], categoryRoutes.list, { query: { page }, body: request }),
  adminOne: (id: number) => routeQuery([...categoryKeys.all, 'admin', 'one', id], categoryRoutes.edit, { params: { id } }),
};

export function addCategory(body: CategoryBody) {
  return callRoute(categoryRoutes.add, { body });
}

export function updateCategory(id: number, body: CategoryBody) {
  return callRoute(categoryRoutes.update, { params: { id }, body });
}

export function deleteCategory(id: number) {
  return callRoute(categoryRoutes.delete, { params: { id } });
}

export function uploadCategoryIcon(id: number, file: File) {
  return uploadRoute(categoryRoutes.uploadIcon, { params: { id }, file, fileName: file.name });
}

export function removeCategoryIcon(id: number) {
  return callRoute(categoryRoutes.removeIcon, { params: { id } });
}
