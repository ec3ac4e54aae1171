import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
// s3rver ships no types; the tests use its constructor, run() and close() only.
// @ts-expect-error no declaration file
import S3rver from 's3rver';
import type { S3Settings } from '../src/config';
import { s3Storage } from '../src/lib/storage-s3';
import { started } from './running';

/** An S3-compatible server of the tests' own: s3rver on a free port, its files in a temp folder. */
export interface TestBucket {
  settings: S3Settings;
  /** The storage on that bucket, and its SDK client for checks that bypass the app. */
  storage: ReturnType<typeof s3Storage>;
  close: () => Promise<void>;
}

interface S3rverStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
}
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: unknown;
}

const xmlText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Three calls of the S3 API that s3rver 3.7 does not answer (its router says 405) and that a resumable upload into a
 * bucket needs (@tus/s3-store, modules/authoring/resumable-uploads.ts): ListParts (GET on a key with `uploadId`),
 * ListMultipartUploads (GET on the bucket with `uploads`) and AbortMultipartUpload (DELETE on a key with `uploadId`).
 * They read and remove what s3rver itself keeps of a multipart upload (a folder per upload: the key, a file per part
 * and its MD5), answering as the S3 API reference describes, so the rest of each upload stays s3rver's own work.
 */
function multipartListings(store: S3rverStore) {
  const uploadsOf = (bucket: string) => store.getResourcePath(bucket, undefined, 'uploads');
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const [bucket, ...rest] = ctx.path.slice(1).split('/').map(decodeURIComponent);
    const key = rest.join('/');
    const uploadId = ctx.query.uploadId;
    if (!bucket) return next();
    const noSuchUpload = () => {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xmlText(uploadId ?? '')}</UploadId></Error>`;
    };
    if (ctx.method === 'GET' && key && uploadId) {
      const folder = path.join(uploadsOf(bucket), uploadId);
      if (!existsSync(folder)) return noSuchUpload();
      const parts = readdirSync(folder)
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .sort((a, b) => a - b)
        .map((n) => ({ n, size: statSync(path.join(folder, String(n))).size, md5: readFileSync(path.join(folder, `${n}.md5`), 'utf8').trim() }));
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${xmlText(bucket)}</Bucket><Key>${xmlText(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts
        .map((p) => `<Part><PartNumber>${p.n}</PartNumber><ETag>"${p.md5}"</ETag><Size>${p.size}</Size></Part>`)
        .join('')}</ListPartsResult>`;
      return undefined;
    }
    if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
      const root = uploadsOf(bucket);
      const uploads = existsSync(root)
        ? readdirSync(root).flatMap((id) => {
            const keyFile = path.join(root, id, 'key');
            return existsSync(keyFile) ? [{ id, key: readFileSync(keyFile, 'utf8'), initiated: statSync(keyFile).mtime }] : [];
          })
        : [];
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult><Bucket>${xmlText(bucket)}</Bucket><IsTruncated>false</IsTruncated>${uploads
        .map((u) => `<Upload><Key>${xmlText(u.key)}</Key><UploadId>${u.id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`)
        .join('')}</ListMultipartUploadsResult>`;
      return undefined;
    }
    if (ctx.method === 'DELETE' && key && uploadId) {
      const folder = path.join(uploadsOf(bucket), uploadId);
      if (!existsSync(folder)) return noSuchUpload();
      rmSync(folder, { recursive: true, force: true });
      ctx.status = 204;
      return undefined;
    }
    return next();
  };
}

export async function startTestBucket(bucket = 'nibras-test'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'nibras-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  // Before s3rver's own router: the calls it lacks (multipartListings).
  (server.middleware as unknown[]).unshift(multipartListings(server.store as S3rverStore));
  const address = (await server.run()) as AddressInfo;
  const settings: S3Settings = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${address.port}`,
    publicEndpoint: undefined,
    forcePathStyle: true,
    // s3rver's built-in account.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    signedUrlSeconds: 300,
  };
  const storage = s3Storage(settings);
  const close = async () => {
    forget();
    storage.client.destroy();
    await new Promise<void>((resolve, reject) => server.close((error?: Error) => (error ? reject(error) : resolve())));
    rmSync(directory, { recursive: true, force: true });
  };
  // Recorded in running.ts until closed: a test that stops before closing it does not leave it open.
  const forget = started(`s3rver on port ${address.port}`, close);
  await storage.client.send(new CreateBucketCommand({ Bucket: bucket }));
  return { settings, storage, close };
}
