import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../config';
import type { Storage } from './storage';

/**
 * Parts of a streamed upload. S3 wants at least 5 MiB for every part but the last; one part is held
 * in memory per upload in flight, so a 2 GB video costs 8 MiB, never the whole file.
 */
export const DEFAULT_PART_BYTES = 8 * 1_048_576;

function client(settings: S3Settings, endpoint: string | undefined): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // The SDK's default CRC checksums (since 3.729) are refused or mangled by many S3-compatible
    // servers; TLS already guards the bytes in transit. The same setting on AWS as in the tests.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/** Cuts a stream of chunks into parts of a given size; a part read too early can be put back. */
class Chunker {
  private pending: Buffer[] = [];
  private done = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  unshift(part: Buffer) {
    this.pending.unshift(part);
  }

  async next(bytes: number): Promise<Buffer | null> {
    const parts = this.pending;
    this.pending = [];
    let length = parts.reduce((n, b) => n + b.length, 0);
    while (length < bytes && !this.done) {
      const step = await this.source.next();
      if (step.done) this.done = true;
      else {
        parts.push(step.value);
        length += step.value.length;
      }
    }
    if (length === 0) return null;
    const all = parts.length === 1 ? parts[0]! : Buffer.concat(parts, length);
    if (all.length <= bytes) return all;
    this.pending.push(all.subarray(bytes));
    return all.subarray(0, bytes);
  }
}

/**
 * Uploads in an S3-compatible bucket, for several API nodes sharing one set of files. Keys are the
 * same as on disk (`avatars/<uuid>.png`), so DATA_DIR/uploads moves over as it is (storage-to-s3).
 */
export function s3Storage(settings: S3Settings, options: { partBytes?: number; now?: () => number } = {}): Storage & { client: S3Client } {
  const s3 = client(settings, settings.endpoint);
  // Signing is local computation: a second client only to sign for the address browsers use.
  const signer = settings.publicEndpoint ? client(settings, settings.publicEndpoint) : s3;
  const Bucket = settings.bucket;
  const partBytes = options.partBytes ?? DEFAULT_PART_BYTES;
  const now = options.now ?? Date.now;

  async function multipart(Key: string, first: Buffer, chunks: Chunker): Promise<void> {
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    const parts: CompletedPart[] = [];
    try {
      // Parts go one after another: the next part is read from the client only when the bucket
      // has taken the last one, so a slow bucket slows the upload instead of filling memory.
      for (let part: Buffer | null = first; part; part = await chunks.next(partBytes)) {
        const PartNumber = parts.length + 1;
        const { ETag } = await s3.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: part, ContentLength: part.length }));
        parts.push({ ETag, PartNumber });
      }
      await s3.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      // Best effort (some compatible servers lack it); a bucket lifecycle rule cleans up the rest (docs/storage.md).
      await s3.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  return {
    client: s3,
    async put(Key, body) {
      // Uploads arrive with no length: a file that fits in one part is one PutObject with a known
      // length, anything larger a multipart upload.
      const chunks = new Chunker(body[Symbol.asyncIterator]());
      try {
        const first = (await chunks.next(partBytes)) ?? Buffer.alloc(0);
        const second = first.length === partBytes ? await chunks.next(partBytes) : null;
        if (!second) {
          await s3.send(new PutObjectCommand({ Bucket, Key, Body: first, ContentLength: first.length }));
          return;
        }
        // The second part was read only to learn there is one.
        chunks.unshift(second);
        await multipart(Key, first, chunks);
      } catch (error) {
        // As the disk driver's pipeline does: the source stops with the write.
        body.destroy();
        throw error;
      }
    },
    async size(Key) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket, Key }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    read(Key, range) {
      const out = new PassThrough();
      const abort = new AbortController();
      // A reader gone early (a player seeking elsewhere) stops the bucket's answer too.
      out.once('close', () => abort.abort());
      s3.send(new GetObjectCommand({ Bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }), { abortSignal: abort.signal }).then(
        (answer) => pipeline(answer.Body as Readable, out).catch((error: unknown) => out.destroy(error as Error)),
        (error: unknown) => out.destroy(error as Error),
      );
      return out;
    },
    async remove(Key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    async removeTree(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`a tree's prefix ends in "/": ${prefix}`);
      // A page of keys at a time, each removed (DeleteObjects needs Content-MD5, which not every S3-compatible store takes).
      for (;;) {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, MaxKeys: 1000 }));
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
        if (keys.length === 0) return;
        for (let i = 0; i < keys.length; i += 16) await Promise.all(keys.slice(i, i + 16).map((Key) => s3.send(new DeleteObjectCommand({ Bucket, Key }))));
        if (!page.IsTruncated) return;
      }
    },
    async rename(from, to) {
      // S3 has no rename: a copy inside the bucket, then the old key goes.
      await s3.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from.split('/').map(encodeURIComponent).join('/')}` }));
      await s3.send(new DeleteObjectCommand({ Bucket, Key: from }));
    },
    signedUrl(Key, { filename, contentType, expiresSeconds = settings.signedUrlSeconds }) {
      return getSignedUrl(signer, new GetObjectCommand({ Bucket, Key, ResponseContentType: contentType, ResponseContentDisposition: `inline; filename="${filename}"` }), {
        expiresIn: expiresSeconds,
        // A signed URL lives from this date: the app's clock (AppContext.now), which a test can set back.
        signingDate: new Date(now()),
      });
    },
    async signedUrlOrigin() {
      // Whatever the addressing (path or virtual-host style, an endpoint or AWS), the origin is the one the signer puts in its URLs.
      return new URL(await this.signedUrl!('origin-probe', { filename: 'probe', contentType: 'application/octet-stream' })).origin;
    },
  };
}
