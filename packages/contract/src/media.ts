import { z } from 'zod';
import { idParam } from './envelope';
import type { RouteDef } from './route-def';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;

/**
 * The widths, in pixels, of the WebP copies the server makes of a cover (`?w=`), for a card's `srcset`: a phone's
 * card (about 340 px wide) takes the first, a phone of twice the density or a wide card the others
 * (docs/decisions/019).
 */
export const COVER_WIDTHS = [400, 640, 960] as const;
export type CoverWidth = (typeof COVER_WIDTHS)[number];

/** The width of an avatar's WebP copy (`?w=`): public pages draw avatars at most 56 px wide, so twice that fits a dense screen. */
export const AVATAR_WIDTHS = [128] as const;
export type AvatarWidth = (typeof AVATAR_WIDTHS)[number];

const avatarQuery = z.strictObject({
  w: z.enum(['128']).optional().describe('A WebP copy of the avatar this many pixels wide (never wider than the upload)'),
  v: z.string().max(40).optional().describe('Changes with the avatar (the profile answer adds it), so a browser does not keep an old one'),
});

const coverQuery = z.strictObject({
  w: z
    .enum(COVER_WIDTHS.map(String) as [`${CoverWidth}`, ...`${CoverWidth}`[]])
    .optional()
    .describe('A WebP copy of the cover this many pixels wide (never wider than the upload); without it, the file as uploaded'),
});

const grantQuery = z.strictObject({ t: z.string().max(1000).optional().describe('The signed grant from the learn answer (lecture videos that are not free previews)') });
const previewQuery = z.strictObject({ t: z.string().min(1).max(2000).describe('The signed preview grant from an authoring answer') });

/** The files of a lecture video's streaming ladder (docs/video.md): playlists, MPEG-TS segments, poster and thumbnails. */
export const STREAM_TYPES = ['application/vnd.apple.mpegurl', 'video/mp2t', 'image/jpeg', 'text/vtt'] as const;
/** A stream token: a JWT (three base64url parts), made by the master playlist's answer. */
const streamToken = z.string().max(1000).regex(/^[\w-]+\.[\w-]+\.[\w-]+$/);

const lectureStreamParams = z.strictObject({
  id: idParam.shape.id,
  file: z.enum(['master.m3u8', 'poster.jpg', 'thumbs.vtt']).describe('The master playlist, the poster, or the seeking thumbnails\' WebVTT'),
});
const lectureStreamQuery = z.strictObject({
  t: z.string().max(2000).optional().describe("The lecture's signed grant from the learn answer, or an authoring preview grant; none for a free preview"),
});

/** A file of a course being authored, for its instructor or an admin: the same route under each role's path. */
function previewRoute<R extends 'instructor' | 'admin'>(access: R) {
  return {
    method: 'GET', path: `/api/${access}/course/media`, access, errors: [404], signedUrl: 'authoring-preview', tags: ['course authoring'],
    summary: 'Preview a cover, promo or lecture video of a course being authored (signed URL from the authoring answers); HTTP Range',
    query: previewQuery, file: { types: [...IMAGE_TYPES, ...VIDEO_TYPES], ranges: true, signedRedirect: true },
  } satisfies RouteDef;
}

/**
 * Files are never served from a public folder: each request passes an access check. Free previews,
 * covers and promo videos of public courses are open; every other lecture video needs a signed grant
 * for an enrolled participant, checked again at request time. With object storage a video is then a
 * 302 to a short-lived signed URL of the bucket (`signedRedirect`).
 */
