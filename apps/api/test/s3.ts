import { mkdtempSync, rmSync } from 'node:fs';
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

export async function startTestBucket(bucket = 'nibras-test'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'nibras-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
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
