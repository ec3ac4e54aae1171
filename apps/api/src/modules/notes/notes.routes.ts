import type { FastifyInstance, FastifyReply } from 'fastify';
import { noteRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { addNote, editNote, listNotes, notesAsMarkdown, notesAsPdf, removeNote } from './notes.service';

/** An export, downloaded: private to its writer, never kept by a shared cache. */
function sendExport(reply: FastifyReply, type: string, filename: string, content: string | Buffer) {
  return reply
    .headers({
      'content-type': type,
      'content-disposition': `attachment; filename="${filename}"`,
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    })
    .send(content);
}

export function notesModule(app: FastifyInstance, ctx: AppContext) {
  const r = noteRoutes;
  addRoute(app, ctx, r.list, async ({ user, params, query }) => ({ data: await listNotes(ctx, user, params.id, query.page) }));
  addRoute(app, ctx, r.add, async ({ user, params, body }) => ({ message: 'api.notes.added', data: await addNote(ctx, user, params.id, body) }));
  addRoute(app, ctx, r.edit, async ({ user, params, body }) => ({ message: 'api.notes.saved', data: await editNote(ctx, user, params.id, body) }));
  addRoute(app, ctx, r.remove, async ({ user, params }) => ({ message: 'api.notes.deleted', data: await removeNote(ctx, user, params.id) }));
  addRoute(app, ctx, r.exportMarkdown, async ({ user, params, request, reply }) => {
    const { courseId, markdown } = await notesAsMarkdown(ctx, user, params.id, request.lang);
    return sendExport(reply, 'text/markdown; charset=utf-8', `nibras-notes-course-${courseId}.md`, markdown);
  });
  addRoute(app, ctx, r.exportPdf, async ({ user, params, request, reply }) => {
    const { courseId, pdf } = await notesAsPdf(ctx, user, params.id, request.lang);
    return sendExport(reply, 'application/pdf', `nibras-notes-course-${courseId}.pdf`, pdf);
  });
}