export const mediaRoutes = {
  lecture: {
    method: 'GET', path: '/api/media/lecture/:id', access: 'public', errors: [401, 403, 404], tags: ['media'],
    summary: 'A lecture video (free previews open; others need the signed URL from the learn endpoint); HTTP Range',
    params: idParam, query: grantQuery, file: { types: VIDEO_TYPES, ranges: true, signedRedirect: true },
  },
  cover: {
    method: 'GET', path: '/api/media/cover/:id', access: 'public', errors: [404], tags: ['media'],
    summary: "A public course's cover image, or a WebP copy of it at one of COVER_WIDTHS (`?w=`)", params: idParam, query: coverQuery, file: { types: IMAGE_TYPES, ranges: true },
  },
  promo: {
    method: 'GET', path: '/api/media/promo/:id', access: 'public', errors: [404], tags: ['media'],
    summary: "A public course's promo video; HTTP Range", params: idParam, file: { types: VIDEO_TYPES, ranges: true, signedRedirect: true },
  },
  avatar: {
    method: 'GET', path: '/api/media/avatar/:id', access: 'public', errors: [404], tags: ['media'],
    summary: "A user's avatar image, or a WebP copy of it (`?w=128`)", params: idParam, query: avatarQuery, file: { types: IMAGE_TYPES, ranges: true },
  },
  lectureStream: {
    method: 'GET', path: '/api/media/lecture/:id/stream/:file', access: 'public', errors: [403, 404], tags: ['media'],
    summary:
      "A lecture's streaming ladder, for whoever may watch it (free previews, enrolled participants with the learn answer's grant, the instructor and admins with a preview grant): the master playlist, whose rungs' addresses carry a short-lived stream token; the poster; the thumbnails' WebVTT, its sheets' addresses likewise. 404 until the ladder is ready",
    params: lectureStreamParams, query: lectureStreamQuery, file: { types: ['application/vnd.apple.mpegurl', 'image/jpeg', 'text/vtt'], ranges: false },
  },
  lectureArticle: {
    method: 'GET', path: '/api/media/lecture/:id/article', access: 'public', errors: [403, 404], tags: ['media'],
    summary: "An article lecture's sanitised HTML (text/html, sandboxed), for whoever may see the lecture (as the video's ladder: the learn answer's grant, a preview grant, or a free preview)",
    params: idParam, query: lectureStreamQuery, file: { types: ['text/html'], ranges: false },
  },
  lecturePdf: {
    method: 'GET', path: '/api/media/lecture/:id/pdf', access: 'public', errors: [403, 404], tags: ['media'],
    summary:
      "A PDF lecture's file, for whoever may see the lecture: inline for the viewer in the page; with `download=1` as an attachment, only when the instructor allowed downloading (403 otherwise); HTTP Range",
    params: idParam, query: lectureStreamQuery.extend({ download: z.enum(['1']).optional().describe('Answer as an attachment (downloadable PDFs only)') }), file: { types: ['application/pdf'], ranges: true },
  },
  lectureResource: {
    method: 'GET', path: '/api/media/lecture/:id/resource/:resourceId', access: 'public', errors: [403, 404], tags: ['media'],
    summary: "One of a lecture's resources, as an attachment under the name it was uploaded with, for whoever may see the lecture; HTTP Range",
    params: z.strictObject({ id: idParam.shape.id, resourceId: idParam.shape.id }), query: lectureStreamQuery, file: { types: ['application/octet-stream'], ranges: true },
  },
  lectureCaptions: {
    method: 'GET', path: '/api/media/lecture/:id/captions/:lang', access: 'public', errors: [403, 404], tags: ['media'],
    summary: "A lecture's captions in one language (WebVTT), for whoever may watch it (as the ladder's master playlist)",
    params: z.strictObject({ id: idParam.shape.id, lang: z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/) }), query: lectureStreamQuery, file: { types: ['text/vtt'], ranges: false },
  },
  streamRungFile: {
    method: 'GET', path: '/api/media/stream/:token/:rung/:file', access: 'public', errors: [403, 404], tags: ['media'],
    summary: "A rung's playlist or segment, under the stream token the master playlist's answer made (403 once it has expired); with STORAGE=s3 the playlist's segments are short-lived signed addresses of the bucket",
    params: z.strictObject({ token: streamToken, rung: z.string().regex(/^\d{3,4}p$/), file: z.string().regex(/^(index\.m3u8|seg-\d{4,5}\.ts)$/) }),
    file: { types: ['application/vnd.apple.mpegurl', 'video/mp2t'], ranges: true, signedRedirect: true },
  },
  streamFile: {
    method: 'GET', path: '/api/media/stream/:token/:file', access: 'public', errors: [403, 404], tags: ['media'],
    summary: 'A sheet of seeking thumbnails, under the stream token (403 once it has expired)',
    params: z.strictObject({ token: streamToken, file: z.string().regex(/^thumbs-\d{3}\.jpg$/) }),
    file: { types: ['image/jpeg'], ranges: true },
  },
  // The public routes serve approved courses only: an owner or admin previews a draft's files through
  // a short-lived URL signed for them, bound to one file of one course, checked again when used.
  instructorPreview: previewRoute('instructor'),
  adminPreview: previewRoute('admin'),
} satisfies Record<string, RouteDef>;
