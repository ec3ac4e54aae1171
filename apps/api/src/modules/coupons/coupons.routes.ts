import type { FastifyInstance } from 'fastify';
import { couponRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { changeCoupon, couponSettingsOf, createCoupon, listCouponsFor, removeCoupon, saveCouponSettings } from './coupons.service';

export function couponsModule(app: FastifyInstance, ctx: AppContext) {
  for (const role of ['admin', 'instructor'] as const) {
    const r = couponRoutes[role];
    addRoute(app, ctx, r.list, async ({ user, query }) => ({ data: await listCouponsFor(ctx, user, role, query) }));
    addRoute(app, ctx, r.create, async ({ user, body }) => ({ message: 'api.coupon.saved', data: await createCoupon(ctx, user, role, body) }));
    addRoute(app, ctx, r.update, async ({ user, params, body }) => ({ message: 'api.coupon.saved', data: await changeCoupon(ctx, user, role, params.id, body) }));
    addRoute(app, ctx, r.remove, async ({ user, params }) => ({ message: 'api.coupon.deleted', data: await removeCoupon(ctx, user, role, params.id) }));
  }
  addRoute(app, ctx, couponRoutes.settings, async () => ({ data: await couponSettingsOf(ctx) }));
  addRoute(app, ctx, couponRoutes.instructorSettings, async () => ({ data: await couponSettingsOf(ctx) }));
  addRoute(app, ctx, couponRoutes.saveSettings, async ({ body }) => ({ message: 'api.coupon.settings_saved', data: await saveCouponSettings(ctx, body.instructorsMayCreate) }));
}
