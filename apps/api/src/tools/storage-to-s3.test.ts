import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, inject, signedIn, testDatabase } from '../../test/harness';
import { addLectures, createCourse } from '../../test/factories';
import { startTestBucket, type TestBucket } from '../../test/s3';
import { REAL } from '../../test/upload-corpus';
import { users } from '../db/schema';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
let bucket: TestBucket;
let dataDir: string;
const id = crypto.randomUUID();
// What DATA_DIR/uploads holds after some use on disk, and an upload cut off half-way.
const FILES: Record<string, Buffer> = {
  [`avatars/${id}.png`]: REAL.png,
  [`lectures/${id}.mp4`]: Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 31) % 256)),
  [`covers/${id}.jpg`]: REAL.jpg,
};
const PARTIAL = `lectures/${crypto.randomUUID()}.part`;

beforeAll(async () => {
  bucket = await startTestBucket();
  dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-move-'));
  for (const [key, bytes] of Object.entries({ ...FILES, [PARTIAL]: Buffer.from('half') })) {
    mkdirSync(path.dirname(path.join(dataDir, 'uploads', key)), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', key), bytes);
  }
});
afterAll(async () => {
  await bucket.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run storage:to-s3` as an operator runs it: the same settings the server will be given. */
async function moveCommand(args: string[] = [], without: string[] = []) {
  const s = bucket.settings;
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    STORAGE: 's3',
    S3_BUCKET: s.bucket,
    S3_REGION: s.region,
    S3_ENDPOINT: s.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: s.credentials!.accessKeyId,
    S3_SECRET_ACCESS_KEY: s.credentials!.secretAccessKey,
  };
  for (const name of without) delete env[name];
  const { stdout } = await promisify(execFile)(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/api/src/tools/storage-to-s3.ts', ...args], { cwd: ROOT, env });
  return stdout;
}

/**
 * Each run of the command starts tsx, as `npm run storage:to-s3` does: about 1.6 s of CPU before the
 * command does anything. The tests below run it three times each: they get a minute, not the default 30 s.
 */
const THREE_RUNS_MS = 60_000;

describe('npm run storage:to-s3', () => {
  it('copies every finished upload under the same key, then copies nothing on a second run; local copies go only when asked', async () => {
    expect(await moveCommand()).toContain('copied 3, already there 0, failed 0, local copies removed 0');
    for (const [key, bytes] of Object.entries(FILES)) {
      expect(await bucket.storage.size(key), key).toBe(bytes.length);
      expect(existsSync(path.join(dataDir, 'uploads', key)), key).toBe(true);
    }
    expect(await bucket.storage.size(PARTIAL)).toBeNull();

    expect(await moveCommand()).toContain('copied 0, already there 3, failed 0, local copies removed 0');

    // A file whose copy in the bucket differs (an earlier run cut off) is copied again.
    await bucket.storage.put(`covers/${id}.jpg`, Readable.from([Buffer.from('cut')]));
    expect(await moveCommand(['--delete-local'])).toContain('copied 1, already there 2, failed 0, local copies removed 3');
    for (const key of Object.keys(FILES)) expect(existsSync(path.join(dataDir, 'uploads', key)), key).toBe(false);
    expect(await bucket.storage.size(`covers/${id}.jpg`)).toBe(REAL.jpg.length);
  }, THREE_RUNS_MS);

  it('refuses to run without STORAGE=s3 or S3_BUCKET, and with an unknown argument', async () => {
    await expect(moveCommand([], ['STORAGE'])).rejects.toMatchObject({ stderr: expect.stringContaining('Set STORAGE=s3') });
    await expect(moveCommand(['--delete-everything'])).rejects.toMatchObject({ stderr: expect.stringContaining('Unknown argument') });
    await expect(moveCommand([], ['S3_BUCKET'])).rejects.toMatchObject({ stderr: expect.stringContaining('S3_BUCKET: required with STORAGE=s3') });
  }, THREE_RUNS_MS);
});

describe('the app on STORAGE=s3 after the move', () => {
  it('serves the moved files: an avatar through the API, a lecture video by redirect to the bucket', async () => {
    await moveCommand();
    const app = await buildTestApp({ dataDir, storage: { driver: 's3', ...bucket.settings } });
    try {
      const { db } = await testDatabase();
      const owner = await signedIn(app, 'participant');
      await db.update(users).set({ avatar: `avatars/${id}.png` }).where(eq(users.id, owner.user.id));
      const avatar = await inject(app, { method: 'GET', url: `/api/media/avatar/${owner.user.id}` });
      expect(avatar.statusCode).toBe(200);
      expect(avatar.rawPayload.equals(REAL.png)).toBe(true);

      const course = await createCourse({ price: 0 });
      const { lectures } = await addLectures(course.id, 1, { video: `lectures/${id}.mp4`, freeFirst: true });
      const video = await inject(app, { method: 'GET', url: `/api/media/lecture/${lectures[0]!.id}` });
      expect(video.statusCode).toBe(302);
      const part = await fetch(video.headers.location!, { headers: { range: 'bytes=0-99' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(FILES[`lectures/${id}.mp4`]!.subarray(0, 100))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
