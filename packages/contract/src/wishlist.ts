import { z } from 'zod';
import { courseCard } from './catalog';
import { courseIdBody, envelope, idParam, listData, pageQuery } from './envelope';
import type { RouteDef } from './route-def';

export const wishlistItem = courseCard.extend({ addedAt: z.string() });
export const wishlistState = z.object({ courseId: z.number().int(), wishlisted: z.boolean() });

export const wishlistRoutes = {
  add: {
    method: 'POST', path: '/api/participant/wishlist/add', access: 'participant', errors: [404], tags: ['wishlist'],
    summary: 'Add a public course to the wishlist (adding twice is fine)', body: courseIdBody, response: envelope(wishlistState),
  },
  remove: {
    method: 'GET', path: '/api/participant/wishlist/delete/:id', access: 'participant', errors: [404], tags: ['wishlist'],
    summary: 'Remove a course from the wishlist (GET, as the spec deletes)', params: idParam, response: envelope(wishlistState),
  },
  list: {
    method: 'GET', path: '/api/participant/wishlist', access: 'participant', tags: ['wishlist'],
    summary: 'The wishlist, newest first', query: pageQuery, response: envelope(listData(wishlistItem)),
  },
} satisfies Record<string, RouteDef>;
