import { orderRoutes, ratingRoutes } from '@nibras/contract';
import { currentToken } from '../app/session';
import { callRoute } from './http';

export async function orderCourse(courseId: number) {
  return callRoute(orderRoutes.order, { body: { course_id: courseId }, token: currentToken('participant') });
}

export async function rateCourse(courseId: number, rating: number, message: string) {
  return callRoute(ratingRoutes.rate, { body: { course_id: courseId, rating, rating_message: message }, token: currentToken('participant') });
}
