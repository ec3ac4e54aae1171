import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import * as tus from 'tus-js-client';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, signedIn, testDatabase } from '../../../test/harness';
import { startTestBucket, type TestBucket } from '../../../test/s3';
import { until } from '../../../test/until';
import { courses, lectures } from '../../db/schema';
import { CLIP, authoringSuite, createDraft, expectOk, signedInCaller, type Caller } from './authoring.test-kit';
import { removeExpiredUploads } from './resumable-uploads';

const suite = authoringSuite();
const progress = () => path.join(suite.uploads, 'resumable');
let origin = '';
beforeAll(async () => {
  origin = await suite.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A lecture video of real size: the seed clip with bytes after it, so an upload takes several pieces. */
const VIDEO = Buffer.concat([CLIP, Buffer.alloc(600_000, 5)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Upload-Metadata: comma-separated `key base64(value)` pairs (tus 1.0.0). */
const metadataHeader = (metadata: Record<string, string | number>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
    .join(',');

type Auth = Record<string, string>;

async function create(at: string, api: Caller, size: number | undefined, metadata: Record<string, string | number>, headers: Auth = {}) {
  return fetch(`${at}${api.base}/upload/resumable`, {
    method: 'POST',
    headers: { ...api.auth, 'tus-resumable': '1.0.0', 'accept-language': 'en', ...(size === undefined ? {} : { 'upload-length': String(size) }), 'upload-metadata': metadataHeader(metadata), ...headers },
  });
}

async function created(at: string, api: Caller, size: number, metadata: Record<string, string | number>) {
  const res = await create(at, api, size, metadata);
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${await res.text()}`);
  return new URL(res.headers.get('location')!, at).href;
}

const head = (url: string, auth: Auth) => fetch(url, { method: 'HEAD', headers: { ...auth, 'tus-resumable': '1.0.0' } });
const offsetOf = async (url: string, auth: Auth) => Number((await head(url, auth)).headers.get('upload-offset'));
const patch = (url: string, auth: Auth, offset: number, bytes: Buffer, lang = 'en') =>
  fetch(url, {
    method: 'PATCH',
    headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'accept-language': lang },
    body: new Uint8Array(bytes),
  });

/** The bytes in progress of one upload, as the server keeps them (0 before any arrived). */
const receivedOf = (url: string) => {
  const file = path.join(progress(), url.split('/').pop()!);
  return existsSync(file) ? statSync(file).size : 0;
};
const leftInProgress = (url: string) => readdirSync(progress()).filter((name) => name.startsWith(url.split('/').pop()!));

/**
 * A PATCH whose client goes away part-way: its head and `sent` bytes over a raw socket, then, once the server
 * has stored some of them, the connection is dropped (what a train's tunnel does to an upload).
 */
async function patchCutOff(url: string, auth: Auth, offset: number, bytes: Buffer, sent: number) {
  const { hostname, port, pathname } = new URL(url);
  const socket = connect(Number(port), hostname);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()).on('error', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const headers = { host: `${hostname}:${port}`, ...auth, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(bytes.length) };
  socket.write(`PATCH ${pathname} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`);
  socket.write(bytes.subarray(0, sent));
  try {
    await until(() => receivedOf(url) > offset, 'the server began to store the piece');
  } finally {
    socket.destroy();
  }
  await closed;
}

async function courseWithLecture(api: Caller) {
  const { id } = await createDraft(api);
  const outline = expectOk(await api.post('addUpdate/step4', { id, sections: [{ title: 'S', lectures: [{ title: 'L' }] }] })).data;
  return { course: id, lecture: outline.sections[0].lectures[0].id as number };
}

async function storedVideo(lectureId: number) {
  const { db } = await testDatabase();
  const [row] = await db.select({ video: lectures.video }).from(lectures).where(eq(lectures.id, lectureId));
  return row!.video;
}

describe('a resumable lecture upload (tus)', () => {
  it('cut off part-way, goes on from the offset the server reports, sends only the rest, and the stored file is byte-identical', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const ids = await courseWithLecture(api);
    const url = await created(origin, api, VIDEO.length, { target: 'lecture', id: ids.course, lecture_id: ids.lecture, filename: 'lesson.mp4', filetype: 'video/mp4' });
    expect(await offsetOf(url, api.auth)).toBe(0);

    await patchCutOff(url, api.auth, 0, VIDEO, 400_000);
    // What arrived before the cut is kept, and the server says how much (never more than was sent).
    await until(async () => (await offsetOf(url, api.auth)) > 0, 'the received bytes counted');
    const offset = await offsetOf(url, api.auth);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(400_000);
    expect(await storedVideo(ids.lecture)).toBeNull();

    // Continuing from anywhere else is refused (409), so a client cannot leave a hole or a doubled piece.
    const wrong = await patch(url, api.auth, offset + 1, VIDEO.subarray(offset + 1));
    expect(wrong.status).toBe(409);
    expect((await wrong.json()).message).toMatch(/another place/);

    const rest = VIDEO.subarray(offset);
    const last = await patch(url, api.auth, offset, rest);
    expect(last.status).toBe(200);
    expect(last.headers.get('upload-offset')).toBe(String(VIDEO.length));
    const envelope = await last.json();
    expect(envelope.success).toBe(true);
    expect(envelope.data.sections[0].lectures[0]).toMatchObject({ id: ids.lecture, has_video: true });

    const key = await storedVideo(ids.lecture);
    expect(key).toMatch(/^lectures\/[0-9a-f-]{36}\.mp4$/);
    expect(sha256(readFileSync(path.join(suite.uploads, key!)))).toBe(sha256(VIDEO));
    // Nothing of it is left in progress, and its address is gone.
    expect(leftInProgress(url)).toEqual([]);
    expect((await head(url, api.auth)).status).toBe(404);
  });

  it('goes on after the server restarts, and a promo video is attached to its course', async () => {
    const first: FastifyInstance = await buildTestApp({ dataDir: suite.dataDir });
    const at = await first.listen({ port: 0, host: '127.0.0.1' });
    const { api } = await signedInCaller(first, 'instructor');
    const { auth } = api;
    const { id } = await createDraft(api);
    const url = await created(at, api, VIDEO.length, { target: 'promo', id });
    const half = Math.floor(VIDEO.length / 2);
    expect((await patch(url, auth, 0, VIDEO.subarray(0, half))).status).toBe(204);
    await first.close();

    const second = await buildTestApp({ dataDir: suite.dataDir });
    try {
      const again = await second.listen({ port: 0, host: '127.0.0.1' });
      const continued = url.replace(at, again);
      expect(await offsetOf(continued, auth)).toBe(half);
      const last = await patch(continued, auth, half, VIDEO.subarray(half));
      expect(last.status).toBe(200);
      expect((await last.json()).data.promo_video_url).toMatch(/^\/api\//);
      const { db } = await testDatabase();
      const [course] = await db.select({ promo: courses.promoVideo }).from(courses).where(eq(courses.id, id));
      expect(course!.promo).toMatch(/^promos\/[0-9a-f-]{36}\.mp4$/);
      expect(sha256(readFileSync(path.join(suite.uploads, course!.promo!)))).toBe(sha256(VIDEO));
    } finally {
      await second.close();
    }
  });

  it('works with tus-js-client, the course builder\'s client: pieces, an abort, and a new client going on from the address', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const ids = await courseWithLecture(api);
    const endpoint = `${origin}${api.base}/upload/resumable`;
    const options = { endpoint, headers: api.auth, chunkSize: 256 * 1024, retryDelays: null, metadata: { target: 'lecture', id: String(ids.course), lecture_id: String(ids.lecture), filename: 'lesson.mp4', filetype: 'video/mp4' } };
    const aborted = await new Promise<string>((resolve, reject) => {
      const upload: tus.Upload = new tus.Upload(VIDEO, {
        ...options,
        onChunkComplete: () => {
          void upload.abort().then(() => resolve(upload.url!));
        },
        onError: reject,
      });
      upload.start();
    });
    const before = await offsetOf(aborted, api.auth);
    expect(before).toBe(256 * 1024);

    let sent = 0;
    const body = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(VIDEO, {
        ...options,
        uploadUrl: aborted,
        onProgress: (bytes) => (sent = bytes),
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getBody()),
        onError: reject,
      });
      upload.start();
    });
    expect(sent).toBe(VIDEO.length);
    expect(JSON.parse(body).data.sections[0].lectures[0]).toMatchObject({ id: ids.lecture, has_video: true });
    expect(sha256(readFileSync(path.join(suite.uploads, (await storedVideo(ids.lecture))!)))).toBe(sha256(VIDEO));
  });
});

describe('what is refused before a byte is kept', () => {
  it('no token 401, a participant 403, another instructor\'s course 403 or 404, a foreign lecture, bad metadata, no or too large a length: 4xx with field messages', async () => {
    const owner = await signedInCaller(suite.app, 'instructor');
    const ids = await courseWithLecture(owner.api);
    const other = await courseWithLecture((await signedInCaller(suite.app, 'instructor')).api);
    const stranger = await signedInCaller(suite.app, 'instructor');
    const lecture = { target: 'lecture', id: ids.course, lecture_id: ids.lecture };
    const before = readdirSync(progress(), { recursive: false }).length;

    const anonymous = await fetch(`${origin}${owner.api.base}/upload/resumable`, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' } });
    expect(anonymous.status).toBe(401);
    const participant = await signedIn(suite.app, 'participant');
    expect((await create(origin, { ...owner.api, auth: participant.auth }, 10, lecture)).status).toBe(403);
    expect([403, 404]).toContain((await create(origin, stranger.api, VIDEO.length, lecture)).status);

    const foreign = await create(origin, owner.api, VIDEO.length, { ...lecture, lecture_id: other.lecture });
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).errors).toHaveProperty('lecture_id');
    const badTarget = await create(origin, owner.api, VIDEO.length, { target: 'cover', id: ids.course });
    expect(badTarget.status).toBe(400);
    expect((await badTarget.json()).errors).toHaveProperty('target');
    const noLength = await create(origin, owner.api, undefined, lecture, { 'upload-defer-length': '1' });
    expect(noLength.status).toBe(400);
    expect((await noLength.json()).errors).toHaveProperty('file');

    // A client that does not speak tus is told so, in the envelope; no other origin is let in (no CORS header).
    const notTus = await fetch(`${origin}${owner.api.base}/upload/resumable`, { method: 'POST', headers: { ...owner.api.auth, 'upload-length': '10', origin: 'https://elsewhere.example' } });
    expect(notTus.status).toBe(412);
    expect((await notTus.json()).errors.file).toMatch(/tus/);
    expect(notTus.headers.get('access-control-allow-origin')).toBeNull();

    const tooLarge = await create(origin, owner.api, 3 * 1024 ** 3, lecture, { 'accept-language': 'ar' });
    expect(tooLarge.status).toBe(413);
    const refusal = await tooLarge.json();
    expect(refusal.errors.file).toMatch(/ميغابايت/);
    expect(readdirSync(progress()).length).toBe(before);
  });

  it('another account cannot ask about, continue or end someone\'s upload: it is answered as missing', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const ids = await courseWithLecture(api);
    const url = await created(origin, api, VIDEO.length, { target: 'lecture', id: ids.course, lecture_id: ids.lecture });
    expect((await patch(url, api.auth, 0, VIDEO.subarray(0, 1000))).status).toBe(204);
    // Another instructor at the same address, and an admin at the admins' own (on the instructors' it is 403).
    const admin = await signedIn(suite.app, 'admin');
    expect((await head(url, admin.auth)).status).toBe(403);
    for (const intruder of [{ ...(await signedIn(suite.app, 'instructor')), url }, { ...admin, url: url.replace('/api/instructor/', '/api/admin/') }]) {
      expect((await head(intruder.url, intruder.auth)).status).toBe(404);
      const piece = await patch(intruder.url, intruder.auth, 1000, VIDEO.subarray(1000, 2000));
      expect(piece.status).toBe(404);
      expect((await piece.json()).message).toMatch(/does not exist/);
      expect((await fetch(intruder.url, { method: 'DELETE', headers: { ...intruder.auth, 'tus-resumable': '1.0.0' } })).status).toBe(404);
    }
    expect(await offsetOf(url, api.auth)).toBe(1000);
  });
});

describe('the checks once the file has arrived', () => {
  const text = (s: string) => Buffer.from(s, 'utf8');
  it.each([
    ['a PDF named .mp4', Buffer.concat([text('%PDF-1.7\n'), Buffer.alloc(5000, 1)]), 'not_video'],
    ['an MP4 with a script in its media data', Buffer.concat([CLIP.subarray(0, 40_000), text('<script>alert(document.cookie)</script>'), CLIP.subarray(40_000)]), 'bad_content'],
  ])('%s is refused with 415, nothing of it stays and the lecture keeps no video', async (_name, bytes, reason) => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const ids = await courseWithLecture(api);
    const url = await created(origin, api, bytes.length, { target: 'lecture', id: ids.course, lecture_id: ids.lecture, filename: 'x.mp4' });
    const last = await patch(url, api.auth, 0, bytes);
    expect(last.status).toBe(415);
    const refusal = await last.json();
    expect(refusal.success).toBe(false);
    expect(refusal.errors.file).toBe(reason === 'not_video' ? 'Choose an MP4 or WebM video.' : 'This file contains markup or script and cannot be accepted.');
    expect(leftInProgress(url)).toEqual([]);
    expect(await storedVideo(ids.lecture)).toBeNull();
  });
  it('a script cut in two by the pieces, or sent before the server restarted, is found: pieces are checked as they pass, and a file whose pieces this process did not all see is read again at its end', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const script = '<script>alert(document.cookie)</script>';
    const bytes = Buffer.concat([CLIP.subarray(0, 40_000), text(script), CLIP.subarray(40_000)]);
    const refusedForMarkup = async (res: Response) => {
      expect(res.status).toBe(415);
      expect((await res.json()).errors.file).toBe('This file contains markup or script and cannot be accepted.');
    };
    // `<scr` ends the first piece, `ipt>` starts the second.
    const ids = await courseWithLecture(api);
    const split = 40_000 + 4;
    const url = await created(origin, api, bytes.length, { target: 'lecture', id: ids.course, lecture_id: ids.lecture, filename: 'x.mp4' });
    expect((await patch(url, api.auth, 0, bytes.subarray(0, split))).status).toBe(204);
    await refusedForMarkup(await patch(url, api.auth, split, bytes.subarray(split)));
    expect(leftInProgress(url)).toEqual([]);
    expect(await storedVideo(ids.lecture)).toBeNull();

    // The script arrives in the first half, the server restarts, the second half goes to the new process.
    const first: FastifyInstance = await buildTestApp({ dataDir: suite.dataDir });
    const at = await first.listen({ port: 0, host: '127.0.0.1' });
    const again = await courseWithLecture(api);
    const half = 60_000;
    const restarted = await created(at, api, bytes.length, { target: 'lecture', id: again.course, lecture_id: again.lecture, filename: 'x.mp4' });
    expect((await patch(restarted, api.auth, 0, bytes.subarray(0, half))).status).toBe(204);
    await first.close();
    const second = await buildTestApp({ dataDir: suite.dataDir });
    try {
      const continued = restarted.replace(at, await second.listen({ port: 0, host: '127.0.0.1' }));
      await refusedForMarkup(await patch(continued, api.auth, half, bytes.subarray(half)));
      expect(await storedVideo(again.lecture)).toBeNull();
    } finally {
      await second.close();
    }
  });
});

describe('unfinished uploads', () => {
  it('expire UPLOAD_RESUMABLE_HOURS after they began: their bytes are removed and their address answers 404', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const ids = await courseWithLecture(api);
    const url = await created(origin, api, VIDEO.length, { target: 'lecture', id: ids.course, lecture_id: ids.lecture });
    expect((await patch(url, api.auth, 0, VIDEO.subarray(0, 5000))).status).toBe(204);
    const settings = { dataDir: suite.dataDir, resumableUploadMs: 24 * 3_600_000, storage: { driver: 'disk' as const } };

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 23 * 3_600_000);
    await removeExpiredUploads(settings);
    expect(leftInProgress(url).length).toBe(2);
    vi.setSystemTime(Date.now() + 2 * 3_600_000);
    expect(await removeExpiredUploads(settings)).toBeGreaterThanOrEqual(1);
    vi.useRealTimers();

    expect(leftInProgress(url)).toEqual([]);
    expect((await head(url, api.auth)).status).toBe(404);
    expect(await storedVideo(ids.lecture)).toBeNull();
  });
});

describe('in a bucket (STORAGE=s3, @tus/s3-store)', () => {
  let bucket: TestBucket;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let at: { first: string; second: string };
  /** Two API nodes on one bucket and one database, as behind a load balancer. */
  beforeAll(async () => {
    bucket = await startTestBucket('nibras-resumable');
    const config = { dataDir: suite.dataDir, storage: { driver: 's3' as const, ...bucket.settings } };
    first = await buildTestApp(config);
    second = await buildTestApp(config);
    at = { first: await first.listen({ port: 0, host: '127.0.0.1' }), second: await second.listen({ port: 0, host: '127.0.0.1' }) };
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await bucket?.close();
  });

  /** Over S3's 5 MiB part minimum: the first 8 MiB become a part of the bucket's multipart upload, the rest waits. */
  const LARGE = Buffer.concat([CLIP, Buffer.alloc(10 * 1_048_576, 9)]);
  const keysUnder = async (prefix: string) =>
    ((await bucket.storage.client.send(new ListObjectsV2Command({ Bucket: bucket.settings.bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!);
  const bytesOf = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of bucket.storage.read(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it('cut off on one node, goes on on another from the offset it reports; the object is byte-identical and nothing is left', async () => {
    const { api } = await signedInCaller(first, 'instructor');
    const ids = await courseWithLecture(api);
    const url = await created(at.first, api, LARGE.length, { target: 'lecture', id: ids.course, lecture_id: ids.lecture, filename: 'long.mp4' });
    expect(new URL(url).pathname).toMatch(/\/upload\/resumable\/[0-9a-f]{32}$/);
    const piece = await patch(url, api.auth, 0, LARGE.subarray(0, 9 * 1_048_576));
    expect(piece.status).toBe(204);
    expect(await keysUnder('resumable/')).toEqual(expect.arrayContaining([expect.stringMatching(/^resumable\/[0-9a-f]{32}\.info$/)]));

    const elsewhere = url.replace(at.first, at.second);
    const offset = await offsetOf(elsewhere, api.auth);
    expect(offset).toBe(9 * 1_048_576);
    const last = await patch(elsewhere, api.auth, offset, LARGE.subarray(offset));
    expect(last.status).toBe(200);
    expect((await last.json()).data.sections[0].lectures[0]).toMatchObject({ id: ids.lecture, has_video: true });

    const key = await storedVideo(ids.lecture);
    expect(key).toMatch(/^lectures\/[0-9a-f-]{36}\.mp4$/);
    expect(sha256(await bytesOf(key!))).toBe(sha256(LARGE));
    expect(await keysUnder('resumable/')).toEqual([]);
  });

  it('a refused file leaves nothing in the bucket, and an unfinished upload expires with its parts', async () => {
    const { api } = await signedInCaller(first, 'instructor');
    const ids = await courseWithLecture(api);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 1)]);
    const refusedUrl = await created(at.first, api, pdf.length, { target: 'lecture', id: ids.course, lecture_id: ids.lecture });
    expect((await patch(refusedUrl, api.auth, 0, pdf)).status).toBe(415);
    expect(await keysUnder('resumable/')).toEqual([]);

    const url = await created(at.first, api, LARGE.length, { target: 'lecture', id: ids.course, lecture_id: ids.lecture });
    expect((await patch(url, api.auth, 0, LARGE.subarray(0, 9 * 1_048_576))).status).toBe(204);
    // The bucket's server checks each request's signed time, so the clock is not moved here: the same upload is kept
    // under the 24-hour setting and removed under a period it has already outlived.
    const settings = (resumableUploadMs: number) => ({ dataDir: suite.dataDir, resumableUploadMs, storage: { driver: 's3' as const, ...bucket.settings } });
    expect(await removeExpiredUploads(settings(24 * 3_600_000))).toBe(0);
    expect((await keysUnder('resumable/')).length).toBeGreaterThan(0);
    expect(await offsetOf(url, api.auth)).toBe(9 * 1_048_576);
    expect(await removeExpiredUploads(settings(1))).toBeGreaterThanOrEqual(1);
    expect(await keysUnder('resumable/')).toEqual([]);
    expect((await head(url, api.auth)).status).toBe(404);
    expect(await storedVideo(ids.lecture)).toBeNull();
  });
});
