import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '../../test/s3';
import { diskStorage, type Storage } from './storage';
import { s3Storage } from './storage-s3';
import { loadConfig } from '../config';

let bucket: TestBucket;
let diskRoot: string;
beforeAll(async () => {
  bucket = await startTestBucket();
  diskRoot = mkdtempSync(path.join(tmpdir(), 'nibras-storage-'));
});
afterAll(async () => {
  await bucket.close();
  rmSync(diskRoot, { recursive: true, force: true });
});

// Deterministic bytes that differ at every offset a range test reads.
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + (i >> 8)) % 256));
/** A stream in small chunks of unknown total length, as an upload arrives. */
const trickle = (data: Buffer, chunk = 1000) => Readable.from((function* () { for (let i = 0; i < data.length; i += chunk) yield data.subarray(i, i + chunk); })());
const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

const drivers: [string, () => Storage][] = [
  ['disk', () => diskStorage(diskRoot)],
  ['s3', () => bucket.storage],
  // Parts of 64 KiB: a file of a few hundred KB goes through the multipart upload, as a large video does with the default 8 MiB.
  ['s3 (multipart)', () => s3Storage(bucket.settings, { partBytes: 64 * 1024 })],
];

describe.each(drivers)('%s storage', (_name, make) => {
  it('keeps what was put: its size, the whole file and any byte range of it', async () => {
    const storage = make();
    const data = bytes(300_000);
    const key = `conformance/${crypto.randomUUID()}.mp4`;
    await storage.put(key, trickle(data));
    expect(await storage.size(key)).toBe(data.length);
    expect((await readAll(storage.read(key))).equals(data)).toBe(true);
    expect((await readAll(storage.read(key, { start: 0, end: 99 }))).equals(data.subarray(0, 100))).toBe(true);
    expect((await readAll(storage.read(key, { start: 150_001, end: 299_999 }))).equals(data.subarray(150_001))).toBe(true);
  });

  it('keeps an empty file and a one-byte file', async () => {
    const storage = make();
    for (const data of [Buffer.alloc(0), Buffer.from('x')]) {
      const key = `conformance/${crypto.randomUUID()}.bin`;
      await storage.put(key, trickle(data));
      expect(await storage.size(key)).toBe(data.length);
      expect((await readAll(storage.read(key))).equals(data)).toBe(true);
    }
  });

  it('renames: the new key has the bytes, the old one is gone', async () => {
    const storage = make();
    const data = bytes(5000);
    const from = `conformance/${crypto.randomUUID()}.part`;
    const to = `conformance/${crypto.randomUUID()}.png`;
    await storage.put(from, trickle(data));
    await storage.rename(from, to);
    expect(await storage.size(from)).toBeNull();
    expect((await readAll(storage.read(to))).equals(data)).toBe(true);
  });

  it('removes a file, and removing a missing one is no error', async () => {
    const storage = make();
    const key = `conformance/${crypto.randomUUID()}.png`;
    await storage.put(key, trickle(bytes(10)));
    await storage.remove(key);
    expect(await storage.size(key)).toBeNull();
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it('answers null for the size of a missing key, and reading it fails', async () => {
    const storage = make();
    const key = `conformance/${crypto.randomUUID()}.mp4`;
    expect(await storage.size(key)).toBeNull();
    await expect(readAll(storage.read(key))).rejects.toThrow();
  });

  it('stores nothing when the source fails half-way, and reports the failure', async () => {
    const storage = make();
    const key = `conformance/${crypto.randomUUID()}.mp4`;
    const failing = Readable.from((async function* () {
      yield bytes(200_000);
      throw new Error('client gone');
    })());
    await expect(storage.put(key, failing)).rejects.toThrow('client gone');
    // The disk driver removes its partial file; the S3 driver never completes the object.
    expect(await storage.size(key)).toBeNull();
  });
});

describe('s3 storage', () => {
  it('writes objects the bucket itself serves, under the same key', async () => {
    const data = bytes(1234);
    const key = `avatars/${crypto.randomUUID()}.png`;
    await bucket.storage.put(key, trickle(data));
    const answer = await bucket.storage.client.send(new GetObjectCommand({ Bucket: bucket.settings.bucket, Key: key }));
    expect(Buffer.from(await answer.Body!.transformToByteArray()).equals(data)).toBe(true);
  });

  it('signs URLs for the public endpoint when one is set, and names its origin for the page CSP', async () => {
    const behindProxy = s3Storage({ ...bucket.settings, publicEndpoint: 'https://files.example.org' });
    const url = new URL(await behindProxy.signedUrl!('videos/a.mp4', { filename: 'lecture-1.mp4', contentType: 'video/mp4' }));
    expect(url.origin).toBe('https://files.example.org');
    expect(url.pathname).toBe(`/${bucket.settings.bucket}/videos/a.mp4`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(await behindProxy.signedUrlOrigin!()).toBe('https://files.example.org');
    expect(await bucket.storage.signedUrlOrigin!()).toBe(bucket.settings.endpoint);
  });
});

describe('storage settings', () => {
  const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

  it('keep files on disk unless STORAGE=s3', () => {
    expect(load({}).storage).toEqual({ driver: 'disk' });
  });

  it('read the bucket, its endpoint and credentials, with a one-hour signed URL by default', () => {
    const s3 = load({ STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).storage;
    expect(s3).toEqual({
      driver: 's3',
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      publicEndpoint: undefined,
      forcePathStyle: true,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      signedUrlSeconds: 3600,
    });
    expect(load({ STORAGE: 's3', S3_BUCKET: 'media' }).storage).toMatchObject({ credentials: undefined, forcePathStyle: false });
  });

  it('refuse at start what cannot work: no bucket, half a key pair, videos larger than one S3 copy, a bad driver', () => {
    expect(() => load({ STORAGE: 's3' })).toThrow('S3_BUCKET: required with STORAGE=s3');
    expect(() => load({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither');
    expect(() => load({ STORAGE: 's3', S3_BUCKET: 'b', UPLOAD_VIDEO_MAX_MB: '6000' })).toThrow('UPLOAD_VIDEO_MAX_MB: at most 5120 with STORAGE=s3');
    expect(() => load({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
    expect(() => load({ STORAGE: 's3', S3_BUCKET: 'b', S3_SIGNED_URL_SECONDS: '5' })).toThrow(/S3_SIGNED_URL_SECONDS/);
  });
});
