import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { lectures, users } from '../../db/schema';
import type { AppContext } from '../../context';
import { requireAccess, type RequestUser } from '../../plugins/auth';
import { serveStoredFile } from '../media/serve-file';
import { findLiveCourse } from './authoring.queries';

export type AuthoringRole = 'instructor' | 'admin';
export type PreviewKind = 'cover' | 'promo' | 'lecture';

interface PreviewGrant {
  role: AuthoringRole;
  userId: number;
  courseId: number;
  kind: PreviewKind;
  lectureId: number | null;
}

const GRANT_TTL_SECONDS = 6 * 3600;
const GRANT_TYPE = 'authoring-preview';

/**
 * The public media routes serve approved courses only, and <img>/<video> cannot send a bearer
 * header: an owner or admin previews a draft's files through a short-lived URL signed for them,
 * bound to one file of one course. Access is checked again when the URL is used.
 */
export async function previewUrl(ctx: AppContext, viewer: RequestUser, courseId: number, kind: PreviewKind, lectureId: number | null = null): Promise<string> {
  const role = viewer.role as AuthoringRole;
  const token = await ctx.tokens.signRaw({ typ: GRANT_TYPE, role, uid: viewer.id, cid: courseId, kind, lid: lectureId }, GRANT_TTL_SECONDS);
  return `/api/${role}/course/media?t=${token}`;
}

async function readGrant(ctx: AppContext, token: string, role: AuthoringRole): Promise<PreviewGrant | null> {
  const p = await ctx.tokens.verifyRaw(token);
  if (!p || p.typ !== GRANT_TYPE || p.role !== role) return null;
  const kind = p.kind;
  if (kind !== 'cover' && kind !== 'promo' && kind !== 'lecture') return null;
  const userId = Number(p.uid);
  const courseId = Number(p.cid);
  const lectureId = p.lid === null ? null : Number(p.lid);
  if (!Number.isInteger(userId) || !Number.isInteger(courseId) || (kind === 'lecture' && !Number.isInteger(lectureId))) return null;
  return { role, userId, courseId, kind, lectureId };
}

/** The stored file the grant names, if its holder may still see it. */
async function grantedFile(ctx: AppContext, grant: PreviewGrant): Promise<{ key: string; name: string } | null> {
  const course = await findLiveCourse(ctx.db, grant.courseId);
  if (!course) return null;
  if (grant.role === 'instructor' && course.instructorId !== grant.userId) return null;
  if (grant.role === 'admin') {
    const [admin] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.id, grant.userId), eq(users.role, 'admin')));
    if (!admin) return null;
  }
  if (grant.kind === 'cover') return course.coverImage ? { key: course.coverImage, name: `cover-${course.id}` } : null;
  if (grant.kind === 'promo') return course.promoVideo ? { key: course.promoVideo, name: `promo-${course.id}` } : null;
  const [lecture] = await ctx.db
    .select({ video: lectures.video })
    .from(lectures)
    .where(and(eq(lectures.id, grant.lectureId!), eq(lectures.courseId, course.id)));
  return lecture?.video ? { key: lecture.video, name: `lecture-${grant.lectureId}` } : null;
}

const previewQuery = z.strictObject({ t: z.string().min(1).max(2000).describe('The signed preview grant from an authoring answer') });

/**
 * GET/HEAD /api/{role}/course/media?t=: a file of a course being authored, with HTTP Range.
 * The grant is the credential (media elements send no header); a bearer header, when sent,
 * must still be of this role, so the route answers 401/403 like every other role route.
 */
export function previewMediaRoute(app: FastifyInstance, ctx: AppContext, role: AuthoringRole) {
  app.route({
    method: ['GET', 'HEAD'],
    url: `/api/${role}/course/media`,
    config: { access: role },
    schema: {
      summary: 'Preview a cover, promo or lecture video of a course being authored (signed URL from the authoring answers); HTTP Range',
      tags: ['course authoring'],
      security: [{ bearer: [] }],
      querystring: previewQuery,
    },
    preValidation: async (request) => {
      if (request.headers.authorization) {
        request.user = await requireAccess(ctx, request, role);
        return;
      }
      const t = (request.query as Record<string, unknown>).t;
      if (typeof t !== 'string' || !(await readGrant(ctx, t, role))) {
        throw new AppError('api.auth.required', 401, { headers: { 'www-authenticate': 'Bearer' } });
      }
    },
    handler: async (request, reply) => {
      const grant = await readGrant(ctx, (request.query as z.infer<typeof previewQuery>).t, role);
      const file = grant ? await grantedFile(ctx, grant) : null;
      if (!file) throw new AppError('api.error.not_found', 404);
      return serveStoredFile(request, reply, ctx.storage, file.key, `${file.name}.${file.key.split('.').pop()}`);
    },
  });
}
