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

/**
 * A lecture's documents (docs/authoring.md, "Lecture types"): a PDF lecture's file, and the resources any lecture may
 * carry for download. Decided by the bytes like every upload; the name only chooses between the legacy Office formats,
 * which share one container (CFB), and names a text file's kind once its bytes read as text.
 */
export interface SniffedDocument {
  mime: string;
  ext: string;
}

const PDF: SniffedDocument = { mime: 'application/pdf', ext: 'pdf' };

/** What a resource may be, by file-type's extension: documents, images, archives, audio (and video, for a short clip). */
const RESOURCE_TYPES: Record<string, SniffedDocument> = {
  pdf: PDF,
  jpg: JPEG, png: PNG, apng: PNG, webp: WEBP, gif: { mime: 'image/gif', ext: 'gif' },
  zip: { mime: 'application/zip', ext: 'zip' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', ext: 'pptx' },
  odt: { mime: 'application/vnd.oasis.opendocument.text', ext: 'odt' },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', ext: 'ods' },
  odp: { mime: 'application/vnd.oasis.opendocument.presentation', ext: 'odp' },
  epub: { mime: 'application/epub+zip', ext: 'epub' },
  mp3: { mime: 'audio/mpeg', ext: 'mp3' },
  m4a: { mime: 'audio/mp4', ext: 'm4a' },
  ogg: { mime: 'audio/ogg', ext: 'ogg' }, oga: { mime: 'audio/ogg', ext: 'ogg' }, opus: { mime: 'audio/ogg', ext: 'ogg' },
  wav: { mime: 'audio/wav', ext: 'wav' },
  mp4: MP4, m4v: MP4, webm: WEBM,
};

/** The legacy Office formats in their CFB container, by the name's extension. */
const CFB_TYPES: Record<string, SniffedDocument> = {
  doc: { mime: 'application/msword', ext: 'doc' },
  xls: { mime: 'application/vnd.ms-excel', ext: 'xls' },
  ppt: { mime: 'application/vnd.ms-powerpoint', ext: 'ppt' },
};

/** Text kinds, by the name's extension, once the bytes read as UTF-8 text. */
const TEXT_TYPES: Record<string, SniffedDocument> = {
  txt: { mime: 'text/plain', ext: 'txt' },
  md: { mime: 'text/plain', ext: 'md' },
  csv: { mime: 'text/csv', ext: 'csv' },
  srt: { mime: 'text/plain', ext: 'srt' },
  vtt: { mime: 'text/plain', ext: 'vtt' },
};

/** Archives and office files hold compressed parts: the markup scan reads noise in them and is not made for them. */
export const UNSCANNED_DOCUMENTS = new Set(['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'epub']);

const nameExtension = (name: string) => /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** UTF-8 text with no NUL and few other controls: what a text file's first bytes look like (a character cut at the end is allowed). */
function readsAsText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  let end = head.length;
  // A multi-byte character cut by the end of the head: drop its lead and continuation bytes.
  for (let i = 1; i <= 3 && end - i >= 0; i += 1) {
    const b = head[end - i]!;
    if ((b & 0xc0) === 0x80) continue;
    if (b >= 0xc0) end -= i;
    break;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- the point is finding control characters
  return !/[\u0000-\u0008\u000E-\u001A\u001C-\u001F\u007F]/.test(text);
}

/** A PDF lecture's file: a PDF by its bytes, or null. */
export async function sniffPdf(head: Uint8Array): Promise<SniffedDocument | null> {
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  return found?.ext === 'pdf' ? PDF : null;
}

/** A resource's type from its first bytes (and, for CFB and text, its name's extension), or null when it is not one we take. */
export async function sniffResource(head: Uint8Array, name: string): Promise<SniffedDocument | null> {
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  const extension = nameExtension(name);
  if (found?.ext === 'cfb') return CFB_TYPES[extension] ?? null;
  if (found) return (Object.hasOwn(RESOURCE_TYPES, found.ext) && RESOURCE_TYPES[found.ext]) || null;
  return Object.hasOwn(TEXT_TYPES, extension) && readsAsText(head) ? TEXT_TYPES[extension]! : null;
}
