import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSuite, buildTestApp, inject, signedIn, testDatabase } from '../../../test/harness';
import { addLectures, createCourse } from '../../../test/factories';
import { mp4Box, noise } from '../../../test/media-files';
import { startTestBucket, type TestBucket } from '../../../test/s3';
import { REAL } from '../../../test/upload-corpus';
import { lectures, users, videoJobs } from '../../db/schema';
import { queueLadder } from '../video/video.service';
import { variantKey } from '../../lib/image-variants';
import { CLIP, createDraft, expectOk, multipartWithFields, signedInCaller } from '../authoring/authoring.test-kit';

let bucket: TestBucket;
beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(() => bucket.close());
// STORAGE=s3 as the settings give it: buildApp makes the storage itself (createStorage).
const suite = apiSuite({ config: () => ({ storage: { driver: 's3', ...bucket.settings } }) });

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}, on = suite.app) => inject(on, { method: 'GET', url, headers });
const inBucket = async (key: string) => {
  const answer = await bucket.storage.client.send(new GetObjectCommand({ Bucket: bucket.settings.bucket, Key: key }));
  return Buffer.from(await answer.Body!.transformToByteArray());
};

const VIDEO = Buffer.from(Array.from({ length: 10_000 }, (_, i) => (i * 13) % 251));

/** A free course whose lectures play a video put in the bucket, and a participant enrolled in it. */
async function enrolledCourse(opts: { freeFirst?: boolean } = {}) {
  const key = `lectures/${crypto.randomUUID()}.mp4`;
  await bucket.storage.put(key, Readable.from([VIDEO]));
  const course = await createCourse({ price: 0 });
  const { lectures: rows } = await addLectures(course.id, 2, { video: key, freeFirst: opts.freeFirst });
  const p = await signedIn(suite.app, 'participant');
  expect((await suite.inject({ method: 'POST', url: '/api/participant/enrollcourse/order', headers: p.auth, payload: { course_id: course.id } })).statusCode).toBe(200);
  const learn = (await get(`/api/participant/learn/${course.id}`, p.auth)).json().data;
  return { course, lectures: rows, key, auth: p.auth, user: p.user, videoUrl: learn.sections[0].lectures[1].videoUrl as string };
}

describe('uploads with STORAGE=s3', () => {
  it('an avatar upload lands in the bucket and is served back through the API with its safe headers', async () => {
    const { auth, user } = await signedIn(suite.app, 'participant');
    const body = multipartWithFields({}, { name: 'me.png', type: 'image/png', bytes: REAL.png });
    const res = await suite.inject({ method: 'POST', url: '/api/participant/avatar', headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    const { db } = await testDatabase();
    const [row] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, user.id));
    expect(row!.avatar).toMatch(/^avatars\/[0-9a-f-]{36}\.png$/);
    expect((await inBucket(row!.avatar!)).equals(REAL.png)).toBe(true);
    // Only the final key: the temporary .part key of the upload was renamed away.
    await expect(bucket.storage.client.send(new HeadObjectCommand({ Bucket: bucket.settings.bucket, Key: row!.avatar!.replace(/\.png$/, '.part') }))).rejects.toThrow();
    const file = await get(res.json().data.avatar);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(REAL.png)).toBe(true);
    expect(file.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
    expect(file.headers['content-security-policy']).toContain('sandbox');
  });

  it('a lecture video larger than one upload part lands whole in the bucket, and its preview redirects there', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const { id } = await createDraft(api);
    const outline = expectOk(await api.post('addUpdate/step4', { id, sections: [{ title: 'S', lectures: [{ title: 'L' }] }] })).data;
    const lectureId = outline.sections[0].lectures[0].id as number;
    // The real clip, then a `free` box of 9 MiB: two parts of the multipart upload (8 MiB each).
    const bytes = Buffer.concat([CLIP, mp4Box('free', noise(9 * 1_048_576))]);
    const res = expectOk(await api.upload('step4/upload', { id, lecture_id: lectureId }, { name: 'big.mp4', type: 'video/mp4', bytes }));
    const { db } = await testDatabase();
    const [row] = await db.select({ video: lectures.video }).from(lectures).where(eq(lectures.id, lectureId));
    expect(row!.video).toMatch(/^lectures\/[0-9a-f-]{36}\.mp4$/);
    expect((await inBucket(row!.video!)).equals(bytes)).toBe(true);
    const preview = await get(res.data.sections[0].lectures[0].video_url);
    expect(preview.statusCode).toBe(302);
    const part = await fetch(preview.headers.location!, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
  });
});

