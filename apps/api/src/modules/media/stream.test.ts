import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { inject, signedIn, testDatabase } from '../../../test/harness';
import { addLectures, createCourse } from '../../../test/factories';
import { videoJobs } from '../../db/schema';
import { authoringSuite } from '../authoring/authoring.test-kit';
import { queueLadder, storeCaptions } from '../video/video.service';

const suite = authoringSuite();
afterEach(() => {
  vi.useRealTimers();
});

const MASTER = '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-STREAM-INF:BANDWIDTH=545600,RESOLUTION=426x240\n240p/index.m3u8\n\n#EXT-X-STREAM-INF:BANDWIDTH=985600,RESOLUTION=640x360\n360p/index.m3u8\n';
const RUNG = '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:4.000000,\nseg-0000.ts\n#EXTINF:2.000000,\nseg-0001.ts\n#EXT-X-ENDLIST\n';
const SEGMENT = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7) % 256));
const SHEET = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

/** A ready ladder of two rungs for a lecture video, as the worker stores it (its encoding is video.test.ts's). */
async function readyLadder(lectureId: number, videoKey: string) {
  const folder = path.join(suite.uploads, 'hls', path.basename(videoKey, '.mp4'));
  for (const rung of ['240p', '360p']) {
    mkdirSync(path.join(folder, rung), { recursive: true });
    writeFileSync(path.join(folder, rung, 'index.m3u8'), RUNG);
    writeFileSync(path.join(folder, rung, 'seg-0000.ts'), SEGMENT);
    writeFileSync(path.join(folder, rung, 'seg-0001.ts'), SEGMENT.subarray(0, 100));
  }
  writeFileSync(path.join(folder, 'master.m3u8'), MASTER);
  writeFileSync(path.join(folder, 'poster.jpg'), SHEET);
  writeFileSync(path.join(folder, 'thumbs.vtt'), 'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nthumbs-001.jpg#xywh=0,0,160,90\n');
  writeFileSync(path.join(folder, 'thumbs-001.jpg'), SHEET);
  const { db } = await testDatabase();
  await queueLadder(db, lectureId, videoKey);
  await db.update(videoJobs).set({ status: 'ready', progress: 100, heights: [240, 360] }).where(eq(videoJobs.lectureId, lectureId));
}

/** An approved free course by `instructorId` with two lectures (the first a free preview), each with a ready ladder. */
async function courseWithLadders(instructorId?: number) {
  const course = await createCourse({ price: 0, ...(instructorId ? { instructorId } : {}) });
  const { lectures } = await addLectures(course.id, 2, { freeFirst: true });
  const { db } = await testDatabase();
  const { lectures: table } = await import('../../db/schema');
  for (const lecture of lectures) {
    const key = `lectures/${randomUUID()}.mp4`;
    mkdirSync(path.join(suite.uploads, 'lectures'), { recursive: true });
    writeFileSync(path.join(suite.uploads, key), SEGMENT);
    await db.update(table).set({ video: key }).where(eq(table.id, lecture.id));
    await readyLadder(lecture.id, key);
  }
  return { course, lectures };
}

async function enrolledLearner(courseId: number) {
  const p = await signedIn(suite.app, 'participant');
  expect((await suite.inject({ method: 'POST', url: '/api/participant/enrollcourse/order', headers: p.auth, payload: { course_id: courseId } })).statusCode).toBe(200);
  const learn = (await suite.get(`/api/participant/learn/${courseId}`, p.auth)).json().data;
  return { ...p, lectures: learn.sections[0].lectures as { id: number; videoUrl: string | null; stream: { masterUrl: string; posterUrl: string; thumbnailsUrl: string } | null }[] };
}

const get = (url: string, headers: Record<string, string> = {}) => inject(suite.app, { method: 'GET', url, headers });
const uris = (playlist: string) => playlist.split('\n').filter((line) => line && !line.startsWith('#'));

