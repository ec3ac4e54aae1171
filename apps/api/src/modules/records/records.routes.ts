import type { FastifyInstance } from 'fastify';
import { recordRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { learnerRecord, ownRecord } from './records.service';

/** A learner's record (docs/records.md): the participant's own, the course instructor's, any for an admin. */
export function recordsModule(app: FastifyInstance, ctx: AppContext) {
  const r = recordRoutes;
  addRoute(app, ctx, r.own, async ({ user, params }) => ({ data: await ownRecord(ctx, user, params.id) }));
  addRoute(app, ctx, r.instructor, async ({ user, params }) => ({ data: await learnerRecord(ctx, user, params.courseId, params.participantId) }));
  addRoute(app, ctx, r.admin, async ({ user, params }) => ({ data: await learnerRecord(ctx, user, params.courseId, params.participantId) }));
}
