import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminRoutes,
  instructorRegistrationRoutes,
  instructorRoutes,
  participantRegistrationRoutes,
  participantRoutes,
  passwordResetRoutes,
  type Role,
} from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import { translate, type Language } from '../../lib/i18n';
import type { AppContext } from '../../context';
import { presentProfile } from './accounts.presenter';
import { checkResetLink, requestPasswordReset, resetPassword } from './password-reset.service';
import { changePassword, getAccount, login, logout, registerAccount, removeAvatar, updateAccount, uploadAvatar } from './accounts.service';

type AccountRoutes = typeof participantRoutes | typeof instructorRoutes | typeof adminRoutes;

function accountRoutes(app: FastifyInstance, ctx: AppContext, role: Role, routes: AccountRoutes) {
  addRoute(app, ctx, routes.login, async ({ body, request }) => ({
    message: 'api.auth.login_success',
    data: await login(ctx, role, request.ip, body.email, body.password, translate(request.lang, 'api.auth.login_success'), askedLanguage(request)),
  }));
  addRoute(app, ctx, routes.logout, async ({ user }) => {
    await logout(ctx, user);
    return { message: 'api.auth.logout_success', data: {} };
  });
  addRoute(app, ctx, routes.profile, async ({ user }) => ({ data: presentProfile(await getAccount(ctx, user)) }));
  addRoute(app, ctx, routes.update, async ({ user, body, request }) => ({
    message: 'api.account.updated',
    data: presentProfile(await updateAccount(ctx, user, request.ip, body, askedLanguage(request))),
  }));
  addRoute(app, ctx, routes.changePassword, async ({ user, body, request }) => {
    await changePassword(ctx, user, request.ip, body.old_password, body.new_password);
    return { message: 'api.account.password_changed', data: {} };
  });
  addRoute(app, ctx, routes.avatar, async ({ user, request }) => ({ message: 'api.account.avatar_saved', data: presentProfile(await uploadAvatar(ctx, user, request)) }));
  addRoute(app, ctx, routes.removeAvatar, async ({ user }) => ({ message: 'api.account.avatar_removed', data: presentProfile(await removeAvatar(ctx, user)) }));
}

/** The request's language when it says one (Accept-Language): the account's mail follows it (docs/mail.md). */
function askedLanguage(request: FastifyRequest): Language | undefined {
  return request.headers['accept-language'] ? request.lang : undefined;
}

function registrationRoutes(app: FastifyInstance, ctx: AppContext, role: 'participant' | 'instructor', routes: typeof participantRegistrationRoutes | typeof instructorRegistrationRoutes) {
  addRoute(app, ctx, routes.register, async ({ body, request }) => ({
    message: 'api.auth.signup_success',
    data: await registerAccount(ctx, role, request.lang, body),
  }));
  addRoute(app, ctx, routes.name, async ({ user }) => ({ data: { name: (await getAccount(ctx, user)).name } }));
}

export function accountsModule(app: FastifyInstance, ctx: AppContext) {
  accountRoutes(app, ctx, 'participant', participantRoutes);
  registrationRoutes(app, ctx, 'participant', participantRegistrationRoutes);
  accountRoutes(app, ctx, 'instructor', instructorRoutes);
  registrationRoutes(app, ctx, 'instructor', instructorRegistrationRoutes);
  accountRoutes(app, ctx, 'admin', adminRoutes);
  passwordResetModule(app, ctx);
}

/** Forgot and reset password (docs/mail.md): public, for participants and instructors. */
export function passwordResetModule(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, passwordResetRoutes.forgetPassword, async ({ body, request }) => {
    await requestPasswordReset(ctx, request.lang, body.role, body.email);
    return { message: 'api.passwordReset.requested', data: {} };
  });
  addRoute(app, ctx, passwordResetRoutes.check, async ({ body, request }) => ({
    message: 'api.passwordReset.link_valid',
    data: await checkResetLink(ctx, request.ip, body),
  }));
  addRoute(app, ctx, passwordResetRoutes.resetPassword, async ({ body, request }) => {
    await resetPassword(ctx, request.ip, body, body.password);
    return { message: 'api.passwordReset.done', data: {} };
  });
}
