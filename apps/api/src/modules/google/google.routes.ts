import type { FastifyInstance } from 'fastify';
import { authProviderRoutes, instructorGoogleRoutes, participantGoogleRoutes } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { exchangeHandoff } from '../sessions/sessions.service';
import { clearFlowCookie, finishGoogleSignIn, googleEnabled, startGoogleSignIn, type MemberRole } from './google.service';

export function googleModule(app: FastifyInstance, ctx: AppContext) {
  const assertEnabled = () => {
    if (!googleEnabled(ctx)) throw new AppError('api.google.off', 404);
  };

  for (const [role, routes] of [['participant', participantGoogleRoutes], ['instructor', instructorGoogleRoutes]] as [MemberRole, typeof participantGoogleRoutes][]) {
    addRoute(app, ctx, routes.login, async ({ query, request, reply }) => {
      assertEnabled();
      const lang = query.lang === 'en' || query.lang === 'ar' ? query.lang : request.lang;
      const started = await startGoogleSignIn(ctx, role, query.return, lang);
      if (started.setCookie) reply.header('set-cookie', started.setCookie);
      return reply.header('cache-control', 'no-store').redirect(started.location, 302);
    });
    addRoute(app, ctx, routes.callback, async ({ request, reply }) => {
      assertEnabled();
      const location = await finishGoogleSignIn(ctx, role, request.url, request.headers.cookie, (error) => request.log.warn({ err: error }, 'google sign-in refused'));
      // The flow cookie works once, whatever happened.
      return reply.header('set-cookie', clearFlowCookie(ctx, role)).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
    });
  }

  addRoute(app, ctx, authProviderRoutes.providers, async () => ({ data: { google: googleEnabled(ctx) } }));

  addRoute(app, ctx, authProviderRoutes.handoff, async ({ body, request }) => ({
    message: 'api.auth.login_success',
    data: await exchangeHandoff(ctx, request.ip, body.code, translate(request.lang, 'api.auth.login_success')),
  }));
}
