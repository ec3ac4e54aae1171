import { fileTypeFromBuffer } from 'file-type';

/**
 * What a file is, decided by its bytes, never by its name or the client's Content-Type. The
 * `file-type` library reads the container (PNG chunks, the EBML header of WebM, the ISO-BMFF brand
 * of MP4…); only the formats we serve are accepted, everything else (SVG, HTML, GIF, QuickTime,
 * Matroska, executables, archives…) is refused. Markup inside an accepted file: markup-scan.ts.
 */
export type Sniffed = { mime: 'image/jpeg'; ext: 'jpg' } | { mime: 'image/png'; ext: 'png' } | { mime: 'image/webp'; ext: 'webp' } | { mime: 'video/mp4'; ext: 'mp4' } | { mime: 'video/webm'; ext: 'webm' };

/** What file-type reads to decide (its `reasonableDetectionSizeInBytes`): held before the type is known. */
export const SNIFF_BYTES = 4100;

const JPEG: Sniffed = { mime: 'image/jpeg', ext: 'jpg' };
const PNG: Sniffed = { mime: 'image/png', ext: 'png' };
const WEBP: Sniffed = { mime: 'image/webp', ext: 'webp' };
const MP4: Sniffed = { mime: 'video/mp4', ext: 'mp4' };
const WEBM: Sniffed = { mime: 'video/webm', ext: 'webm' };

/**
 * The allow-list, by file-type's extension: an animated PNG is a PNG to every browser, and an
 * ISO-BMFF file of brand M4V is an MP4 (both were accepted as such before file-type). Its other
 * ISO-BMFF answers (mov, m4a, m4p, f4v, 3gp, heic, avif…) are not ours to serve.
 */
const ACCEPTED: Record<string, Sniffed> = { jpg: JPEG, png: PNG, apng: PNG, webp: WEBP, mp4: MP4, m4v: MP4, webm: WEBM };

/** The accepted type of a file from its first bytes (up to SNIFF_BYTES; fewer for a smaller file), or null. */
export async function sniff(head: Uint8Array): Promise<Sniffed | null> {
  // A parser error on hostile bytes is an unknown type, refused like any other.
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  return (found && Object.hasOwn(ACCEPTED, found.ext) && ACCEPTED[found.ext]) || null;
}
