import type { FastifyInstance } from 'fastify';
import { cmsRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { serveStoredFile } from '../media/serve-file';
import * as cms from './cms.service';

export function cmsModule(app: FastifyInstance, ctx: AppContext) {
  const r = cmsRoutes;
  const publicCache = { publicCache: true };
  addRoute(app, ctx, r.saveHome, async ({ body }) => ({ message: 'api.cms.saved', data: await cms.saveHome(ctx, body) }));
  addRoute(app, ctx, r.viewHome, async () => ({ data: await cms.homeView(ctx) }), publicCache);
  addRoute(app, ctx, r.saveContact, async ({ body }) => ({ message: 'api.cms.saved', data: await cms.saveContact(ctx, body) }));
  addRoute(app, ctx, r.viewContact, async () => ({ data: await cms.contactView(ctx) }), publicCache);
  addRoute(app, ctx, r.saveAbout, async ({ body }) => ({ message: 'api.cms.saved', data: await cms.saveAbout(ctx, body) }));
  addRoute(app, ctx, r.viewAbout, async () => ({ data: await cms.aboutView(ctx) }), publicCache);
  addRoute(app, ctx, r.savePrivacy, async ({ body }) => ({ message: 'api.cms.saved', data: await cms.savePrivacyEntry(ctx, body) }));
  addRoute(app, ctx, r.viewPrivacy, async () => ({ data: await cms.privacyView(ctx) }), publicCache);
  addRoute(app, ctx, r.deletePrivacy, async ({ params }) => ({ message: 'api.cms.deleted', data: await cms.deletePrivacyEntry(ctx, params.id) }));
  addRoute(app, ctx, r.addImage, async ({ request }) => ({ message: 'api.cms.image_added', data: await cms.addImage(ctx, request) }));
  addRoute(app, ctx, r.viewImage, async ({ params, request, reply }) => {
    const file = await cms.imageFile(ctx, params.id);
    return serveStoredFile(request, reply, ctx.storage, file.key, file.name);
  });
  addRoute(app, ctx, r.editImage, async ({ params }) => ({ data: await cms.editImage(ctx, params.id) }));
  addRoute(app, ctx, r.updateImage, async ({ params, body }) => ({ message: 'api.cms.saved', data: await cms.changeImage(ctx, params.id, body) }));
  addRoute(app, ctx, r.deleteImage, async ({ params }) => ({ message: 'api.cms.deleted', data: await cms.deleteImage(ctx, params.id) }));
}
