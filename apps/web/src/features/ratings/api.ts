import { ratingRoutes } from '@nibras/contract';
import { callRoute, type RequestBody } from '../../lib/http';

export function rateCourse(body: RequestBody<typeof ratingRoutes.rate>) {
  return callRoute(ratingRoutes.rate, { body });
}
