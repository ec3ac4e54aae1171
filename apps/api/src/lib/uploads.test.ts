import { mkdtempSync, readdirSync, existsSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, inject, signedIn, testConfig } from '../../test/harness';
import { HOSTILE, REAL } from '../../test/upload-corpus';

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

describe('an upload cut off half-way', () => {
  it('leaves no file behind', async () => {
    const { auth } = await signedIn(app, 'participant');
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = readdirSync(path.join(dataDir, 'uploads', 'avatars'));
    const body = multipartBody('half.png', 'image/png', Buffer.concat([REAL.png, Buffer.alloc(40_000, 1)]));
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/participant/avatar HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth.authorization}\r\nContent-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
        );
        // Half the body, then the client is gone.
        socket.write(body.payload.subarray(0, Math.floor(body.payload.length / 2)), () => setTimeout(() => socket.destroy(), 50));
      });
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    // The server notices the reset asynchronously: wait until no partial file is left.
    const deadline = Date.now() + 5000;
    let after = readdirSync(path.join(dataDir, 'uploads', 'avatars'));
    while (after.length !== before.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      after = readdirSync(path.join(dataDir, 'uploads', 'avatars'));
    }
    expect(after.sort()).toEqual(before.sort());
  });
});
