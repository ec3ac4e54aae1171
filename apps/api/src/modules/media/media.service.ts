import type { AvatarWidth, CoverWidth } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { imageVariant } from '../../lib/image-variants';
import { signStreamGrant, verifyMediaGrant, verifyStreamGrant } from '../../lib/tokens';
import type { Storage } from '../../lib/storage';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { lectureAccess, lockedLecture } from '../learning/release.service';
import { lectureCaptionsVtt, readyLadder } from '../video/video.service';
import { findAvatar, findLectureArticle, findLectureFile, findLectureResource, findLectureVideo, findLiveCourseFiles, findPublicCourseFiles, isAdmin } from './media.queries';

/** A stored file that may be served: its storage key and the name it is served under (a type and disposition of its own: lecture documents). */
export interface ServedFile {
  key: string;
  name: string;
  type?: string;
  disposition?: 'inline' | 'attachment';
}

const notFound = () => new AppError('api.error.not_found', 404);
const served = (key: string, name: string): ServedFile => ({ key, name: `${name}.${key.split('.').pop()}` });

/** A lecture's video as uploaded, to whoever may watch the lecture (watchableLecture). */
export async function lectureVideo(ctx: AppContext, lectureId: number, grantToken: string | undefined): Promise<ServedFile> {
  const lecture = await watchableLecture(ctx, lectureId, grantToken);
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
  return `/api/${viewer.role}/course/media?t=${await previewGrant(ctx, viewer, courseId, kind, lectureId)}`;
}

/** The grant a preview URL carries; a lecture's also opens its ladder and captions (watchableLecture). */
export async function previewGrant(ctx: AppContext, viewer: RequestUser, courseId: number, kind: PreviewKind, lectureId: number | null = null): Promise<string> {
  const role = viewer.role as AuthoringRole;
  return ctx.tokens.signRaw({ typ: GRANT_TYPE, role, uid: viewer.id, cid: courseId, kind, lid: lectureId }, GRANT_TTL_SECONDS);
}

/** A preview grant for `role`, or for either authoring role when none is named. */
async function readGrant(ctx: AppContext, token: string, role?: AuthoringRole): Promise<PreviewGrant | null> {
  const p = await ctx.tokens.verifyRaw(token);
  if (!p || p.typ !== GRANT_TYPE || (role ? p.role !== role : p.role !== 'instructor' && p.role !== 'admin')) return null;
  role = p.role as AuthoringRole;
  const kind = p.kind;
  if (kind !== 'cover' && kind !== 'promo' && kind !== 'lecture') return null;
  const userId = Number(p.uid);
  const courseId = Number(p.cid);
  const lectureId = p.lid === null ? null : Number(p.lid);
  if (!Number.isInteger(userId) || !Number.isInteger(courseId) || (kind === 'lecture' && !Number.isInteger(lectureId))) return null;
  return { role, userId, courseId, kind, lectureId };
}

/** The grant's course, if its holder may still see it: the course is live, and theirs (instructor) or they are still an admin. */
async function previewableCourse(ctx: AppContext, grant: PreviewGrant) {
  const course = await findLiveCourseFiles(ctx.db, grant.courseId);
  if (!course) return null;
  if (grant.role === 'instructor' && course.instructorId !== grant.userId) return null;
  if (grant.role === 'admin' && !(await isAdmin(ctx.db, grant.userId))) return null;
  return course;
}

/** The file a preview grant names, if its holder may still see it; 404 otherwise. */
export async function previewFile(ctx: AppContext, role: AuthoringRole, token: string): Promise<ServedFile> {
  const grant = await readGrant(ctx, token, role);
  const course = grant ? await previewableCourse(ctx, grant) : null;
  if (!grant || !course) throw notFound();
  if (grant.kind === 'cover' && course.coverImage) return served(course.coverImage, `cover-${course.id}`);
  if (grant.kind === 'promo' && course.promoVideo) return served(course.promoVideo, `promo-${course.id}`);
  if (grant.kind === 'lecture') {
    const video = await findLectureVideo(ctx.db, course.id, grant.lectureId!);
    if (video) return served(video, `lecture-${grant.lectureId}`);
  }
  throw notFound();
}

// ---------------------------------------------------------------------------------------------
// Streaming (docs/video.md)