describe('cover copies with STORAGE=s3', () => {
  it('a cover already in the bucket gets its WebP copy made on the first request, stored in the bucket beside it, served from there after', async () => {
    const original = await sharp({ create: { width: 960, height: 540, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();
    const key = `covers/${crypto.randomUUID()}.png`;
    await bucket.storage.put(key, Readable.from([original]));
    const course = await createCourse({ coverImage: key });
    const first = await get(`/api/media/cover/${course.id}?w=400`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 225 });
    const copy = variantKey(key, 400);
    expect((await inBucket(copy)).equals(first.rawPayload)).toBe(true);
    const listed = await bucket.storage.client.send(new ListObjectsV2Command({ Bucket: bucket.settings.bucket, Prefix: key.replace(/\.png$/, '') }));
    expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual([copy, key].sort());
    // The second answer is the bucket's copy, whatever it holds now.
    const marked = Buffer.concat([first.rawPayload, Buffer.from('kept')]);
    await bucket.storage.remove(copy);
    await bucket.storage.put(copy, Readable.from([marked]));
    expect((await get(`/api/media/cover/${course.id}?w=400`)).rawPayload.equals(marked)).toBe(true);
  });
});

describe('lecture videos from the bucket', () => {
  it('an enrolled participant is redirected to a signed URL that answers Range requests itself', async () => {
    const { videoUrl, lectures: rows } = await enrolledCourse();
    const res = await get(videoUrl);
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const location = new URL(res.headers.location!);
    expect(location.origin).toBe(bucket.settings.endpoint);
    expect(location.searchParams.get('X-Amz-Expires')).toBe(String(bucket.settings.signedUrlSeconds));
    // What the <video> element does next: a Range request to the bucket, not to the API.
    const part = await fetch(location, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${VIDEO.length}`);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('content-disposition')).toBe(`inline; filename="lecture-${rows[1]!.id}.mp4"`);
    expect(Buffer.from(await part.arrayBuffer()).equals(VIDEO.subarray(0, 100))).toBe(true);
    // HEAD, as a player probing the file sends it, gets the same redirect.
    expect((await suite.inject({ method: 'HEAD', url: videoUrl })).statusCode).toBe(302);
  });

  it('anyone else gets the same refusal as with files on disk, and no URL', async () => {
    const { lectures: rows, videoUrl } = await enrolledCourse();
    const stranger = await signedIn(suite.app, 'participant');
    for (const url of [`/api/media/lecture/${rows[1]!.id}`, `/api/media/lecture/${rows[1]!.id}?t=forged`, `/api/media/lecture/${rows[0]!.id}?${new URL(videoUrl, 'http://x').searchParams}`]) {
      const res = await get(url, stranger.auth);
      expect(res.statusCode, url).toBe(403);
      expect(res.headers.location).toBeUndefined();
      expect(res.json().success).toBe(false);
    }
  });

  it('a free preview of a public course redirects anyone', async () => {
    const { lectures: rows } = await enrolledCourse({ freeFirst: true });
    expect((await get(`/api/media/lecture/${rows[0]!.id}`)).statusCode).toBe(302);
  });

  it('a lecture whose file is gone from the bucket is 404, not a redirect', async () => {
    const { key, videoUrl } = await enrolledCourse();
    await bucket.storage.remove(key);
    expect((await get(videoUrl)).statusCode).toBe(404);
  });

  it('the bucket refuses an expired URL and one with another credential', async () => {
    // An app whose clock can be set back: a URL it signs a lifetime and a second ago is already over.
    let clock = Date.now();
    const lifetimeMs = bucket.settings.signedUrlSeconds * 1000;
    const movable = await buildTestApp({ storage: { driver: 's3', ...bucket.settings } }, { now: () => clock });
    try {
      const { videoUrl } = await enrolledCourse();
      const fresh = await fetch(new URL((await get(videoUrl, {}, movable)).headers.location!), { headers: { range: 'bytes=0-99' } });
      expect(fresh.status).toBe(206);
      await fresh.arrayBuffer();
      clock = Date.now() - lifetimeMs - 1000;
      const location = new URL((await get(videoUrl, {}, movable)).headers.location!);
      expect(location.searchParams.get('X-Amz-Expires')).toBe(String(bucket.settings.signedUrlSeconds));
      const expired = await fetch(location, { headers: { range: 'bytes=0-99' } });
      expect(expired.status).toBe(403);
      expect(await expired.text()).toContain('Request has expired');
      // s3rver checks the credential and the expiry of a SigV4 URL but not the signature bytes
      // (docs/storage.md): what a changed URL can be shown to meet here is a credential it does not know.
      const tampered = new URL((await get(videoUrl)).headers.location!);
      tampered.searchParams.set('X-Amz-Credential', tampered.searchParams.get('X-Amz-Credential')!.replace(/^S3RVER/, 'FORGED'));
      const refused = await fetch(tampered, { headers: { range: 'bytes=0-99' } });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('InvalidAccessKeyId');
    } finally {
      await movable.close();
    }
  });
});

describe('a streaming ladder in the bucket', () => {
  it("lists a rung's segments as signed addresses of the bucket, which answer the segment itself", async () => {
    const { lectures: rows, key, auth } = await enrolledCourse();
    const folder = `hls/${key.slice('lectures/'.length, -'.mp4'.length)}/`;
    const segment = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 11) % 256));
    await bucket.storage.put(`${folder}master.m3u8`, Readable.from([Buffer.from('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=545600,RESOLUTION=426x240\n240p/index.m3u8\n')]));
    await bucket.storage.put(`${folder}240p/index.m3u8`, Readable.from([Buffer.from('#EXTM3U\n#EXTINF:4.000000,\nseg-0000.ts\n#EXT-X-ENDLIST\n')]));
    await bucket.storage.put(`${folder}240p/seg-0000.ts`, Readable.from([segment]));
    const { db } = await testDatabase();
    for (const lecture of rows) {
      await queueLadder(db, lecture.id, key);
      await db.update(videoJobs).set({ status: 'ready' }).where(eq(videoJobs.lectureId, lecture.id));
    }
    const learn = (await get(`/api/participant/learn/${rows[0]!.courseId}`, auth)).json().data;
    const master = await get(learn.sections[0].lectures[1].stream.masterUrl);
    expect(master.statusCode).toBe(200);
    const rung = await get(master.body.split('\n').find((line: string) => line.endsWith('index.m3u8'))!);
    const [address] = rung.body.split('\n').filter((line: string) => line && !line.startsWith('#'));
    expect(new URL(address!).origin).toBe(new URL(bucket.settings.publicEndpoint ?? bucket.settings.endpoint!).origin);
    expect(address).toContain('X-Amz-Signature=');
    const fetched = await fetch(address!);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(segment)).toBe(true);
  });
});

describe('the page Content-Security-Policy with STORAGE=s3', () => {
  it("lets media and streaming segments come from the bucket's origin, and images still only from the site", async () => {
    const csp = String((await get('/api/category/namelist')).headers['content-security-policy']);
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive('media-src')).toBe(`media-src 'self' blob: ${bucket.settings.endpoint}`);
    // hls.js fetches a ladder's segments from the bucket's signed addresses.
    expect(directive('connect-src')).toBe(`connect-src 'self' ${bucket.settings.endpoint}`);
    expect(directive('img-src')).toBe("img-src 'self' data: blob:");
  });
});
