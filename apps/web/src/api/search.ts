import { searchRoutes } from '@nibras/contract';
import { callRoute } from './http';

export async function searchCourses(query: Readonly<Record<string, string | number>>, signal?: AbortSignal) {
  return (await callRoute(searchRoutes.search, { query, ...(signal ? { signal } : {}) })).data;
}
