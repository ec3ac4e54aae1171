import { randomUUID } from 'node:crypto';
import { Transform, Writable, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { MarkupScanner } from './markup-scan';
import { SNIFF_BYTES, UNSCANNED_DOCUMENTS, sniff, sniffPdf, sniffResource, type Sniffed, type SniffedDocument } from './sniff';
import type { Storage } from './storage';

/** image and video: media; pdf: a PDF lecture's file; resource: a lecture's downloadable file (sniff.ts says which kinds). */
export type UploadKind = 'image' | 'video' | 'pdf' | 'resource';

export interface UploadLimits {
  imageBytes: number;
  videoBytes: number;
  /** A PDF lecture's file (UPLOAD_PDF_MAX_MB). */
  pdfBytes: number;
  /** A lecture's resource (UPLOAD_RESOURCE_MAX_MB). */
  resourceBytes: number;
}

export function maxBytesOf(kind: UploadKind, limits: UploadLimits): number {
  return { image: limits.imageBytes, video: limits.videoBytes, pdf: limits.pdfBytes, resource: limits.resourceBytes }[kind];
}

const NOT_OF_KIND: Record<UploadKind, string> = { image: 'api.upload.not_image', video: 'api.upload.not_video', pdf: 'api.upload.not_pdf', resource: 'api.upload.not_resource' };

/** The accepted type of a file of `kind` from its first bytes (a resource's name also counts: sniffResource), or null. */
async function typeOf(kind: UploadKind, head: Uint8Array, name: string): Promise<SniffedDocument | null> {
  if (kind === 'pdf') return sniffPdf(head);
  if (kind === 'resource') return sniffResource(head, name);
  const type = await sniff(head);
  return type && type.mime.startsWith(kind) ? type : null;
}

export interface StoredUpload {
  key: string;
  mime: string;
  size: number;
  originalName: string;
}

const refused = (code: string, params: Record<string, string | number> = {}, status = 415) => new AppError(code, status, { fields: { file: code }, params });

/**
 * Checks a stream as it passes: the type from the first bytes (file-type, sniff.ts), markup anywhere
 * (markup-scan.ts, which keeps the last bytes of each chunk so a marker split across chunks is
 * found), and the size limit. Nothing is held beyond the first SNIFF_BYTES until the type is known,
 * so a 2 GB video costs the same memory as a small image.
 */
class UploadGuard extends Transform {
  detected: SniffedDocument | null = null;
  size = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private readonly markup = new MarkupScanner();
  /** Markup found before the type was known: refused unless the type is one the scan is not made for (sniff.ts). */
  private markupFound = false;

  constructor(
    private readonly kind: UploadKind,
    private readonly maxBytes: number,
    private readonly name = '',
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(refused('api.upload.too_large', { mb: Math.floor(this.maxBytes / 1_048_576) }, 413));
    if (this.detected && UNSCANNED_DOCUMENTS.has(this.detected.ext)) return done(null, chunk);
    if (this.markup.push(chunk) !== null) {
      if (this.detected) return done(refused('api.upload.bad_content'));
      this.markupFound = true;
    }
    if (this.detected) return done(null, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return done();
    return this.decide(done);
  }

  override _flush(done: TransformCallback) {
    if (this.detected) return done();
    if (this.headBytes === 0) return done(refused('api.upload.empty', {}, 400));
    return this.decide(done);
  }

  private decide(done: TransformCallback) {
    const head = Buffer.concat(this.head);
    this.head = [];
    typeOf(this.kind, head.subarray(0, SNIFF_BYTES), this.name).then(
      (type) => {
        if (this.markupFound && !(type && UNSCANNED_DOCUMENTS.has(type.ext))) return done(refused('api.upload.bad_content'));
        if (!type) return done(refused(NOT_OF_KIND[this.kind]));
        this.detected = type;
        return done(null, head);
      },
      (error: unknown) => done(error as Error),
    );
  }
}

/**
 * One multipart file, streamed straight to storage under a random name. Whatever goes wrong
 * (wrong type, too large, client gone half-way) the partial file is removed by the storage.
 */
export async function receiveUpload(request: FastifyRequest, storage: Storage, kind: UploadKind, limits: UploadLimits, folder: string): Promise<StoredUpload> {
  if (!request.isMultipart()) throw refused('api.upload.multipart_required', {}, 415);
  const maxBytes = maxBytesOf(kind, limits);
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 10 } });
  } catch (error) {
    // A form that ends before its file does (the body cut short, its closing boundary missing) is the
    // parser's error without a status: the client's mistake, said as such. Limits keep their own 4xx.
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) throw error;
    throw refused('api.upload.interrupted', {}, 400);
  }
  if (!file) throw refused('api.upload.missing', {}, 400);
  const guard = new UploadGuard(kind, maxBytes, file.filename);
  // The key is decided before the type is known; the extension is fixed up below by renaming the key.
  const id = randomUUID();
  const tempKey = `${folder}/${id}.part`;
  // A client that goes away half-way ends the upload with an error, so the partial file is removed.
  const onClose = () => {
    if (!request.raw.complete) guard.destroy(refused('api.upload.interrupted', {}, 400));
  };
  request.raw.once('close', onClose);
  const feeding = pipeline(file.file, guard).catch(() => undefined);
  try {
    await storage.put(tempKey, guard);
    await feeding;
    // busboy stops at fileSize and marks the file truncated instead of failing.
    if (file.file.truncated) throw refused('api.upload.too_large', { mb: Math.floor(maxBytes / 1_048_576) }, 413);
  } catch (error) {
    await storage.remove(tempKey);
    file.file.resume();
    if (error instanceof AppError) throw error;
    throw refused('api.upload.interrupted', {}, 400);
  } finally {
    request.raw.off('close', onClose);
  }
  const type = guard.detected!;
  const key = `${folder}/${id}.${type.ext}`;
  await storage.rename(tempKey, key);
  return { key, mime: type.mime, size: guard.size, originalName: file.filename };
}

