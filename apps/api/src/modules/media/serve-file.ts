import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';

const TYPES: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', pdf: 'application/pdf', ts: 'video/mp2t', m3u8: 'application/vnd.apple.mpegurl', vtt: 'text/vtt' };

export function contentTypeOf(key: string): string {
  return TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; one range only (what players send). */
export function parseRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * A Content-Disposition with a file name a header can carry: an ASCII stand-in in `filename`, the real name (an
 * uploaded resource's Arabic name, say) in `filename*` (RFC 6266).
 */
export function contentDisposition(disposition: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return ascii === filename ? `${disposition}; filename="${filename}"` : `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** The headers every served file carries: inert content, an explicit disposition. */
function safeFileHeaders(type: string, filename: string, cacheControl: string, disposition: 'inline' | 'attachment' = 'inline') {
  return {
    'content-type': type,
    'content-disposition': contentDisposition(disposition, filename),
    'content-security-policy': "default-src 'none'; media-src 'self'; img-src 'self'; sandbox",
    'x-content-type-options': 'nosniff',
    'cache-control': cacheControl,
  };
}

/** A small text file made for this request (a playlist with this viewer's addresses), with a stored file's headers. */
export function sendMadeFile(reply: FastifyReply, file: { text: string; type: string; name: string; maxAgeSeconds: number }) {
  // An answer with a viewer's token in it is theirs alone: kept by their browser for at most the token's life.
  reply.headers(safeFileHeaders(`${file.type}; charset=utf-8`, file.name, file.maxAgeSeconds > 0 ? `private, max-age=${file.maxAgeSeconds}` : 'private, no-store'));
  return reply.send(file.text);
}

/**
 * Streams a stored file with HTTP Range, so video seeks start at once. Served as inert
 * content: nosniff, a sandboxing CSP and an explicit disposition.
 *
 * From object storage a video is not streamed through the API: once the caller's access is checked
 * (before this is called), the answer is a redirect to a short-lived signed URL of the bucket, and
 * the player sends its Range requests there (docs/storage.md). Images stay small and keep the
 * API's headers, so they are streamed from the bucket like from disk.
 */
export async function serveStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  filename: string,
  options: { type?: string; disposition?: 'inline' | 'attachment' } = {},
) {
  const size = await storage.size(key);
  if (size === null) throw new AppError('api.error.not_found', 404);
  const type = options.type ?? contentTypeOf(key);
  if (storage.signedUrl && type.startsWith('video/')) {
    const url = await storage.signedUrl(key, { filename, contentType: type });
    // Access is decided per request: neither the redirect nor its URL may be kept by a cache.
    return reply.header('cache-control', 'private, no-store').redirect(url, 302);
  }
  const rangeHeader = request.headers.range;
  const range = rangeHeader ? parseRange(rangeHeader, size) : null;
  // Refused like every failure, in the error envelope, before the file's own headers are set.
  if (range === 'unsatisfiable') throw new AppError('api.error.range_not_satisfiable', 416, { headers: { 'content-range': `bytes */${size}` } });
  reply.headers({ ...safeFileHeaders(type, filename, 'private, max-age=3600', options.disposition), 'accept-ranges': 'bytes' });
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', range.end - range.start + 1);
    return reply.send(request.method === 'HEAD' ? undefined : storage.read(key, range));
  }
  reply.header('content-length', size);
  return reply.send(request.method === 'HEAD' ? undefined : storage.read(key));
}
