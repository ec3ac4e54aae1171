import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, signedIn, testConfig, testDatabase } from '../../../test/harness';
import { SONY_XML_META, XMP_UUID_BOX, ebmlHead, ebmlVoid, mp4Box, noise } from '../../../test/media-files';
import { HOSTILE, REAL } from '../../../test/upload-corpus';
import { uploadCutOffHalfWay } from '../../../test/cut-upload';
import { until } from '../../../test/until';
import { courses, lectures } from '../../db/schema';
import { CLIP, IMAGE, VIDEO, authoringSuite, caller, completeCourse, createDraft, expectOk, multipartWithFields, signedInCaller, type Caller } from './authoring.test-kit';

const suite = authoringSuite();
const { uploads } = suite;

/** Every stored file, wherever it is: a refused upload must leave this list as it was. */
function storedFiles(root = uploads): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

const text = (s: string) => Buffer.from(s, 'utf8');
/** The head of a WebM file (EBML header, DocType "webm"): enough for the type check. */
const WEBM_HEAD = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
  text('webm'),
  Buffer.from([0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02]),
  Buffer.alloc(400, 7),
]);

/** A real MP4 with a user-data box (`udta` > `©cmt`) appended, its comment a javascript: link. */
const MP4_WITH_JS_COMMENT = Buffer.concat([CLIP, mp4Box('udta', mp4Box('\xa9cmt', text('<a href="javascript:fetch(\'/api\')">notes</a>')))]);
/** A real MP4 with an event handler in the middle of its media data, past the bytes read for the type. */
const MP4_WITH_HANDLER = Buffer.concat([CLIP.subarray(0, 40_000), text('<x onfocus=alert(document.cookie) autofocus tabindex=1>'), CLIP.subarray(40_000)]);

/** Files aimed at the video endpoints, on top of the shared corpus. [description, name, client type, bytes] */
const HOSTILE_VIDEOS: [string, string, string, Buffer][] = [
  ['an MP4 with an HTML page inside (polyglot)', 'poly.mp4', 'video/mp4', Buffer.concat([CLIP.subarray(0, 2000), text('<html><body><script>alert(document.cookie)</script></body></html>'), CLIP.subarray(2000)])],
  ['a WebM with a script inside (polyglot)', 'poly.webm', 'video/webm', Buffer.concat([WEBM_HEAD, text('<script>alert(1)</script>')])],
  ['an MP4 with an SVG at its very end (polyglot)', 'tail.mp4', 'video/mp4', Buffer.concat([CLIP, Buffer.alloc(100_000, 3), text('<svg onload=alert(1)>')])],
  ['a QuickTime movie (brand qt)', 'movie.mp4', 'video/mp4', Buffer.concat([Buffer.from([0, 0, 0, 0x14]), text('ftypqt  '), Buffer.alloc(100)])],
  ['an AVI named .mp4', 'clip.mp4', 'video/mp4', Buffer.concat([text('RIFF'), Buffer.alloc(4), text('AVI LIST'), Buffer.alloc(100)])],
  ['a Matroska file that is not WebM', 'clip.webm', 'video/webm', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), text('....matroska'), Buffer.alloc(100)])],
  ['an MP3 named .mp4', 'song.mp4', 'video/mp4', Buffer.concat([text('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(100)])],
  ['an FLV named .mp4', 'old.mp4', 'video/mp4', Buffer.concat([text('FLV'), Buffer.from([1, 5, 0, 0, 0, 9]), Buffer.alloc(100)])],
  ['an HTML page named .mp4', 'page.mp4', 'video/mp4', text('<!doctype html><html><script>alert(1)</script></html>')],
  ['an SVG named .webm', 'image.webm', 'video/webm', text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
  ['a Linux executable named .mp4', 'run.mp4', 'video/mp4', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)])],
  ['an MP4 with a javascript: link in a comment box at its end (polyglot)', 'udta.mp4', 'video/mp4', MP4_WITH_JS_COMMENT],
  ['an MP4 whose media data carries an event handler (polyglot)', 'mdat.mp4', 'video/mp4', MP4_WITH_HANDLER],
  ['a Matroska file whose header merely mentions webm', 'fake.webm', 'video/webm', ebmlHead('matroska', [ebmlVoid(text('webm'))])],
];
const REAL_IMAGES: [string, string, string, Buffer][] = [
  ['a real JPEG where a video is expected', 'a.jpg', 'image/jpeg', REAL.jpg],
  ['a real PNG where a video is expected', 'a.png', 'image/png', REAL.png],
  ['a real WebP where a video is expected', 'a.webp', 'image/webp', REAL.webp],
];
const REAL_VIDEOS: [string, string, string, Buffer][] = [
  ['a real MP4 where an image is expected', 'clip.mp4', 'video/mp4', CLIP],
  ['a WebM where an image is expected', 'clip.webm', 'video/webm', WEBM_HEAD],
  ['an MP4 renamed .png where an image is expected', 'clip.png', 'image/png', CLIP],
];

interface Target {
  name: string;
  send: (api: Caller, ids: { course: number; lecture: number }, file: { name: string; type: string; bytes: Buffer }) => ReturnType<Caller['upload']>;
  corpus: [string, string, string, Buffer][];
}

const TARGETS: Target[] = [
  { name: 'step3/upload cover', send: (api, ids, file) => api.upload('step3/upload', { id: ids.course, field: 'cover' }, file), corpus: [...HOSTILE, ...HOSTILE_VIDEOS, ...REAL_VIDEOS] },
  { name: 'step3/upload promo', send: (api, ids, file) => api.upload('step3/upload', { id: ids.course, field: 'promo' }, file), corpus: [...HOSTILE, ...HOSTILE_VIDEOS, ...REAL_IMAGES] },
  { name: 'step4/upload lecture video', send: (api, ids, file) => api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture }, file), corpus: [...HOSTILE, ...HOSTILE_VIDEOS, ...REAL_IMAGES] },
];

