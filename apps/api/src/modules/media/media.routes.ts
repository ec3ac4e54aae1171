import type { FastifyInstance } from 'fastify';
import { mediaRoutes, type AvatarWidth, type CoverWidth } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { courseCover, coursePromo, lectureArticle, lectureCaptions, lecturePdf, lectureResource, lectureStream, lectureVideo, previewFile, streamFile, userAvatar, type ServedFile, type StreamAnswer } from './media.service';
import { sendMadeFile, serveStoredFile } from './serve-file';

export function mediaModule(app: FastifyInstance, ctx: AppContext) {
  const r = mediaRoutes;
  const serve = (file: ServedFile, input: { request: Parameters<typeof serveStoredFile>[0]; reply: Parameters<typeof serveStoredFile>[1] }) =>
    serveStoredFile(input.request, input.reply, ctx.storage, file.key, file.name, { type: file.type, disposition: file.disposition });
  addRoute(app, ctx, r.lecture, async (input) => serve(await lectureVideo(ctx, input.params.id, input.query.t), input));
  const stream = (answer: StreamAnswer, input: Parameters<typeof serve>[1]) => ('file' in answer ? serve(answer.file, input) : sendMadeFile(input.reply, answer));
  addRoute(app, ctx, r.lectureStream, async (input) => stream(await lectureStream(ctx, input.params.id, input.params.file, input.query.t), input));
  addRoute(app, ctx, r.lectureCaptions, async (input) => stream(await lectureCaptions(ctx, input.params.id, input.params.lang, input.query.t), input));
  addRoute(app, ctx, r.lectureArticle, async (input) => stream(await lectureArticle(ctx, input.params.id, input.query.t), input));
  addRoute(app, ctx, r.lecturePdf, async (input) => serve(await lecturePdf(ctx, input.params.id, input.query.t, input.query.download === '1'), input));
  addRoute(app, ctx, r.lectureResource, async (input) => serve(await lectureResource(ctx, input.params.id, input.params.resourceId, input.query.t), input));
  addRoute(app, ctx, r.streamRungFile, async (input) => stream(await streamFile(ctx, input.params.token, { rung: input.params.rung, file: input.params.file }), input));
  addRoute(app, ctx, r.streamFile, async (input) => stream(await streamFile(ctx, input.params.token, { file: input.params.file }), input));
  addRoute(app, ctx, r.cover, async (input) => serve(await courseCover(ctx, input.params.id, input.query.w ? (Number(input.query.w) as CoverWidth) : undefined), input));
  addRoute(app, ctx, r.promo, async (input) => serve(await coursePromo(ctx, input.params.id), input));
  addRoute(app, ctx, r.avatar, async (input) => serve(await userAvatar(ctx, input.params.id, input.query.w ? (Number(input.query.w) as AvatarWidth) : undefined), input));
  addRoute(app, ctx, r.instructorPreview, async (input) => serve(await previewFile(ctx, 'instructor', input.query.t), input));
  addRoute(app, ctx, r.adminPreview, async (input) => serve(await previewFile(ctx, 'admin', input.query.t), input));
}
