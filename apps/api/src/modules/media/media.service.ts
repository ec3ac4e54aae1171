import type { AvatarWidth, CoverWidth } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { imageVariant } from '../../lib/image-variants';
import { verifyMediaGrant } from '../../lib/tokens';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { isEnrolled } from '../learning/learning.service';
import { findAvatar, findLectureFile, findLectureVideo, findLiveCourseFiles, findPublicCourseFiles, isAdmin } from './media.queries';

/** A stored file that may be served: its storage key and the name it is served under. */
export interface ServedFile {
  key: string;
  name: string;
}

const notFound = () => new AppError('api.error.not_found', 404);
const served = (key: string, name: string): ServedFile => ({ key, name: `${name}.${key.split('.').pop()}` });

/** Free previews of public courses are open; any other lecture video needs a signed grant of an enrolled participant. */
export async function lectureVideo(ctx: AppContext, lectureId: number, grantToken: string | undefined): Promise<ServedFile> {
  const lecture = await findLectureFile(ctx.db, lectureId);
  if (!lecture?.video) throw notFound();
  const openPreview = lecture.free && lecture.approve === 'approved';
  if (!openPreview) {
    const grant = grantToken ? await verifyMediaGrant(ctx.tokens, grantToken) : null;
    const allowed = grant && grant.id === lecture.id && (await isEnrolled(ctx, grant.userId, lecture.courseId));
    if (!allowed) throw new AppError('api.media.forbidden', 403);
  }
  return served(lecture.video, `lecture-${lecture.id}`);
}

/**
 * A public course's cover: the file as uploaded, or with `width` its WebP copy that wide (made on the first request
 * and kept: lib/image-variants.ts). A cover that cannot be resized is served as uploaded, whatever the width asked.
 */
export async function courseCover(ctx: AppContext, courseId: number, width?: CoverWidth): Promise<ServedFile> {
  const course = await findPublicCourseFiles(ctx.db, courseId);
  if (!course?.coverImage) throw notFound();
  const variant = width ? await imageVariant(ctx.storage, course.coverImage, width) : null;
  return variant ? served(variant, `cover-${course.id}-w${width}`) : served(course.coverImage, `cover-${course.id}`);
}

export async function coursePromo(ctx: AppContext, courseId: number): Promise<ServedFile> {
  const course = await findPublicCourseFiles(ctx.db, courseId);
  if (!course?.promoVideo) throw notFound();
  return served(course.promoVideo, `promo-${course.id}`);
}

/** A user's avatar: as uploaded, or with `width` its WebP copy (as courseCover's). */
export async function userAvatar(ctx: AppContext, userId: number, width?: AvatarWidth): Promise<ServedFile> {
  const user = await findAvatar(ctx.db, userId);
  if (!user?.avatar) throw notFound();
  const variant = width ? await imageVariant(ctx.storage, user.avatar, width) : null;
  return variant ? served(variant, `avatar-${user.id}-w${width}`) : served(user.avatar, `avatar-${user.id}`);
}

// ---------------------------------------------------------------------------------------------
// Authoring previews

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
// The grant type the contract names in `signedUrl`: the route pipeline checks type and role first.
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

/** The file a preview grant names, if its holder may still see it; 404 otherwise. */
export async function previewFile(ctx: AppContext, role: AuthoringRole, token: string): Promise<ServedFile> {
  const grant = await readGrant(ctx, token, role);
  if (!grant) throw notFound();
  const course = await findLiveCourseFiles(ctx.db, grant.courseId);
  if (!course) throw notFound();
  if (grant.role === 'instructor' && course.instructorId !== grant.userId) throw notFound();
  if (grant.role === 'admin' && !(await isAdmin(ctx.db, grant.userId))) throw notFound();
  if (grant.kind === 'cover' && course.coverImage) return served(course.coverImage, `cover-${course.id}`);
  if (grant.kind === 'promo' && course.promoVideo) return served(course.promoVideo, `promo-${course.id}`);
  if (grant.kind === 'lecture') {
    const video = await findLectureVideo(ctx.db, course.id, grant.lectureId!);
    if (video) return served(video, `lecture-${grant.lectureId}`);
  }
  throw notFound();
}