async function courseWithLecture(api: Caller) {
  const { id } = await createDraft(api);
  const outline = expectOk(await api.post('addUpdate/step4', { id, sections: [{ title: 'S', lectures: [{ title: 'L' }] }] })).data;
  return { course: id, lecture: outline.sections[0].lectures[0].id as number };
}

describe('hostile files against every upload endpoint', () => {
  it.each(['instructor', 'admin'] as const)('as %s: every file of the corpus is refused with a clear 4xx, and nothing is stored or linked', async (role) => {
    const owner = await signedInCaller(suite.app, 'instructor');
    const ids = await courseWithLecture(owner.api);
    const api = role === 'instructor' ? owner.api : (await signedInCaller(suite.app, 'admin')).api;
    const before = storedFiles();
    const failures: string[] = [];
    let sent = 0;
    for (const target of TARGETS) {
      for (const [what, name, type, bytes] of target.corpus) {
        const res = await target.send(api, ids, { name, type, bytes });
        sent += 1;
        const json = res.json();
        if (res.statusCode < 400 || res.statusCode >= 500 || !json.errors?.file || json.success !== false) failures.push(`${target.name} <- ${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(HOSTILE.length + HOSTILE_VIDEOS.length).toBeGreaterThanOrEqual(15);
    expect(sent).toBeGreaterThanOrEqual(3 * 30);
    expect(failures).toEqual([]);
    expect(storedFiles()).toEqual(before);
    const { db } = await testDatabase();
    const [course] = await db.select().from(courses).where(eq(courses.id, ids.course));
    const [lecture] = await db.select().from(lectures).where(eq(lectures.id, ids.lecture));
    expect([course!.coverImage, course!.promoVideo, lecture!.video]).toEqual([null, null, null]);
  });

  it('the refusals say why, in the asked language', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const ids = await courseWithLecture(api);
    const svg = HOSTILE[0]!;
    const res = await api.upload('step3/upload', { id: ids.course, field: 'cover' }, { name: svg[1], type: svg[2], bytes: svg[3] });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors.file).toBe('This file contains markup or script and cannot be accepted.');
    const image = await api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture }, IMAGE);
    expect(image.json().errors.file).toBe('Choose an MP4 or WebM video.');
    const ar = await suite.inject({
      method: 'POST',
      url: `${api.base}/step3/upload`,
      headers: { ...api.auth, 'accept-language': 'ar', ...multipartWithFields({ id: ids.course, field: 'cover' }, VIDEO).headers },
      payload: multipartWithFields({ id: ids.course, field: 'cover' }, VIDEO).payload,
    });
    expect(ar.json().errors.file).toBe('اختر صورة بصيغة JPEG أو PNG أو WebP.');
  });

  it.each([
    ['a javascript: link in a comment box at its end', MP4_WITH_JS_COMMENT],
    ['an event handler in the middle of its media data', MP4_WITH_HANDLER],
  ])('an MP4 with %s is refused as markup, and nothing of it stays on disk', async (_what, bytes) => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const ids = await courseWithLecture(api);
    const before = storedFiles();
    const res = await api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture }, { name: 'lecture.mp4', type: 'video/mp4', bytes });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors.file).toBe('This file contains markup or script and cannot be accepted.');
    expect(storedFiles()).toEqual(before);
  });
});

describe('video types decided by the container (file-type)', () => {
  it.each([
    // Browsers play any ISO-BMFF H.264 file as MP4, whatever its major brand: CMAF's `cmfc` was not in the old list.
    ['a CMAF MP4 (major brand cmfc)', 'video/mp4', Buffer.concat([CLIP.subarray(0, 8), text('cmfc'), CLIP.subarray(12)])],
    // The EBML header is read element by element: a Void element may push the DocType past the first 64 bytes.
    ['a WebM whose DocType comes after a Void element', 'video/webm', ebmlHead('webm', [ebmlVoid(Buffer.alloc(60))])],
    // XML metadata (Sony's NonRealTimeMeta, an XMP packet) is not markup; 4 MB of media data hold no false marker.
    ['a camera MP4 with XML and XMP metadata and 4 MB of media data', 'video/mp4', Buffer.concat([CLIP, SONY_XML_META, XMP_UUID_BOX, mp4Box('free', noise(4_000_000, 5))])],
  ])('%s is accepted and served as %s with nosniff and a sandbox CSP', async (_what, mime, bytes) => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const ids = await courseWithLecture(api);
    const lecture = expectOk(await api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture }, { name: 'clip', type: 'application/octet-stream', bytes })).data.sections[0].lectures[0];
    const res = await suite.inject({ method: 'GET', url: lecture.video_url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(mime);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });
});

describe('uploads that are accepted', () => {
  it('a real MP4 becomes the lecture video, stored under a random name, and streams back with Range and safe headers', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const ids = await courseWithLecture(api);
    const res = expectOk(await api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture }, { name: 'my-lecture.mp4', type: 'application/octet-stream', bytes: CLIP }));
    expect(res.message).toBe('File uploaded.');
    const lecture = res.data.sections[0].lectures[0];
    expect(lecture).toMatchObject({ id: ids.lecture, has_video: true });
    const { db } = await testDatabase();
    const [row] = await db.select({ video: lectures.video }).from(lectures).where(eq(lectures.id, ids.lecture));
    expect(row!.video).toMatch(/^lectures\/[0-9a-f-]{36}\.mp4$/);
    expect(storedFiles().some((f) => f.includes('my-lecture'))).toBe(false);

    // The signed preview URL needs no bearer header: a <video> element can play it.
    const whole = await suite.inject({ method: 'GET', url: lecture.video_url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(CLIP)).toBe(true);
    const part = await suite.inject({ method: 'GET', url: lecture.video_url, headers: { range: 'bytes=100-1099' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${CLIP.length}`);
    expect(part.rawPayload.equals(CLIP.subarray(100, 1100))).toBe(true);
    expect(part.headers).toMatchObject({
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="lecture-${ids.lecture}.mp4"`,
    });
    expect(part.headers['content-security-policy']).toContain('sandbox');
    const head = await suite.inject({ method: 'HEAD', url: lecture.video_url });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(CLIP.length);
    expect((await suite.inject({ method: 'GET', url: lecture.video_url, headers: { range: `bytes=${CLIP.length}-` } })).statusCode).toBe(416);
  });

  it('a WebM is accepted as a video and served as video/webm', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const ids = await courseWithLecture(api);
    const lecture = expectOk(await api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture }, { name: 'a.webm', type: 'video/webm', bytes: WEBM_HEAD })).data.sections[0].lectures[0];
    const res = await suite.inject({ method: 'GET', url: lecture.video_url });
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.rawPayload.equals(WEBM_HEAD)).toBe(true);
  });

  it('cover and promo: upload, replace (the old file goes), unlink (the file goes); public only once approved', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const { id } = await createDraft(api);
    const before = storedFiles();
    const first = expectOk(await api.upload('step3/upload', { id, field: 'cover' }, { name: 'c.png', type: 'image/png', bytes: REAL.png })).data;
    expect(first.cover_image_url).toMatch(/^\/api\/instructor\/course\/media\?t=/);
    const cover = await suite.inject({ method: 'GET', url: first.cover_image_url });
    expect(cover.headers['content-type']).toBe('image/png');
    expect(cover.headers['x-content-type-options']).toBe('nosniff');
    expect(cover.headers['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
    expect(cover.rawPayload.equals(REAL.png)).toBe(true);
    expect((await suite.inject({ method: 'GET', url: `/api/media/cover/${id}` })).statusCode).toBe(404);

    const afterFirst = storedFiles();
    expect(afterFirst.length).toBe(before.length + 1);
    const second = expectOk(await api.upload('step3/upload', { id, field: 'cover' }, { name: 'c.jpg', type: 'image/jpeg', bytes: REAL.jpg })).data;
    expect((await suite.inject({ method: 'GET', url: second.cover_image_url })).headers['content-type']).toBe('image/jpeg');
    expect(storedFiles().length).toBe(before.length + 1);
    expect(storedFiles()).not.toEqual(afterFirst);

    const promo = expectOk(await api.upload('step3/upload', { id, field: 'promo' }, VIDEO)).data;
    expect(promo.promo_video_url).not.toBeNull();
    expect(withoutUrls(expectOk(await api.get(`edit/step3/${id}`)).data)).toEqual(withoutUrls(promo));
    expect(storedFiles().length).toBe(before.length + 2);

    const unlinked = expectOk(await api.post('step3/unlink', { id, field: 'cover' }));
    expect(unlinked.message).toBe('File removed.');
    expect(unlinked.data.cover_image_url).toBeNull();
    expect(unlinked.data.promo_video_url).not.toBeNull();
    expect(storedFiles().length).toBe(before.length + 1);
    expect((await suite.inject({ method: 'GET', url: second.cover_image_url })).statusCode).toBe(404);
    expectOk(await api.post('step3/unlink', { id, field: 'promo' }));
    expect(storedFiles()).toEqual(before);
  });

  it('the promo and cover of an approved course are public; its drafts files are not', async () => {
    const instructorApi = (await signedInCaller(suite.app, 'instructor')).api;
    const { id } = await createDraft(instructorApi);
    expectOk(await instructorApi.upload('step3/upload', { id, field: 'promo' }, VIDEO));
    expect((await suite.inject({ method: 'GET', url: `/api/media/promo/${id}` })).statusCode).toBe(404);
    await completeCourse(instructorApi, id);
    const admin = (await signedInCaller(suite.app, 'admin')).api;
    expectOk(await admin.post('/api/admin/course/approvestatus', { id, approve_status: 'approved', message: '' }));
    const promo = await suite.inject({ method: 'GET', url: `/api/media/promo/${id}`, headers: { range: 'bytes=0-9' } });
    expect(promo.statusCode).toBe(206);
    expect(promo.rawPayload.equals(CLIP.subarray(0, 10))).toBe(true);
  });
});

function withoutUrls(data: Record<string, unknown>) {
  const { state: _s, cover_image_url: c, promo_video_url: p, ...rest } = data;
  return { ...rest, hasCover: c !== null, hasPromo: p !== null };
}

describe('preview URLs', () => {
  it('are bound to the role and to current access: a tampered grant is 401, another role 403, a course given away 404', async () => {
    const owner = await signedInCaller(suite.app, 'instructor');
    const { id } = await createDraft(owner.api);
    const url = expectOk(await owner.api.upload('step3/upload', { id, field: 'cover' }, IMAGE)).data.cover_image_url as string;
    expect((await suite.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await suite.inject({ method: 'GET', url: `${url.slice(0, -4)}AAAA` })).statusCode).toBe(401);
    expect((await suite.inject({ method: 'GET', url: url.replace('/api/instructor/', '/api/admin/') })).statusCode).toBe(401);
    const participant = (await signedIn(suite.app, 'participant')).auth;
    expect((await suite.inject({ method: 'GET', url, headers: participant })).statusCode).toBe(403);

    const admin = (await signedInCaller(suite.app, 'admin')).api;
    const adminUrl = expectOk(await admin.get(`edit/step3/${id}`)).data.cover_image_url as string;
    expect(adminUrl).toMatch(/^\/api\/admin\/course\/media\?t=/);
    expect((await suite.inject({ method: 'GET', url: adminUrl })).statusCode).toBe(200);

    const other = await signedInCaller(suite.app, 'instructor');
    const step1 = expectOk(await admin.get(`edit/step1/${id}`)).data;
    expectOk(await admin.post('addUpdate/step1', { id, title: step1.title, subtitle: step1.subtitle, category_id: step1.category_id, language: step1.language, level: step1.level, price: step1.price, instructor_id: other.user.id }));
    expect((await suite.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('bad upload requests', () => {
  it('fields after the file, missing, unknown or repeated fields are 400 with field messages, and nothing is stored', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const ids = await courseWithLecture(api);
    const before = storedFiles();
    const fileFirst = await api.upload('step3/upload', { id: ids.course, field: 'cover' }, IMAGE, { fileFirst: true });
    expect(fileFirst.statusCode).toBe(400);
    // Fields after the file come too late to decide where it goes: they count as missing.
    expect(Object.keys(fileFirst.json().errors).sort()).toEqual(['field', 'id']);
    const badField = await api.upload('step3/upload', { id: ids.course, field: 'banner' }, IMAGE);
    expect(badField.json().errors).toEqual({ field: 'This value is not allowed.' });
    const extra = await api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture, admin: 'yes' }, VIDEO);
    expect(extra.json().errors).toEqual({ admin: 'This field is not accepted.' });
    const notNumber = await api.upload('step4/upload', { id: 'abc', lecture_id: ids.lecture }, VIDEO);
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().errors).toHaveProperty('id');
    const repeated = multipartWithFields({ id: ids.course, lecture_id: ids.lecture }, VIDEO);
    const twice = Buffer.concat([Buffer.from(`------nibras-authoring-boundary\r\nContent-Disposition: form-data; name="id"\r\n\r\n${ids.course}\r\n`), repeated.payload]);
    const dup = await suite.inject({ method: 'POST', url: `${api.base}/step4/upload`, headers: { ...api.auth, ...repeated.headers }, payload: twice });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toHaveProperty('id');
    const noFile = await api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual({ file: 'Choose a file to upload.' });
    const json = await api.post('step4/upload', { id: ids.course, lecture_id: ids.lecture });
    expect(json.statusCode).toBe(415);
    expect(storedFiles()).toEqual(before);
  });

  it('files over the configured limits are refused with 413 and leave nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-authoring-limits-'));
    const small = await buildTestApp({ dataDir, uploadLimits: { ...testConfig().uploadLimits, imageBytes: 1024, videoBytes: 32 * 1024, pdfBytes: 1024, resourceBytes: 1024 } });
    try {
      const s = await signedInCaller(small, 'instructor');
      const api = caller(small, 'instructor', s.auth);
      const ids = await courseWithLecture(api);
      const cover = await api.upload('step3/upload', { id: ids.course, field: 'cover' }, { name: 'big.png', type: 'image/png', bytes: Buffer.concat([REAL.png, Buffer.alloc(2048)]) });
      expect(cover.statusCode).toBe(413);
      expect(cover.json().errors.file).toBe('The file is too large (at most 0 MB).');
      const video = await api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture }, VIDEO);
      expect(video.statusCode).toBe(413);
      // A lecture's resource over UPLOAD_RESOURCE_MAX_MB, and a PDF over UPLOAD_PDF_MAX_MB: the same 413.
      const resource = await api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture, target: 'resource' }, { name: 'notes.txt', type: 'text/plain', bytes: Buffer.alloc(2048, 'a') });
      expect(resource.statusCode).toBe(413);
      expect(resource.json().errors.file).toMatch(/too large/);
      const pdf = await api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture, target: 'pdf' }, { name: 'big.pdf', type: 'application/pdf', bytes: Buffer.concat([PDF, Buffer.alloc(2048, 32)]) });
      expect(pdf.statusCode).toBe(413);
      expect(storedFiles(path.join(dataDir, 'uploads'))).toEqual([]);
      // Within the limit, the same endpoint takes it.
      expect((await api.upload('step3/upload', { id: ids.course, field: 'cover' }, IMAGE)).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});

/** A small PDF: what file-type needs to call it one. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe("a lecture's PDF and resources", () => {
  it('are decided by their bytes: a PDF that is not one, or a resource of a kind not taken, is refused and nothing is kept', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const { id } = await createDraft(api);
    const outline = expectOk(await api.post('addUpdate/step4', { id, sections: [{ title: 'S', lectures: [{ title: 'Slides', type: 'pdf' }] }] })).data;
    const ids = { course: id, lecture: outline.sections[0].lectures[0].id as number };
    const before = storedFiles();
    const fake = await api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture, target: 'pdf' }, { name: 'slides.pdf', type: 'application/pdf', bytes: REAL.png });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().errors.file).toBe('Choose a PDF file.');
    const program = await api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture, target: 'resource' }, { name: 'setup.txt', type: 'text/plain', bytes: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0]) });
    expect(program.statusCode).toBe(415);
    const page = await api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture, target: 'resource' }, { name: 'page.txt', type: 'text/plain', bytes: text('<html lang="en"><script>alert(1)</script></html>') });
    expect(page.statusCode).toBe(415);
    expect(storedFiles()).toEqual(before);

    // A real PDF becomes the lecture's; resources join its list under their names (an Arabic one too).
    expect((await api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture, target: 'pdf' }, { name: 'x.pdf', type: 'application/pdf', bytes: PDF })).statusCode).toBe(200);
    expectOk(await api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture, target: 'resource' }, { name: 'ملاحظات.txt', type: 'text/plain', bytes: text('ملاحظات الدرس\n') }));
    const data = expectOk(await api.upload('step4/upload', { id: ids.course, lecture_id: ids.lecture, target: 'resource' }, { name: 'sheet.png', type: 'image/png', bytes: REAL.png })).data;
    const lecture = data.sections[0].lectures[0];
    expect(lecture.pdf_url).toMatch(/^\/api\/media\/lecture\/\d+\/pdf\?t=/);
    expect(lecture.resources.map((r: { name: string; content_type: string }) => [r.name, r.content_type])).toEqual([
      ['ملاحظات.txt', 'text/plain'],
      ['sheet.png', 'image/png'],
    ]);
    // The owner's preview grant opens them; removing one deletes its file.
    const preview = await suite.get(lecture.pdf_url);
    expect(preview.statusCode, preview.body.slice(0, 300)).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    const removed = expectOk(await api.get(`step4/resource/delete/${ids.course}/${lecture.resources[0].id}`)).data;
    expect(removed.sections[0].lectures[0].resources.map((r: { name: string }) => r.name)).toEqual(['sheet.png']);
    expect(storedFiles().length).toBe(before.length + 2);
  });
});

describe('an upload cut off half-way', () => {
  it('leaves no file behind and links nothing', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const ids = await courseWithLecture(api);
    const before = storedFiles();
    const body = multipartWithFields({ id: ids.course, lecture_id: ids.lecture }, { name: 'half.mp4', type: 'video/mp4', bytes: Buffer.concat([CLIP, Buffer.alloc(400_000, 1)]) });
    // Half the body; once the server is writing the file (its temporary .part), the client is gone.
    await uploadCutOffHalfWay(suite.app, { url: `${api.base}/step4/upload`, headers: { ...api.auth, ...body.headers }, payload: body.payload }, () =>
      storedFiles().some((file) => file.endsWith('.part')),
    );
    // The server notices the reset asynchronously: wait until the partial file is gone.
    await until(() => storedFiles().join() === before.join(), 'the partial file removed').catch(() => undefined);
    expect(storedFiles()).toEqual(before);
    const { db } = await testDatabase();
    const [lecture] = await db.select({ video: lectures.video }).from(lectures).where(eq(lectures.id, ids.lecture));
    expect(lecture!.video).toBeNull();
  });
});
