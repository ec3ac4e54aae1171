import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, inject, signedIn } from '../../../test/harness';
import { createCourse } from '../../../test/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => inject(app, { method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: object) => inject(app, { method: 'POST', url, headers, payload });

describe('wishlist', () => {
  it('adds (twice is fine), lists newest first, and removes', async () => {
    const { auth } = await signedIn(app, 'participant');
    const a = await createCourse();
    const b = await createCourse();
    expect((await post('/api/participant/wishlist/add', auth, { course_id: a.id })).json().data).toEqual({ courseId: a.id, wishlisted: true });
    expect((await post('/api/participant/wishlist/add', auth, { course_id: a.id })).statusCode).toBe(200);
    await post('/api/participant/wishlist/add', auth, { course_id: b.id });
    const list = (await get('/api/participant/wishlist?page=1', auth)).json().data;
    expect(list.total).toBe(2);
    expect(list.items.map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);
    expect((await get(`/api/participant/wishlist/delete/${a.id}`, auth)).json().data).toEqual({ courseId: a.id, wishlisted: false });
    expect((await get('/api/participant/wishlist', auth)).json().data.items.map((c: { id: number }) => c.id)).toEqual([b.id]);
  });

  it('refuses a course that is not public', async () => {
    const { auth } = await signedIn(app, 'participant');
    const hidden = await createCourse({ approveStatus: 'pending' });
    expect((await post('/api/participant/wishlist/add', auth, { course_id: hidden.id })).statusCode).toBe(404);
  });

  it("keeps one participant out of another participant's wishlist", async () => {
    const one = await signedIn(app, 'participant');
    const two = await signedIn(app, 'participant');
    const c = await createCourse();
    await post('/api/participant/wishlist/add', one.auth, { course_id: c.id });
    expect((await get('/api/participant/wishlist', two.auth)).json().data.total).toBe(0);
  });
});
