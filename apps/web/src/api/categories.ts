import { categoryRoutes } from '@nibras/contract';
import { callRoute } from './http';

export async function fetchCategoryNames() {
  return (await callRoute(categoryRoutes.nameList)).data;
}
