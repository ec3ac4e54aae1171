import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, inject, signedIn, testConfig } from '../../test/harness';
import { cameraJpeg, jpegComment, png, pngChunk } from '../../test/media-files';
import { HOSTILE, REAL } from '../../test/upload-corpus';
import { uploadCutOffHalfWay } from '../../test/cut-upload';
import { until } from '../../test/until';
import { createCategory } from '../../test/factories';
import { checkReceivedFile, PiecewiseCheck } from './uploads';

let app: FastifyInstance;
let dataDir: string;
const IMAGE_LIMIT = 64 * 1024;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-uploads-'));
  app = await buildTestApp({ dataDir, uploadLimits: { ...testConfig().uploadLimits, imageBytes: IMAGE_LIMIT } });
});
afterAll(() => app.close());

export function multipartBody(filename: string, contentType: string, bytes: Buffer, boundary = '----nibras-test-boundary') {
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const avatarFiles = () => (existsSync(path.join(dataDir, 'uploads', 'avatars')) ? readdirSync(path.join(dataDir, 'uploads', 'avatars')) : []);

describe.each(['participant', 'instructor', 'admin'] as const)('%s avatar upload', (role) => {
  it.each([['jpg', 'image/jpeg'], ['png', 'image/png'], ['webp', 'image/webp']] as const)('accepts a real %s, serves it back with safe headers', async (ext, mime) => {
    const { auth } = await signedIn(app, role);
    // A misleading name and client type: the server decides by content.
    const body = multipartBody(`photo.txt`, 'application/octet-stream', REAL[ext]);
    const res = await inject(app, { method: 'POST', url: `/api/${role}/avatar`, headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.avatar as string;
    expect(url).toMatch(/^\/api\/media\/avatar\/\d+\?v=\d+$/);
    const file = await inject(app, { method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(mime);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="avatar-\d+\.(jpg|png|webp)"$/);
    expect(file.rawPayload.equals(REAL[ext])).toBe(true);
    // Stored under a random name, never the client's.
    expect(avatarFiles().some((f) => f.includes('photo'))).toBe(false);
  });
});

describe('hostile files', () => {
  it(`refuses all ${HOSTILE.length} files of the corpus with a clear 4xx and stores nothing`, async () => {
    const { auth } = await signedIn(app, 'participant');
    const before = avatarFiles().length;
    const outcomes: string[] = [];
    for (const [what, name, type, bytes] of HOSTILE) {
      const body = multipartBody(name, type, bytes);
      const res = await inject(app, { method: 'POST', url: '/api/participant/avatar', headers: { ...auth, ...body.headers, 'accept-language': 'en' }, payload: body.payload });
      const json = res.json();
      if (res.statusCode < 400 || res.statusCode >= 500 || !json.errors?.file) outcomes.push(`${what}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(HOSTILE.length).toBeGreaterThanOrEqual(15);
    expect(outcomes).toEqual([]);
    expect(avatarFiles().length).toBe(before);
    const profile = (await inject(app, { method: 'GET', url: '/api/participant/profile', headers: auth })).json().data;
    expect(profile.avatar).toBeNull();
  });

  it('refuses a video where an image is expected', async () => {
    const { auth } = await signedIn(app, 'participant');
    const body = multipartBody('clip.jpg', 'image/jpeg', Buffer.concat([REAL.mp4Head, Buffer.alloc(100)]));
    const res = await inject(app, { method: 'POST', url: '/api/participant/avatar', headers: { ...auth, ...body.headers, 'accept-language': 'en' }, payload: body.payload });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors.file).toBe('Choose a JPEG, PNG or WebP image.');
  });

  it('refuses an image over the limit with 413 and keeps the old avatar', async () => {
    const { auth } = await signedIn(app, 'participant');
    const ok = multipartBody('a.png', 'image/png', REAL.png);
    const first = (await inject(app, { method: 'POST', url: '/api/participant/avatar', headers: { ...auth, ...ok.headers }, payload: ok.payload })).json().data.avatar;
    const big = multipartBody('big.png', 'image/png', Buffer.concat([REAL.png, Buffer.alloc(IMAGE_LIMIT)]));
    const res = await inject(app, { method: 'POST', url: '/api/participant/avatar', headers: { ...auth, ...big.headers, 'accept-language': 'en' }, payload: big.payload });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors.file).toBe('The file is too large (at most 0 MB).'.replace('0 MB', `${Math.floor(IMAGE_LIMIT / 1_048_576)} MB`));
    expect((await inject(app, { method: 'GET', url: '/api/participant/profile', headers: auth })).json().data.avatar).toBe(first);
  });

  it('refuses a request that is not multipart', async () => {
    const { auth } = await signedIn(app, 'participant');
    const res = await inject(app, { method: 'POST', url: '/api/participant/avatar', headers: auth, payload: { file: 'x' } });
    expect(res.statusCode).toBe(415);
  });

  it('replacing and removing an avatar deletes the old file', async () => {
    const { auth } = await signedIn(app, 'instructor');
    const before = avatarFiles().length;
    for (const img of [REAL.png, REAL.jpg]) {
      const b = multipartBody('a', 'image/png', img);
      expect((await inject(app, { method: 'POST', url: '/api/instructor/avatar', headers: { ...auth, ...b.headers }, payload: b.payload })).statusCode).toBe(200);
    }
    expect(avatarFiles().length).toBe(before + 1);
    expect((await inject(app, { method: 'GET', url: '/api/instructor/avatar/delete', headers: auth })).json().data.avatar).toBeNull();
    expect(avatarFiles().length).toBe(before);
  });
});

describe('a multipart body that ends too soon (issue 25, point 3)', () => {
  // The whole request arrives (its Content-Length matches), but the form inside it stops: in the part's
  // head, in the file, before the closing boundary. Each is the client's mistake: 400 naming the file.
  it.each(['participant avatar', 'admin avatar', 'category icon'] as const)('a %s upload cut at any point is a 400 with a field message, and stores nothing', async (target) => {
    const role = target === 'participant avatar' ? 'participant' : 'admin';
    const { auth } = await signedIn(app, role);
    const url = target === 'category icon' ? `/api/admin/category/icon/${(await createCategory()).id}` : `/api/${role}/avatar`;
    const whole = multipartBody('photo.png', 'image/png', REAL.png);
    const before = avatarFiles().length;
    for (const cut of [10, 60, 120, 200, whole.payload.length - 40, whole.payload.length - 4]) {
      const res = await inject(app, { method: 'POST', url, headers: { ...auth, ...whole.headers, 'accept-language': 'en' }, payload: whole.payload.subarray(0, cut) });
      expect(res.statusCode, `cut at ${cut}: ${res.body}`).toBe(400);
      expect(res.json().errors.file, `cut at ${cut}`).toBe('The upload was interrupted. Please try again.');
    }
    expect(avatarFiles()).toHaveLength(before);
  });
});

describe('an upload cut off half-way', () => {
  it('leaves no file behind', async () => {
    const { auth } = await signedIn(app, 'participant');
    const before = avatarFiles();
    const body = multipartBody('half.png', 'image/png', Buffer.concat([REAL.png, Buffer.alloc(40_000, 1)]));
    // Half the body; once the server is writing the file (its temporary .part), the client is gone.
    await uploadCutOffHalfWay(app, { url: '/api/participant/avatar', headers: { ...auth, ...body.headers }, payload: body.payload }, () =>
      avatarFiles().some((name) => name.endsWith('.part')),
    );
    // The server notices the reset asynchronously: wait until no partial file is left.
    await until(() => avatarFiles().length === before.length, 'the partial file removed').catch(() => undefined);
    expect(avatarFiles().sort()).toEqual(before.sort());
  });
});

describe('what an image holds, checked through the whole file (default limits: real-sized files)', () => {
  let full: FastifyInstance;
  let fullDir: string;
  beforeAll(async () => {
    fullDir = mkdtempSync(path.join(tmpdir(), 'nibras-uploads-full-'));
    full = await buildTestApp({ dataDir: fullDir });
  });
  afterAll(() => full.close());

  /** Every file under the app's uploads, `.part` files included. */
  const stored = () => {
    const root = path.join(fullDir, 'uploads');
    return existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name)).sort() : [];
  };
  const latin1 = (s: string) => Buffer.from(s, 'latin1');
  /** Bytes written at the start of raw pixel rows of an uncompressed (level 0) PNG, so they appear in the file as they are. */
  const pixelsSaying = (...texts: Buffer[]) => (raw: Buffer) => texts.forEach((t, i) => t.copy(raw, (i + 1) * 150_000));
  const spelled = [latin1('<svg\0\x80'), latin1('<html\xff\x01'), latin1('<body\x00 \x9c'), latin1('<embed\x7f')];
  const BAD_CONTENT = 'This file contains markup or script and cannot be accepted.';

  /** [what, file] — each a real image carrying markup or script somewhere other than its start. */
  const POLYGLOTS: [string, Buffer][] = [
    ['a 2 MB PNG with a javascript: link in a tEXt chunk before the pixels', png({ before: [pngChunk('tEXt', latin1('Comment\0<a href="javascript:fetch(`/api/participant/profile`)">open</a>'))] })],
    ['a 2 MB PNG whose pixels carry <svg onload=…> in the middle', png({ level: 0, pixels: pixelsSaying(latin1('<svg onload=alert(document.domain)>')) })],
    ['a 2 MB PNG whose pixels carry an event handler on an unknown tag', png({ level: 0, pixels: pixelsSaying(latin1('<x onpointerover=alert(1)>')) })],
    ['a 2 MB PNG with a meta refresh in a private chunk between the pixel chunks', png({ after: [pngChunk('prVt', latin1('<meta http-equiv="refresh" content="0;url=https://evil.example/">'))] })],
    ['a 2 MB PNG with an XSLT stylesheet in an iTXt chunk', png({ before: [pngChunk('iTXt', latin1('XML:x\0\0\0\0\0<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="data:,x"?>'))] })],
    ['a 2 MB PNG with XHTML script behind a prefix after IEND', Buffer.concat([png(), latin1('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>')])],
    ['a 2 MB PNG with an HTML page after IEND', Buffer.concat([png(), latin1('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>')])],
    ['a 1.5 MB camera JPEG with <script> in a comment segment', cameraJpeg({ extra: [jpegComment('<script>alert(1)</script>')] })],
    ['a 1.5 MB camera JPEG with a meta refresh in a comment segment', cameraJpeg({ extra: [jpegComment('<meta http-equiv="refresh" content="0;url=https://evil.example/">')] })],
    ['a 1.5 MB camera JPEG with an <img onerror> at its very end', Buffer.concat([cameraJpeg(), latin1('<img src=x onerror=alert(1)>')])],
  ];

  it.each(POLYGLOTS)('refuses %s: 415, the markup message, nothing stored', async (_what, bytes) => {
    const { auth } = await signedIn(full, 'participant');
    const before = stored();
    const body = multipartBody('photo.png', 'image/png', bytes);
    const res = await inject(full, { method: 'POST', url: '/api/participant/avatar', headers: { ...auth, ...body.headers, 'accept-language': 'en' }, payload: body.payload });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(415);
    expect(res.json().errors.file).toBe(BAD_CONTENT);
    expect(stored()).toEqual(before);
    expect((await inject(full, { method: 'GET', url: '/api/participant/profile', headers: auth })).json().data.avatar).toBeNull();
  });

  it('finds a marker split between two chunks of the request, after a megabyte already stored, and removes the partial file', async () => {
    const { auth } = await signedIn(full, 'participant');
    const marker = '<img src=x onerror=alert(1)>';
    const image = png();
    const at = 1_200_000; // inside the pixel data, well past what is held before the type is known
    const bytes = Buffer.concat([image.subarray(0, at), latin1(marker), image.subarray(at)]);
    const body = multipartBody('photo.png', 'image/png', bytes);
    const markerStart = body.payload.indexOf(latin1(marker));
    // 64 KB chunks, and one cut inside `onerror=`.
    const cuts = [markerStart + marker.indexOf('onerr') + 4];
    for (let c = 65_536; c < body.payload.length; c += 65_536) cuts.push(c);
    cuts.sort((a, b) => a - b);
    const parts = [0, ...cuts].map((start, i) => body.payload.subarray(start, cuts[i] ?? body.payload.length));
    expect(parts.some((p) => p.toString('latin1').endsWith('oner'))).toBe(true);
    const before = stored();
    const res = await inject(full, {
      method: 'POST',
      url: '/api/participant/avatar',
      headers: { ...auth, ...body.headers, 'content-length': String(body.payload.length), 'accept-language': 'en' },
      payload: Readable.from(parts),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(415);
    expect(res.json().errors.file).toBe(BAD_CONTENT);
    expect(stored()).toEqual(before);
  });

  it.each([
    ['a 2 MB random-pixel PNG with XMP metadata', 'image/png', png()],
    ['a 1.5 MB camera-like JPEG with Exif and XMP', 'image/jpeg', cameraJpeg()],
    // Binary that merely spells a tag name: `<svg` then a binary byte is no svg element.
    ['a PNG whose pixels spell <svg, <html, <body and <embed followed by binary', 'image/png', png({ level: 0, pixels: pixelsSaying(...spelled) })],
  ])('accepts %s whole, and serves it with its type, nosniff and a sandbox CSP', async (what, mime, bytes) => {
    if (what.includes('spell')) for (const t of spelled) expect(bytes.includes(t)).toBe(true);
    const { auth } = await signedIn(full, 'participant');
    const body = multipartBody('photo', 'application/octet-stream', bytes);
    const res = await inject(full, { method: 'POST', url: '/api/participant/avatar', headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const file = await inject(full, { method: 'GET', url: res.json().data.avatar });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(mime);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
    expect(file.rawPayload.equals(bytes)).toBe(true);
  });
});

describe('the checks of a file that arrives in pieces (PiecewiseCheck, resumable uploads)', () => {
  /** A deterministic stream of split points, so a failure names the same cuts again. */
  const cuts = (length: number, seed: number) => {
    const points: number[] = [];
    let x = seed;
    for (let at = 0; at < length; ) {
      x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
      at += 1 + (x % Math.max(1, Math.floor(length / 3)));
      points.push(Math.min(at, length));
    }
    return points;
  };
  const verdictOf = (promise: Promise<{ mime: string }>) => promise.then((type) => type.mime, (error: { code?: string; message?: string }) => error.message ?? String(error));

  it('gives the verdict a file read in one go gets, wherever the pieces are cut, for real videos and every hostile file', async () => {
    const clip = readFileSync(new URL('../seed/media/clip-a.mp4', import.meta.url));
    const files: [string, Buffer][] = [
      ['a real MP4', clip],
      ['an MP4 with a script in its media data', Buffer.concat([clip.subarray(0, 40_000), Buffer.from('<script>alert(document.cookie)</script>'), clip.subarray(40_000)])],
      ['an MP4 with an event handler at its very end', Buffer.concat([clip, Buffer.from(' onerror=alert(document.domain)')])],
      ...HOSTILE.map(([what, , , bytes]): [string, Buffer] => [what, bytes]),
    ];
    const differences: string[] = [];
    for (const [what, bytes] of files) {
      const whole = await verdictOf(checkReceivedFile(Readable.from([bytes]), 'video', bytes.length));
      for (const seed of [1, 2, 3]) {
        // Each piece on a copy of what came before, as each PATCH works; a piece that is then thrown away (its
        // request cut) changes nothing of what was kept.
        let kept = new PiecewiseCheck();
        let from = 0;
        for (const to of cuts(bytes.length, seed)) {
          const attempt = kept.copy();
          attempt.push(bytes.subarray(from, to));
          const discarded = kept.copy();
          discarded.push(Buffer.from('<script>never stored</script>'));
          kept = attempt;
          from = to;
        }
        const pieces = await verdictOf(kept.verdict('video'));
        if (pieces !== whole) differences.push(`${what} (cuts ${seed}): ${pieces} where read whole: ${whole}`);
      }
    }
    expect(differences).toEqual([]);
    expect(await verdictOf(new PiecewiseCheck().verdict('video'))).not.toMatch(/^video\//);
  });
});
