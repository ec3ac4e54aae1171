import type { FastifyInstance } from 'fastify';
import { categoryRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { serveStoredFile } from '../media/serve-file';
import { addCategory, categoryNames, editCategory, getCategory, iconFile, listCategories, removeCategory, removeIcon, uploadIcon } from './categories.service';

export function categoriesModule(app: FastifyInstance, ctx: AppContext) {
  const r = categoryRoutes;
  addRoute(app, ctx, r.nameList, async () => ({ data: await categoryNames(ctx) }), { trustedAnswer: true });
  addRoute(app, ctx, r.icon, async ({ params, request, reply }) => {
    const file = await iconFile(ctx, params.id);
    return serveStoredFile(request, reply, ctx.storage, file.key, file.name);
  });
  addRoute(app, ctx, r.list, async ({ query, body }) => ({ data: await listCategories(ctx, query.page, body) }));
  addRoute(app, ctx, r.add, async ({ body }) => ({ message: 'api.categories.added', data: await addCategory(ctx, body) }));
  addRoute(app, ctx, r.edit, async ({ params }) => ({ data: await getCategory(ctx, params.id) }));
  addRoute(app, ctx, r.update, async ({ params, body }) => ({ message: 'api.categories.updated', data: await editCategory(ctx, params.id, body) }));
  addRoute(app, ctx, r.delete, async ({ params }) => ({ message: 'api.categories.deleted', data: await removeCategory(ctx, params.id) }));
  addRoute(app, ctx, r.uploadIcon, async ({ params, request }) => ({ message: 'api.categories.icon_saved', data: await uploadIcon(ctx, params.id, request) }));
  addRoute(app, ctx, r.removeIcon, async ({ params }) => ({ message: 'api.categories.icon_removed', data: await removeIcon(ctx, params.id) }));
}
