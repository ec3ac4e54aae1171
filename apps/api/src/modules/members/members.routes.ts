import type { FastifyInstance } from 'fastify';
import { MEMBER_ROLES, memberRoutesByRole, type MemberRoleName } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { sendExport } from '../../lib/exports';
import { translate } from '../../lib/i18n';
import { addMember, backfillSearchText, deleteOrDeactivate, getMember, listMembers, memberExportRows, reactivateMember, updateMember } from './members.service';

function roleRoutes(app: FastifyInstance, ctx: AppContext, role: MemberRoleName) {
  const routes = memberRoutesByRole[role];
  addRoute(app, ctx, routes.list, async ({ query, body }) => ({ data: await listMembers(ctx, role, query.page, body) }));
  addRoute(app, ctx, routes.add, async ({ body }) => ({ message: `api.members.${role}.added`, data: await addMember(ctx, role, body) }));
  addRoute(app, ctx, routes.edit, async ({ params }) => ({ data: await getMember(ctx, role, params.id) }));
  addRoute(app, ctx, routes.update, async ({ params, body }) => ({ message: `api.members.${role}.updated`, data: await updateMember(ctx, role, params.id, body) }));
  addRoute(app, ctx, routes.delete, async ({ params }) => {
    const data = await deleteOrDeactivate(ctx, role, params.id);
    return { message: `api.members.${role}.${data.outcome}`, data };
  });
  addRoute(app, ctx, routes.export, async ({ query, request, reply }) =>
    sendExport(reply, {
      format: query.format,
      filename: `nibras-${role}s`,
      lang: request.lang,
      sheet: translate(request.lang, `api.members.export.sheet.${role}`),
      rows: memberExportRows(ctx, role, query, (key) => translate(request.lang, key)),
    }),
  );
  addRoute(app, ctx, routes.reactivate, async ({ params }) => ({ message: `api.members.${role}.reactivated`, data: await reactivateMember(ctx, role, params.id) }));
}

export function membersModule(app: FastifyInstance, ctx: AppContext) {
  for (const role of MEMBER_ROLES) roleRoutes(app, ctx, role);
  app.addHook('onReady', async () => {
    await backfillSearchText(ctx);
  });
}
