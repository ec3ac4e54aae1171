import type { FastifyInstance } from 'fastify';
import { assignmentGraderRoutes, assignmentRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { serveStoredFile } from '../media/serve-file';
import {
  deleteAssignment,
  grade,
  graderFile,
  listAuthored,
  myAssignment,
  myAssignments,
  myFile,
  queueFor,
  saveAssignment,
  submissionForGrader,
  submissionsOf,
  submitFile,
  submitText,
} from './assignments.service';

/** Assignments (docs/assignments.md): the participant's hand-ins, the instructor's and admins' assignments and grading. */
export function assignmentsModule(app: FastifyInstance, ctx: AppContext) {
  const r = assignmentRoutes;
  addRoute(app, ctx, r.mine, async ({ user, params }) => ({ data: await myAssignments(ctx, user, params.id) }));
  addRoute(app, ctx, r.one, async ({ user, params }) => ({ data: await myAssignment(ctx, user, params.id) }));
  addRoute(app, ctx, r.submitText, async ({ user, params, body }) => ({ message: 'api.assignments.handed_in', data: await submitText(ctx, user, params.id, body.text) }));
  addRoute(app, ctx, r.submitFile, async ({ user, params, request }) => ({ message: 'api.assignments.handed_in', data: await submitFile(ctx, user, params.id, request) }));
  addRoute(app, ctx, r.myFile, async ({ user, params, request, reply }) => {
    const file = await myFile(ctx, user, params.id);
    return serveStoredFile(request, reply, ctx.storage, file.key, file.name, { type: file.type, disposition: 'attachment' });
  });
  for (const g of Object.values(assignmentGraderRoutes)) {
    addRoute(app, ctx, g.list, async ({ user, params }) => ({ data: await listAuthored(ctx, user, params.id) }));
    addRoute(app, ctx, g.save, async ({ user, body }) => ({ message: 'api.assignments.saved', data: await saveAssignment(ctx, user, body) }));
    addRoute(app, ctx, g.remove, async ({ user, params }) => ({ message: 'api.assignments.deleted', data: await deleteAssignment(ctx, user, params.id) }));
    addRoute(app, ctx, g.submissions, async ({ user, params, query }) => ({ data: await submissionsOf(ctx, user, params.id, query) }));
    addRoute(app, ctx, g.submission, async ({ user, params }) => ({ data: await submissionForGrader(ctx, user, params.id) }));
    addRoute(app, ctx, g.file, async ({ user, params, request, reply }) => {
      const file = await graderFile(ctx, user, params.id);
      return serveStoredFile(request, reply, ctx.storage, file.key, file.name, { type: file.type, disposition: 'attachment' });
    });
    addRoute(app, ctx, g.grade, async ({ user, body }) => ({ message: 'api.assignments.graded', data: await grade(ctx, user, body) }));
    addRoute(app, ctx, g.queue, async ({ user, query }) => ({ data: await queueFor(ctx, user, query) }));
  }
}
