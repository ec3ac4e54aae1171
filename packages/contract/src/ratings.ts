import { z } from 'zod';
import { numeric } from './numbers';
import { ratingSummary, review } from './catalog';
import { envelope } from './envelope';
import type { RouteDef } from './route-def';

export const ratingBody = z.strictObject({
  course_id: numeric(z.number().int().min(1).max(2_147_483_647)),
  rating: numeric(z.number().int().min(1).max(5)),
  rating_message: z.string().max(2000).optional().default(''),
});
export const ratingResult = z.object({ review, courseRating: ratingSummary });

export const ratingRoutes = {
  rate: {
    method: 'POST', path: '/api/participant/rating/add', access: 'participant', errors: [404], tags: ['ratings'],
    summary: 'Rate a course you are enrolled in, 1 to 5; a second call updates your rating', body: ratingBody, response: envelope(ratingResult),
  },
} satisfies Record<string, RouteDef>;
