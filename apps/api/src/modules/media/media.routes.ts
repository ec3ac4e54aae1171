import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { verifyMediaGrant } from '../../lib/tokens';
import { courses, lectures, users } from '../../db/schema';
import type { AppContext } from '../../context';
import { isEnrolled } from '../learner/enrollments';
import { findPublicCourse } from '../catalog/catalog.queries';
import { serveStoredFile } from './serve-file';

const idParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const grantQuery = z.strictObject({ t: z.string().max(1000).optional() });

/**
 * Files are never served from a public folder: each request passes an access check.
 * Free previews, covers and promo videos of public courses are open; every other lecture
 * video needs a signed grant for an enrolled participant, checked again at request time.
 */
export function mediaModule(app: FastifyInstance, ctx: AppContext) {
  const route = (url: string, summary: string, query: boolean, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    app.route({
      method: ['GET', 'HEAD'],
      url,
      config: { access: 'public' },
      schema: { summary, tags: ['media'], params: idParams, ...(query ? { querystring: grantQuery } : {}) },
      handler,
    });

  route('/api/media/lecture/:id', 'A lecture video (free previews open; others need the signed URL from the learn endpoint); HTTP Range', true, async (request, reply) => {
    const { id } = request.params as { id: number };
    const { t } = request.query as { t?: string };
    const [lecture] = await ctx.db
      .select({ id: lectures.id, video: lectures.video, free: lectures.isFreePreview, courseId: lectures.courseId, approve: courses.approveStatus })
      .from(lectures)
      .innerJoin(courses, and(eq(courses.id, lectures.courseId), isNull(courses.deletedAt)))
      .where(eq(lectures.id, id));
    if (!lecture?.video) throw new AppError('api.error.not_found', 404);
    const openPreview = lecture.free && lecture.approve === 'approved';
    if (!openPreview) {
      const grant = t ? await verifyMediaGrant(ctx.tokens, t) : null;
      const allowed = grant && grant.id === lecture.id && (await isEnrolled(ctx.db, grant.userId, lecture.courseId));
      if (!allowed) throw new AppError('api.media.forbidden', 403);
    }
    return serveStoredFile(request, reply, ctx.storage, lecture.video, `lecture-${lecture.id}.${lecture.video.split('.').pop()}`);
  });

  route('/api/media/cover/:id', "A public course's cover image", false, async (request, reply) => {
    const course = await findPublicCourse(ctx.db, (request.params as { id: number }).id);
    if (!course?.coverImage) throw new AppError('api.error.not_found', 404);
    return serveStoredFile(request, reply, ctx.storage, course.coverImage, `cover-${course.id}.${course.coverImage.split('.').pop()}`);
  });

  route('/api/media/promo/:id', "A public course's promo video; HTTP Range", false, async (request, reply) => {
    const course = await findPublicCourse(ctx.db, (request.params as { id: number }).id);
    if (!course?.promoVideo) throw new AppError('api.error.not_found', 404);
    return serveStoredFile(request, reply, ctx.storage, course.promoVideo, `promo-${course.id}.${course.promoVideo.split('.').pop()}`);
  });

  route('/api/media/avatar/:id', "A user's avatar image", false, async (request, reply) => {
    const [user] = await ctx.db.select({ id: users.id, avatar: users.avatar }).from(users).where(eq(users.id, (request.params as { id: number }).id));
    if (!user?.avatar) throw new AppError('api.error.not_found', 404);
    return serveStoredFile(request, reply, ctx.storage, user.avatar, `avatar-${user.id}.${user.avatar.split('.').pop()}`);
  });
}