/**
 * The same checks on a file that arrived in pieces (a resumable upload, modules/authoring/resumable-uploads.ts),
 * read once from the start: its type from the first bytes, markup anywhere, its size. The file's type, or the
 * same refusal a multipart upload gets.
 */
export async function checkReceivedFile(source: Readable, kind: 'image' | 'video', maxBytes: number): Promise<SniffedDocument> {
  const guard = new UploadGuard(kind, maxBytes);
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(source, guard, discard);
  return guard.detected!;
}

/**
 * The same checks on a file that arrives in pieces, made as the bytes pass (a resumable upload's PATCHes, in
 * order), so that the finished file need not be read again: the first SNIFF_BYTES kept for its type, markup
 * looked for across the pieces' edges. `offset` is how many bytes from the file's start it has seen. Each request
 * works on a copy (`copy`), kept only if the store took exactly the bytes it saw.
 */
export class PiecewiseCheck {
  offset = 0;
  private head = Buffer.alloc(0);
  private markup = new MarkupScanner();
  private marker: string | null = null;
  /** Markup found before the type was known: refused for it first, as UploadGuard does. */
  private markerFirst = false;

  push(chunk: Buffer) {
    if (this.marker === null) {
      this.marker = this.markup.push(chunk);
      this.markerFirst = this.marker !== null && this.offset < SNIFF_BYTES;
    }
    this.offset += chunk.length;
    if (this.head.length < SNIFF_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
  }

  copy(): PiecewiseCheck {
    const copy = new PiecewiseCheck();
    copy.offset = this.offset;
    copy.head = this.head;
    copy.markup = this.markup.copy();
    copy.marker = this.marker;
    copy.markerFirst = this.markerFirst;
    return copy;
  }

  /** The file's type, or the refusal a multipart upload of the same bytes gets (UploadGuard). */
  async verdict(kind: 'image' | 'video'): Promise<Sniffed> {
    if (this.markerFirst) throw refused('api.upload.bad_content');
    if (this.offset === 0) throw refused('api.upload.empty', {}, 400);
    const type = await sniff(this.head);
    if (!type || !type.mime.startsWith(kind)) throw refused(kind === 'image' ? 'api.upload.not_image' : 'api.upload.not_video');
    if (this.marker !== null) throw refused('api.upload.bad_content');
    return type;
  }
}