/** A file of the ladder as stored, or a playlist rewritten for this viewer. */
export type StreamAnswer = { file: ServedFile } | { text: string; type: string; name: string; maxAgeSeconds: number };

const M3U8 = 'application/vnd.apple.mpegurl';
const forbidden = () => new AppError('api.media.forbidden', 403);

/**
 * THE check of every file of a lecture (its video, ladder, captions, and whatever else a lecture carries): who may fetch
 * it, and as whom (0: a visitor). A free preview of a public course is open; otherwise a participant's grant from the
 * learn answer, enrolled now and the lecture open for them now (scheduled release: learning's lectureOpensAt; 403 until
 * then), or an authoring preview grant of this lecture held by the course's instructor or an admin, who are never locked out.
 */
export async function lectureViewer(ctx: AppContext, lecture: { id: number; free: boolean; approve: string; courseId: number }, token: string | undefined): Promise<number> {
  if (lecture.free && lecture.approve === 'approved') return 0;
  if (!token) throw forbidden();
  const grant = await verifyMediaGrant(ctx.tokens, token);
  if (grant) {
    const access = grant.id === lecture.id ? await lectureAccess(ctx, grant.userId, lecture.id) : undefined;
    if (!access?.enrolled) throw forbidden();
    if (access.opensAt) throw lockedLecture();
    return grant.userId;
  }
  const preview = await readGrant(ctx, token);
  if (preview?.kind === 'lecture' && preview.lectureId === lecture.id && preview.courseId === lecture.courseId && (await previewableCourse(ctx, preview))) return preview.userId;
  throw forbidden();
}

/** A lecture, to whoever may see it (lectureViewer): the one check of its ladder, captions, article, PDF and resources. */
async function seeableLecture(ctx: AppContext, lectureId: number, token: string | undefined) {
  const lecture = await findLectureFile(ctx.db, lectureId);
  if (!lecture) throw notFound();
  return { ...lecture, viewer: await lectureViewer(ctx, lecture, token) };
}

/** A lecture's video, to whoever may see the lecture (seeableLecture); 404 when it has none. */
async function watchableLecture(ctx: AppContext, lectureId: number, token: string | undefined) {
  const lecture = await seeableLecture(ctx, lectureId, token);
  if (!lecture.video) throw notFound();
  return { id: lecture.id, video: lecture.video, viewer: lecture.viewer };
}

async function readText(storage: Storage, key: string): Promise<string> {
  if ((await storage.size(key)) === null) throw notFound();
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Every address in a playlist (its URI lines and URI="…" attributes) passed through `to`. */
async function rewritePlaylist(text: string, to: (uri: string) => string | Promise<string>): Promise<string> {
  const lines = await Promise.all(
    text.split('\n').map(async (line) => {
      if (line.startsWith('#')) {
        const m = /URI="([^"]+)"/.exec(line);
        return m ? line.replace(m[0], `URI="${await to(m[1]!)}"`) : line;
      }
      return line.trim() === '' ? line : to(line.trim());
    }),
  );
  return lines.join('\n');
}

/**
 * A lecture's master playlist, poster or thumbnails map, to whoever may watch it: the master's rungs and the map's
 * sheets are given addresses under a stream token (signed for this video and viewer, VIDEO_STREAM_MINUTES long), which
 * is all their requests are checked by. 404 until the ladder of the lecture's current video is ready.
 */
