import { describe, expect, it } from 'vitest';
import { apiSuite, signedIn } from '../../../test/harness';
import { createCourse } from '../../../test/factories';

const suite = apiSuite();

const { get, post } = suite;

describe('wishlist', () => {
  it('adds (twice is fine), lists newest first, and removes', async () => {
    const { auth } = await signedIn(suite.app, 'participant');
    const a = await createCourse();
    const b = await createCourse();
    expect((await post('/api/participant/wishlist/add', { course_id: a.id }, auth)).json().data).toEqual({ courseId: a.id, wishlisted: true });
    expect((await post('/api/participant/wishlist/add', { course_id: a.id }, auth)).statusCode).toBe(200);
    await post('/api/participant/wishlist/add', { course_id: b.id }, auth);
    const list = (await get('/api/participant/wishlist?page=1', auth)).json().data;
    expect(list.total).toBe(2);
    expect(list.items.map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);
    expect((await get(`/api/participant/wishlist/delete/${a.id}`, auth)).json().data).toEqual({ courseId: a.id, wishlisted: false });
    expect((await get('/api/participant/wishlist', auth)).json().data.items.map((c: { id: number }) => c.id)).toEqual([b.id]);
  });

  it('refuses a course that is not public', async () => {
    const { auth } = await signedIn(suite.app, 'participant');
    const hidden = await createCourse({ approveStatus: 'pending' });
    expect((await post('/api/participant/wishlist/add', { course_id: hidden.id }, auth)).statusCode).toBe(404);
  });

  it("keeps one participant out of another participant's wishlist", async () => {
    const one = await signedIn(suite.app, 'participant');
    const two = await signedIn(suite.app, 'participant');
    const c = await createCourse();
    await post('/api/participant/wishlist/add', { course_id: c.id }, one.auth);
    expect((await get('/api/participant/wishlist', two.auth)).json().data.total).toBe(0);
  });
});
