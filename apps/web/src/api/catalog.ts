import { catalogRoutes } from '@nibras/contract';
import { callRoute } from './http';

export async function fetchHome() {
  return (await callRoute(catalogRoutes.home)).data;
}

export async function fetchCategoryPage(id: string, page: number, sort: string) {
  return (await callRoute(catalogRoutes.category, { params: { id }, query: { page, sort } })).data;
}

/** The spec posts `{ p_id }`; the bearer token (when signed in as a participant) is what the server trusts. */
export async function fetchCourseDetails(id: number, participantId: string, token: string | undefined) {
  return (await callRoute(catalogRoutes.details, { params: { id }, body: { p_id: participantId === '' ? '' : Number(participantId) }, ...(token ? { token } : {}) })).data;
}

export async function fetchReviews(id: number, page: number) {
  return (await callRoute(catalogRoutes.reviews, { params: { id }, query: { page } })).data;
}