export async function lectureStream(ctx: AppContext, lectureId: number, file: 'master.m3u8' | 'poster.jpg' | 'thumbs.vtt', token: string | undefined): Promise<StreamAnswer> {
  const lecture = await watchableLecture(ctx, lectureId, token);
  const prefix = await readyLadder(ctx, lecture.id, lecture.video);
  if (!prefix) throw notFound();
  if (file === 'poster.jpg') return { file: { key: `${prefix}poster.jpg`, name: `lecture-${lecture.id}-poster.jpg` } };
  const videoId = prefix.slice('hls/'.length, -1);
  const streamToken = await signStreamGrant(ctx.tokens, { videoId, lectureId: lecture.id, userId: lecture.viewer }, ctx.config.video.streamUrlSeconds);
  const base = `/api/media/stream/${streamToken}/`;
  const text = await readText(ctx.storage, prefix + file);
  if (file === 'master.m3u8') return { text: await rewritePlaylist(text, (uri) => base + uri), type: M3U8, name: `lecture-${lecture.id}.m3u8`, maxAgeSeconds: 0 };
  return { text: text.replace(/^(thumbs-\d{3}\.jpg#)/gm, `${base}$1`), type: 'text/vtt', name: `lecture-${lecture.id}-thumbs.vtt`, maxAgeSeconds: 0 };
}

/**
 * A rung's playlist or segment, or a thumbnails sheet, under a stream token: its signature and lifetime are the whole
 * check (no database read per segment). With object storage a rung's playlist lists its segments as signed addresses
 * of the bucket, valid as long as the token.
 */
export async function streamFile(ctx: AppContext, token: string, path: { rung?: string; file: string }): Promise<StreamAnswer> {
  const grant = await verifyStreamGrant(ctx.tokens, token);
  if (!grant) throw forbidden();
  const folder = `hls/${grant.videoId}/${path.rung ? `${path.rung}/` : ''}`;
  const remaining = Math.max(1, Math.floor((grant.expiresAt - Date.now()) / 1000));
  if (path.file !== 'index.m3u8') return { file: { key: folder + path.file, name: `lecture-${grant.lectureId}-${path.rung ? `${path.rung}-` : ''}${path.file}` } };
  const text = await readText(ctx.storage, folder + path.file);
  const storage = ctx.storage;
  const signed = storage.signedUrl
    ? await rewritePlaylist(text, (uri) => storage.signedUrl!(folder + uri, { filename: uri, contentType: 'video/mp2t', expiresSeconds: remaining }))
    : text;
  return { text: signed, type: M3U8, name: `lecture-${grant.lectureId}-${path.rung}.m3u8`, maxAgeSeconds: Math.min(remaining, 3600) };
}

/** A lecture's captions in one language, to whoever may watch the lecture (its grant as for the ladder). */
export async function lectureCaptions(ctx: AppContext, lectureId: number, lang: string, token: string | undefined): Promise<StreamAnswer> {
  const lecture = await watchableLecture(ctx, lectureId, token);
  const vtt = await lectureCaptionsVtt(ctx, lecture.id, lang);
  if (vtt === null) throw notFound();
  return { text: vtt, type: 'text/vtt', name: `lecture-${lecture.id}-${lang}.vtt`, maxAgeSeconds: 0 };
}

// ---------------------------------------------------------------------------------------------
// Lecture documents (docs/authoring.md, "Lecture types"): behind the same check as the video's ladder

/** An article lecture's sanitised HTML, as a sandboxed text/html answer the player reads and shows. */
export async function lectureArticle(ctx: AppContext, lectureId: number, token: string | undefined): Promise<StreamAnswer> {
  const lecture = await seeableLecture(ctx, lectureId, token);
  const html = lecture.type === 'article' ? await findLectureArticle(ctx.db, lecture.id) : null;
  if (html === null) throw notFound();
  return { text: html, type: 'text/html', name: `lecture-${lecture.id}.html`, maxAgeSeconds: 0 };
}

/**
 * A PDF lecture's file: inline for the viewer in the page (it must reach the browser to be shown), as an attachment
 * when a download is asked for, which only a PDF the instructor made downloadable allows.
 */
export async function lecturePdf(ctx: AppContext, lectureId: number, token: string | undefined, download: boolean): Promise<ServedFile> {
  const lecture = await seeableLecture(ctx, lectureId, token);
  if (lecture.type !== 'pdf' || !lecture.pdf) throw notFound();
  if (download && !lecture.pdfDownloadable) throw forbidden();
  return { key: lecture.pdf, name: `lecture-${lecture.id}.pdf`, type: 'application/pdf', disposition: download ? 'attachment' : 'inline' };
}

/** One of a lecture's resources, as an attachment under the name it was uploaded with, in the type its bytes said. */
export async function lectureResource(ctx: AppContext, lectureId: number, resourceId: number, token: string | undefined): Promise<ServedFile> {
  const lecture = await seeableLecture(ctx, lectureId, token);
  const resource = await findLectureResource(ctx.db, lecture.id, resourceId);
  if (!resource) throw notFound();
  return { key: resource.key, name: resource.name, type: resource.contentType, disposition: 'attachment' };
}
