import type { FastifyInstance } from 'fastify';
import { wishlistRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { addToWishlist, listWishlist, removeFromWishlist } from './wishlist.service';

export function wishlistModule(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, wishlistRoutes.add, async ({ user, body }) => ({ message: 'api.wishlist.added', data: await addToWishlist(ctx, user, body.course_id) }));
  addRoute(app, ctx, wishlistRoutes.remove, async ({ user, params }) => ({ message: 'api.wishlist.removed', data: await removeFromWishlist(ctx, user, params.id) }));
  addRoute(app, ctx, wishlistRoutes.list, async ({ user, query }) => ({ data: await listWishlist(ctx, user, query.page) }));
}
