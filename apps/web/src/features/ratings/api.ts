import { ratingRoutes, type ModeratedReview } from '@nibras/contract';
import { callRoute, type RequestBody } from '../../lib/http';
import { routeQuery } from '../../lib/query';

export function rateCourse(body: RequestBody<typeof ratingRoutes.rate>) {
  return callRoute(ratingRoutes.rate, { body });
}

/** Who moderates reviews (docs/reviews.md): admins every course's, instructors their own courses'. */
export type ModeratorRole = 'admin' | 'instructor';
export type ReviewFilter = 'all' | 'visible' | 'hidden';
export type { ModeratedReview };

export const reviewKeys = {
  all: ['reviews'] as const,
};

export const reviewQueries = {
  list: (role: ModeratorRole, page: number, status: ReviewFilter) => routeQuery(['reviews', role, page, status], ratingRoutes[role].list, { query: { page, status } }),
};

export function hideReview(role: ModeratorRole, id: number, body: RequestBody<(typeof ratingRoutes)['admin']['hide']>) {
  return callRoute(ratingRoutes[role].hide, { params: { id }, body });
}

export function showReview(role: ModeratorRole, id: number) {
  return callRoute(ratingRoutes[role].show, { params: { id } });
}
