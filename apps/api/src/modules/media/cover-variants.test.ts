import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR_WIDTHS, COVER_WIDTHS } from '@nibras/contract';
import { apiSuite, signedIn } from '../../../test/harness';
import { createCourse } from '../../../test/factories';
import { REAL } from '../../../test/upload-corpus';
import { imageVariant, variantKey } from '../../lib/image-variants';
import { diskStorage } from '../../lib/storage';
import { createDraft, expectOk, multipartWithFields, signedInCaller } from '../authoring/authoring.test-kit';

const suite = apiSuite({ ownDataDir: 'nibras-cover-variants-' });
const uploads = () => path.join(suite.dataDir, 'uploads');

/** A 1280 x 720 PNG (a gradient with some detail, as a real cover), what the demo seed and most uploads are like. */
const bigCover = () =>
  sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: 11, g: 79, b: 108 } } })
    .composite([{ input: Buffer.from('<svg width="1280" height="720"><circle cx="640" cy="360" r="300" fill="#f4c542"/><text x="100" y="120" font-size="90">Nibras</text></svg>') }])
    .png()
    .toBuffer();

/** A public course whose cover is `bytes`, stored on disk as an upload would be. */
async function courseWithCover(bytes: Buffer, ext = 'png') {
  const key = `covers/${crypto.randomUUID()}.${ext}`;
  mkdirSync(path.join(uploads(), 'covers'), { recursive: true });
  writeFileSync(path.join(uploads(), key), bytes);
  const course = await createCourse({ coverImage: key });
  return { course, key, url: `/api/media/cover/${course.id}` };
}

describe('a cover\'s WebP copies (?w=)', () => {
  it('each width is a WebP that wide, 16:9 kept, made once and stored beside the original, and much smaller than it', async () => {
    const original = await bigCover();
    const { key, url } = await courseWithCover(original);
    for (const width of COVER_WIDTHS) {
      const res = await suite.get(`${url}?w=${width}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toContain(`.webp`);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: Math.round((width * 9) / 16) });
      expect(res.rawPayload.length).toBeLessThan(original.length / 3);
      const stored = path.join(uploads(), variantKey(key, width));
      expect(readFileSync(stored).equals(res.rawPayload)).toBe(true);
      // Served from storage the second time: the stored copy, byte for byte, even when it is no longer what sharp would make.
      const marked = Buffer.concat([res.rawPayload, Buffer.from('kept')]);
      writeFileSync(stored, marked);
      expect((await suite.get(`${url}?w=${width}`)).rawPayload.equals(marked)).toBe(true);
    }
    // No half-written copies are left behind.
    expect(readdirSync(path.join(uploads(), 'covers')).filter((f) => f.endsWith('.part'))).toEqual([]);
    // Without a width, the file as uploaded.
    const plain = await suite.get(url);
    expect(plain.headers['content-type']).toBe('image/png');
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it('never enlarges: a cover narrower than the width asked stays its own size, in WebP', async () => {
    const { url } = await courseWithCover(REAL.jpg, 'jpg');
    const res = await suite.get(`${url}?w=960`);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 8, height: 8 });
  });

  it('a cover that cannot be resized (its file damaged) is served as it is stored, and no copy is kept', async () => {
    const original = await bigCover();
    const damaged = original.subarray(0, Math.floor(original.length / 2));
    const { key, url } = await courseWithCover(damaged);
    const res = await suite.get(`${url}?w=400`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(damaged)).toBe(true);
    expect(existsSync(path.join(uploads(), variantKey(key, 400)))).toBe(false);
  });

  it('refuses a width that is not one of the sizes made (400), and keeps the 404 of a course without a public cover', async () => {
    const { url } = await courseWithCover(REAL.png);
    for (const w of ['500', '0', 'abc', '', '400px', '-400']) {
      const res = await suite.get(`${url}?w=${w}`);
      expect(res.statusCode, `w=${w}`).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await suite.get(`${url}?w=400&x=1`)).statusCode).toBe(400);
    const draft = await createCourse({ coverImage: `covers/${crypto.randomUUID()}.png`, approveStatus: 'pending' });
    expect((await suite.get(`/api/media/cover/${draft.id}?w=400`)).statusCode).toBe(404);
    const bare = await createCourse();
    expect((await suite.get(`/api/media/cover/${bare.id}?w=400`)).statusCode).toBe(404);
  });

  it('a replaced or removed cover takes its copies with it', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const { id } = await createDraft(api);
    const files = () => readdirSync(path.join(uploads(), 'covers'));
    mkdirSync(path.join(uploads(), 'covers'), { recursive: true });
    const before = files();
    expectOk(await api.upload('step3/upload', { id, field: 'cover' }, { name: 'c.png', type: 'image/png', bytes: await bigCover() }));
    const [uploaded] = files().filter((f) => !before.includes(f));
    const key = `covers/${uploaded}`;
    // The course is a draft: its copies are made as the public route makes them once it is approved.
    const storage = diskStorage(uploads());
    for (const width of COVER_WIDTHS) expect(await imageVariant(storage, key, width)).toBe(variantKey(key, width));
    const ofFirst = () => files().filter((f) => f.startsWith(uploaded!.replace(/\.png$/, '')));
    expect(ofFirst()).toHaveLength(1 + COVER_WIDTHS.length);
    expectOk(await api.upload('step3/upload', { id, field: 'cover' }, { name: 'c.jpg', type: 'image/jpeg', bytes: REAL.jpg }));
    expect(ofFirst()).toEqual([]);
    expectOk(await api.post('step3/unlink', { id, field: 'cover' }));
    expect(files().filter((f) => !before.includes(f))).toEqual([]);
  });
});

describe('an avatar\'s WebP copy (?w=128)', () => {
  it('is 128 px wide, stored beside the avatar; the profile\'s ?v= still works; other widths are 400; removing the avatar removes the copy', async () => {
    const { auth, user } = await signedIn(suite.app, 'instructor');
    const body = multipartWithFields({}, { name: 'me.png', type: 'image/png', bytes: await bigCover() });
    const saved = await suite.inject({ method: 'POST', url: '/api/instructor/avatar', headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(saved.statusCode, saved.body).toBe(200);
    const profileUrl: string = saved.json().data.avatar;
    expect(profileUrl).toMatch(new RegExp(`^/api/media/avatar/${user.id}\\?v=\\d+$`));
    const copy = await suite.get(`/api/media/avatar/${user.id}?w=${AVATAR_WIDTHS[0]}`);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
    expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 128, height: 72 });
    expect((await suite.get(profileUrl)).headers['content-type']).toBe('image/png');
    expect((await suite.get(`${profileUrl}&w=128`)).headers['content-type']).toBe('image/webp');
    for (const w of ['64', '400', 'x']) expect((await suite.get(`/api/media/avatar/${user.id}?w=${w}`)).statusCode, `w=${w}`).toBe(400);
    const avatars = () => readdirSync(path.join(uploads(), 'avatars'));
    expect(avatars().filter((f) => f.endsWith('.w128.webp'))).toHaveLength(1);
    expect((await suite.inject({ method: 'GET', url: '/api/instructor/avatar/delete', headers: auth })).statusCode).toBe(200);
    expect(avatars()).toEqual([]);
    expect((await suite.get(`/api/media/avatar/${user.id}?w=128`)).statusCode).toBe(404);
  });
});