describe('streaming a lecture', () => {
  it("offers a free preview's ladder and captions on the public course page, to a visitor without an account; a lecture that is not a preview offers neither", async () => {
    const { course, lectures } = await courseWithLadders();
    const { db } = await testDatabase();
    await storeCaptions(db, lectures[0]!.id, 'ar', 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nPython لغة سهلة\n');
    await storeCaptions(db, lectures[1]!.id, 'en', 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello\n');
    const page = (await suite.inject({ method: 'POST', url: `/api/course/${course.id}/b`, payload: { p_id: '' } })).json().data;
    const [preview, paid] = page.sections[0].lectures;
    const id = lectures[0]!.id;
    expect(preview.previewStream).toEqual({ masterUrl: `/api/media/lecture/${id}/stream/master.m3u8`, posterUrl: `/api/media/lecture/${id}/stream/poster.jpg`, thumbnailsUrl: `/api/media/lecture/${id}/stream/thumbs.vtt` });
    expect(preview.previewCaptions).toEqual([{ lang: 'ar', url: `/api/media/lecture/${id}/captions/ar` }]);
    expect(paid).toMatchObject({ previewUrl: null, previewStream: null, previewCaptions: [] });
    for (const url of Object.values(preview.previewStream as Record<string, string>)) expect((await get(url)).statusCode).toBe(200);
    const rung = uris((await get(preview.previewStream.masterUrl)).body)[0]!;
    expect((await get(rung)).statusCode).toBe(200);
    expect((await get(preview.previewCaptions[0].url)).body).toContain('\u200FPython لغة سهلة');
  });

  it('gives an enrolled participant the ladder: the master names its rungs under a stream token, the rungs their segments', async () => {
    const { course } = await courseWithLadders();
    const learner = await enrolledLearner(course.id);
    const stream = learner.lectures[1]!.stream!;
    expect(stream.masterUrl).toMatch(/^\/api\/media\/lecture\/\d+\/stream\/master\.m3u8\?t=/);

    const master = await get(stream.masterUrl);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl; charset=utf-8');
    expect(master.headers['cache-control']).toBe('private, no-store');
    const rungs = uris(master.body);
    expect(rungs).toHaveLength(2);
    expect(rungs[0]).toMatch(/^\/api\/media\/stream\/[\w-]+\.[\w-]+\.[\w-]+\/240p\/index\.m3u8$/);
    expect(master.body).toContain('RESOLUTION=640x360');

    const rung = await get(rungs[1]!);
    expect(rung.statusCode).toBe(200);
    // On disk the segments stay relative: they resolve under the same token.
    expect(uris(rung.body)).toEqual(['seg-0000.ts', 'seg-0001.ts']);
    const segment = await get(new URL('seg-0000.ts', `http://x${rungs[1]}`).pathname);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload.equals(SEGMENT)).toBe(true);
    const part = await get(new URL('seg-0000.ts', `http://x${rungs[1]}`).pathname, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(SEGMENT.subarray(10, 20))).toBe(true);

    const vtt = await get(stream.thumbnailsUrl);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    const sheet = vtt.body.split('\n').find((line) => line.includes('#xywh='))!.split('#')[0]!;
    expect(sheet).toMatch(/^\/api\/media\/stream\/[\w-]+\.[\w-]+\.[\w-]+\/thumbs-001\.jpg$/);
    expect((await get(sheet)).rawPayload.equals(SHEET)).toBe(true);
    expect((await get(stream.posterUrl)).rawPayload.equals(SHEET)).toBe(true);
  });

  it('refuses another course\'s participant, a missing grant, and a stream address copied after its lifetime', async () => {
    const { course, lectures } = await courseWithLadders();
    const learner = await enrolledLearner(course.id);
    const other = await courseWithLadders();
    const stranger = await enrolledLearner(other.course.id);
    const strangersGrant = new URL(stranger.lectures[1]!.stream!.masterUrl, 'http://x').searchParams.get('t')!;

    const paid = lectures[1]!.id;
    expect((await get(`/api/media/lecture/${paid}/stream/master.m3u8?t=${strangersGrant}`)).statusCode).toBe(403);
    expect((await get(`/api/media/lecture/${paid}/stream/master.m3u8`)).statusCode).toBe(403);
    expect((await get(`/api/media/lecture/${paid}/stream/poster.jpg`)).statusCode).toBe(403);
    // A visitor watches the free preview without any grant.
    expect((await get(`/api/media/lecture/${lectures[0]!.id}/stream/master.m3u8`)).statusCode).toBe(200);

    const rung = uris((await get(learner.lectures[1]!.stream!.masterUrl)).body)[0]!;
    const segment = new URL('seg-0000.ts', `http://x${rung}`).pathname;
    // Another video's folder under this token's signature: refused.
    const [, , , , token] = rung.split('/');
    const [head, , sig] = token!.split('.');
    const forged = rung.replace(token!, `${head}.${Buffer.from(JSON.stringify({ typ: 'stream', vid: randomUUID(), lid: paid, uid: learner.user.id, exp: 9e9 })).toString('base64url')}.${sig}`);
    expect((await get(forged)).statusCode).toBe(403);

    expect((await get(rung)).statusCode).toBe(200);
    // An hour and a minute later (VIDEO_STREAM_MINUTES is 60), the same addresses in any browser: refused.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    expect((await get(rung)).statusCode).toBe(403);
    expect((await get(segment)).statusCode).toBe(403);
    expect((await get(rung)).json()).toMatchObject({ status: false });
  });

  it("lets the course's instructor and admins watch with their preview grant, and no other instructor", async () => {
    const owner = await signedIn(suite.app, 'instructor');
    const { course, lectures } = await courseWithLadders(owner.user.id);
    const lecture = lectures[1]!;
    const preview = async (who: { auth: Record<string, string> }, role: 'instructor' | 'admin') =>
      new URL((await get(`/api/${role}/course/step4/lecture/${course.id}/${lecture.id}`, who.auth)).json().data.video_url, 'http://x').searchParams.get('t')!;
    expect((await get(`/api/media/lecture/${lecture.id}/stream/master.m3u8?t=${await preview(owner, 'instructor')}`)).statusCode).toBe(200);
    const admin = await signedIn(suite.app, 'admin');
    expect((await get(`/api/media/lecture/${lecture.id}/stream/master.m3u8?t=${await preview(admin, 'admin')}`)).statusCode).toBe(200);
    const otherInstructor = await signedIn(suite.app, 'instructor');
    const theirs = await courseWithLadders(otherInstructor.user.id);
    const theirGrant = new URL((await get(`/api/instructor/course/step4/lecture/${theirs.course.id}/${theirs.lectures[1]!.id}`, otherInstructor.auth)).json().data.video_url, 'http://x').searchParams.get('t')!;
    expect((await get(`/api/media/lecture/${lecture.id}/stream/master.m3u8?t=${theirGrant}`)).statusCode).toBe(403);
  });

  it('is null in the learn answer, and 404, until the ladder of the video the lecture plays now is ready', async () => {
    const { course, lectures } = await courseWithLadders();
    const { db } = await testDatabase();
    await db.update(videoJobs).set({ status: 'processing' }).where(eq(videoJobs.lectureId, lectures[1]!.id));
    const learner = await enrolledLearner(course.id);
    expect(learner.lectures[1]!.stream).toBeNull();
    expect(learner.lectures[0]!.stream).not.toBeNull();
    const grant = new URL(learner.lectures[1]!.videoUrl!, 'http://x').searchParams.get('t')!;
    expect((await get(`/api/media/lecture/${lectures[1]!.id}/stream/master.m3u8?t=${grant}`)).statusCode).toBe(404);
  });
});
