import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { apiSuite, inject, signedIn } from '../../../test/harness';
import { createCategory } from '../../../test/factories';
import { REAL } from '../../../test/upload-corpus';

/** What the authoring tests share: an app with its own upload folder, callers, and a course built through the API. */

export const CLIP = readFileSync(fileURLToPath(new URL('../../seed/media/clip-a.mp4', import.meta.url)));
/** clip-a.mp4 is 8 seconds long (seed/media/README.md). */
export const CLIP_SECONDS = 8;

/** The file's app (apiSuite) with an upload folder of its own, `uploads`: the authoring tests count the files in it. */
export function authoringSuite() {
  const suite = apiSuite({ ownDataDir: 'nibras-authoring-' });
  return Object.assign(suite, { uploads: path.join(suite.dataDir, 'uploads') });
}

export type Role = 'instructor' | 'admin';
type Headers = Record<string, string>;

export function caller(app: FastifyInstance, role: Role, auth: Headers) {
  const base = `/api/${role}/course`;
  const headers = { ...auth, 'accept-language': 'en' };
  return {
    role,
    base,
    auth,
    get: (url: string) => inject(app, { method: 'GET', url: url.startsWith('/api') ? url : `${base}/${url}`, headers }),
    post: (url: string, payload: object) => inject(app, { method: 'POST', url: url.startsWith('/api') ? url : `${base}/${url}`, headers, payload }),
    upload: (url: string, fields: Record<string, string | number>, file?: { name: string; type: string; bytes: Buffer }, opts: { fileFirst?: boolean } = {}) => {
      const body = multipartWithFields(fields, file, opts);
      return inject(app, { method: 'POST', url: `${base}/${url}`, headers: { ...headers, ...body.headers }, payload: body.payload });
    },
  };
}
export type Caller = ReturnType<typeof caller>;

export async function signedInCaller(app: FastifyInstance, role: Role) {
  const s = await signedIn(app, role);
  return { ...s, api: caller(app, role, s.auth) };
}

/** A multipart body with text fields and (optionally) one file part `file`; fields first unless asked otherwise. */
export function multipartWithFields(fields: Record<string, string | number>, file?: { name: string; type: string; bytes: Buffer }, opts: { fileFirst?: boolean } = {}) {
  const boundary = '----nibras-authoring-boundary';
  const parts: Buffer[] = [];
  const fieldParts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const filePart = file
    ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from('\r\n')]
    : [];
  if (opts.fileFirst) parts.push(...filePart, ...fieldParts);
  else parts.push(...fieldParts, ...filePart);
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The envelope of a call that must succeed; anything else fails the test with the answer's body. */
export function expectOk(res: LightMyRequestResponse) {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body.slice(0, 400)}`);
  return res.json();
}

export async function step1Body(overrides: Record<string, unknown> = {}) {
  const category = await createCategory();
  return { title: 'Arabic calligraphy for beginners', subtitle: 'From the reed pen to your first panel', category_id: category.id, language: 'ar', level: 'beginner', price: 49.5, ...overrides };
}

export async function createDraft(api: Caller, overrides: Record<string, unknown> = {}) {
  return expectOk(await api.post('addUpdate/step1', await step1Body(overrides))).data as { id: number; state: { approve_status: string } };
}

/**
 * Steps 2, 4 (one section, two lectures with videos) and 6 through the API: the course ends
 * complete and, unless it was approved before, pending review.
 */
export async function completeCourse(api: Caller, courseId: number, opts: { tags?: string[] } = {}) {
  expectOk(await api.post('addUpdate/step2', { id: courseId, description: '<p>Learn the <strong>naskh</strong> script.</p>', learn_points: ['Hold the pen'], requirements: [], audience: [] }));
  const outline = expectOk(
    await api.post('addUpdate/step4', { id: courseId, sections: [{ title: 'Basics', lectures: [{ title: 'The pen' }, { title: 'The ink', is_free_preview: true }] }] }),
  ).data;
  for (const lecture of outline.sections[0].lectures) {
    expectOk(await api.upload('step4/upload', { id: courseId, lecture_id: lecture.id }, { name: 'clip.mp4', type: 'video/mp4', bytes: CLIP }));
  }
  return expectOk(await api.post('addUpdate/step6', { id: courseId, tags: opts.tags ?? ['calligraphy'] }));
}

export const IMAGE = { name: 'cover.png', type: 'image/png', bytes: REAL.png };
export const VIDEO = { name: 'promo.mp4', type: 'video/mp4', bytes: CLIP };
