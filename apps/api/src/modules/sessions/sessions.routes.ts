import type { FastifyInstance } from 'fastify';
import { sessionRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import { translate } from '../../lib/i18n';
import type { AppContext } from '../../context';
import { refreshSession } from './sessions.service';

export function sessionsModule(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, sessionRoutes.refresh, async ({ body, request }) => ({
    message: 'api.auth.refreshed',
    data: await refreshSession(ctx, request.ip, body.refreshToken, translate(request.lang, 'api.auth.refreshed')),
  }));
}
