import { z } from 'zod';
import { numeric } from './numbers';
import { ratingSummary, review } from './catalog';
import { envelope, idParam, listData, pageQuery } from './envelope';
import type { RouteDef } from './route-def';

export const ratingBody = z.strictObject({
  course_id: numeric(z.number().int().min(1).max(2_147_483_647)),
  rating: numeric(z.number().int().min(1).max(5)),
  rating_message: z.string().max(2000).optional().default(''),
});
export const ratingResult = z.object({ review, courseRating: ratingSummary });

/** Review moderation (docs/reviews.md): a review as the admins and the course's instructor see it. */
export const REVIEW_FILTERS = ['all', 'visible', 'hidden'] as const;
export const REVIEW_REASON_MAX = 500;

export const moderatedReview = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  message: z.string(),
  course: z.object({ id: z.number().int(), title: z.string() }),
  participant: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  hidden: z
    .object({ at: z.string(), reason: z.string(), by: z.object({ id: z.number().int(), name: z.string() }).nullable() })
    .nullable()
    .describe('Null while the review is shown on the course page'),
});
export type ModeratedReview = z.infer<typeof moderatedReview>;

export const reviewListQuery = pageQuery.extend({
  status: z.enum(REVIEW_FILTERS).default('all'),
  course_id: numeric(z.number().int().min(1).max(2_147_483_647)).optional(),
});

export const hideReviewBody = z.strictObject({
  reason: z.string().trim().min(3, 'api.review.reason_short').max(REVIEW_REASON_MAX).describe('Told to the reviewer, in the mail'),
});

const moderationPaths = (role: 'admin' | 'instructor') => {
  const tags = ['ratings'];
  const whose = role === 'admin' ? 'every course' : 'your own courses';
  return {
    list: {
      method: 'GET', path: `/api/${role}/reviews`, access: role, errors: [404], tags, query: reviewListQuery,
      summary: `Reviews of ${whose}, last changed first (hidden ones by when they were hidden); filter by status and course`,
      response: envelope(listData(moderatedReview)),
    },
    hide: {
      method: 'POST', path: `/api/${role}/reviews/:id/hide`, access: role, errors: [404, 409], tags, params: idParam, body: hideReviewBody,
      summary: `Hide a review of ${whose} with a reason: it leaves the course page and the course's rating at once, and the reviewer is mailed the reason. 409 when already hidden`,
      response: envelope(moderatedReview),
    },
    show: {
      method: 'POST', path: `/api/${role}/reviews/:id/show`, access: role, errors: [404, 409], tags, params: idParam,
      summary: 'Show a hidden review again: it counts in the course\'s rating again. 409 when not hidden',
      response: envelope(moderatedReview),
    },
  } satisfies Record<string, RouteDef>;
};

export const ratingRoutes = {
  rate: {
    method: 'POST', path: '/api/participant/rating/add', access: 'participant', errors: [404], tags: ['ratings'],
    summary: 'Rate a course you are enrolled in, 1 to 5; a second call updates your rating (a hidden review stays hidden)', body: ratingBody, response: envelope(ratingResult),
  },
  admin: moderationPaths('admin'),
  instructor: moderationPaths('instructor'),
} satisfies Record<string, RouteDef | Record<string, RouteDef>>;
