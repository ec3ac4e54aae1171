/**
 * What a file is, decided by its bytes, never by its name or the client's Content-Type.
 * Only the formats we serve are accepted; everything else (SVG, HTML, executables, archives…) is refused.
 */
export type Sniffed = { mime: 'image/jpeg'; ext: 'jpg' } | { mime: 'image/png'; ext: 'png' } | { mime: 'image/webp'; ext: 'webp' } | { mime: 'video/mp4'; ext: 'mp4' } | { mime: 'video/webm'; ext: 'webm' };

export const SNIFF_BYTES = 64;

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');

// ISO base media brands that browsers play as MP4.
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4', 'MSNV']);

export function sniff(head: Buffer): Sniffed | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { mime: 'image/png', ext: 'png' };
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { mime: 'image/webp', ext: 'webp' };
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && MP4_BRANDS.has(ascii(head, 8, 12))) return { mime: 'video/mp4', ext: 'mp4' };
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3 && ascii(head, 0, SNIFF_BYTES).includes('webm')) {
    return { mime: 'video/webm', ext: 'webm' };
  }
  return null;
}

/**
 * Markup or script inside a media file makes it a polyglot: harmless as we serve it
 * (nosniff, sandbox CSP), but never something a user meant to upload.
 */
const POLYGLOT_MARKERS = /<(?:script|html|svg|body|iframe|object|embed|\?php)\b|<!doctype\s+html/i;

export function looksLikeMarkup(chunk: string): boolean {
  return POLYGLOT_MARKERS.test(chunk);
}
