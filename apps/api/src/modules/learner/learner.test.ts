import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createUser, inject, loginAs, signedIn } from '../../../test/harness';
import { addLectures, createCategory, createCourse } from '../../../test/factories';

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await buildTestApp();
  admin = (await signedIn(app, 'admin')).auth;
});
afterAll(() => app.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => inject(app, { method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: object) => inject(app, { method: 'POST', url, headers, payload });
const order = (auth: Headers, courseId: number) => post('/api/participant/enrollcourse/order', { ...auth, 'accept-language': 'en' }, { course_id: courseId });

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

describe('orders and enrolment', () => {
  it('a free course enrolls at once and shows in the enrolled and recent lists', async () => {
    const { user, auth } = await signedIn(app, 'participant');
    const course = await createCourse({ price: 0 });
    await addLectures(course.id, 2);
    const res = await order(auth, course.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'You are enrolled. Enjoy the course!', data: { enrolled: true, payment: null, order: { status: 'paid', provider: 'free', amount: 0 } } });
    const enrolled = (await get(`/api/participant/enrollcourse/list/${user.id}?page=1`, auth)).json().data;
    expect(enrolled.total).toBe(1);
    expect(enrolled.items[0]).toMatchObject({ id: course.id, progress: { percent: 0, completedLectures: 0, totalLectures: 2 } });
    expect((await get('/api/participant/recent/enroll/course/list', auth)).json().data.map((c: { id: number }) => c.id)).toEqual([course.id]);
    expect((await get('/api/participant/enrollcourse/order/list', auth)).json().data.items[0]).toMatchObject({ course: { id: course.id }, status: 'paid' });
  });

  it('a paid course waits for an admin to confirm the bank transfer', async () => {
    const { user, auth } = await signedIn(app, 'participant');
    const course = await createCourse({ price: 49.5 });
    const res = (await order(auth, course.id)).json().data;
    expect(res).toMatchObject({ enrolled: false, order: { status: 'pending', provider: 'bank_transfer', amount: 49.5 } });
    expect(res.payment).toMatchObject({ provider: 'bank_transfer', amount: 49.5, reference: res.order.reference });
    expect(res.payment.bankDetails).toContain('IBAN');
    expect(res.order.reference).toMatch(/^NB-[A-Z2-9]{8}$/);
    expect((await get(`/api/participant/enrollcourse/list/${user.id}`, auth)).json().data.total).toBe(0);

    const pending = (await post('/api/admin/order/list?page=1', admin, { status: 'pending', search: res.order.reference })).json().data;
    expect(pending.items.map((o: { id: number }) => o.id)).toEqual([res.order.id]);
    const confirmed = await post('/api/admin/order/confirm', admin, { order_id: res.order.id });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'paid', participantEmail: user.email });
    expect((await get(`/api/participant/enrollcourse/list/${user.id}`, auth)).json().data.items[0].id).toBe(course.id);
    expect((await post('/api/admin/order/confirm', admin, { order_id: res.order.id })).statusCode).toBe(409);
  });

  it('a cancelled order can be placed again', async () => {
    const { auth } = await signedIn(app, 'participant');
    const course = await createCourse({ price: 10 });
    const first = (await order(auth, course.id)).json().data.order;
    expect((await post('/api/admin/order/cancel', admin, { order_id: first.id })).json().data.status).toBe('cancelled');
    expect((await order(auth, course.id)).statusCode).toBe(200);
  });

  it('ordering twice is a clear 409, also when two orders race', async () => {
    const { auth } = await signedIn(app, 'participant');
    const free = await createCourse({ price: 0 });
    expect((await order(auth, free.id)).statusCode).toBe(200);
    const again = await order(auth, free.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'You have already ordered or enrolled in this course.', errors: { course_id: 'You have already ordered or enrolled in this course.' } });
    const paid = await createCourse({ price: 20 });
    const both = await Promise.all([order(auth, paid.id), order(auth, paid.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it("refuses an instructor's own course, ordered from their participant account", async () => {
    const instructor = await createUser('instructor');
    const course = await createCourse({ instructorId: instructor.id });
    await createUser('participant', { email: instructor.email.toUpperCase() });
    const session = await loginAs(app, 'participant', instructor.email);
    const res = await order({ authorization: `Bearer ${session.token}` }, course.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot order your own course.');
  });

  it('refuses a course that is not public', async () => {
    const { auth } = await signedIn(app, 'participant');
    expect((await order(auth, (await createCourse({ approveStatus: 'rejected' })).id)).statusCode).toBe(404);
  });

  it("lists enrolments only for the caller's own id", async () => {
    const { auth } = await signedIn(app, 'participant');
    const other = await createUser('participant');
    expect((await get(`/api/participant/enrollcourse/list/${other.id}`, auth)).statusCode).toBe(403);
  });

  it("shows an instructor the orders of their own courses only", async () => {
    const ins = await signedIn(app, 'instructor');
    const mine = await createCourse({ instructorId: ins.user.id, price: 0 });
    const theirs = await createCourse({ price: 0 });
    const p = await signedIn(app, 'participant');
    await order(p.auth, mine.id);
    await order(p.auth, theirs.id);
    const list = (await get('/api/instructor/enrollcourse/order/list?page=1', ins.auth)).json().data;
    expect(list.items.map((o: { course: { id: number } }) => o.course.id)).toEqual([mine.id]);
    expect(JSON.stringify(list)).not.toContain('@');
  });
});

describe('ratings', () => {
  it('only enrolled participants rate, 1 to 5, one rating each, and cards follow at once', async () => {
    const category = await createCategory();
    const course = await createCourse({ categoryId: category.id, price: 0 });
    const { auth } = await signedIn(app, 'participant');
    const rate = (rating: number, rating_message = '') => post('/api/participant/rating/add', { ...auth, 'accept-language': 'en' }, { course_id: course.id, rating, rating_message });

    const notEnrolled = await rate(5);
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json().message).toBe('Only participants enrolled in this course can rate it.');
    await order(auth, course.id);
    for (const bad of [0, 6]) {
      const res = await rate(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('rating');
    }
    const first = await rate(5, '<script>alert(1)</script><b>رائعة</b> & useful');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ review: { rating: 5, message: 'رائعة & useful' }, courseRating: { average: 5, count: 1 } });

    // Warm the home cache, then rate again: the cards must follow at once.
    await get('/api/public/home', {});
    const second = await rate(2, 'changed my mind');
    expect(second.json().data.courseRating).toEqual({ average: 2, count: 1 });
    const card = (await get(`/api/public/category/${category.id}`, {})).json().data.items[0];
    expect(card.rating).toEqual({ average: 2, count: 1 });
    const homeCards = (await get('/api/public/home', {})).json().data;
    const onHome = [...homeCards.topCourses, ...homeCards.newestCourses].find((c: { id: number }) => c.id === course.id);
    if (onHome) expect(onHome.rating).toEqual({ average: 2, count: 1 });
    const details = (await post(`/api/course/${course.id}/b`, auth, { p_id: '' })).json().data;
    expect(details.rating).toEqual({ average: 2, count: 1 });
    expect(details.viewer.rating).toBe(2);
    expect(details.reviews.items[0].message).toBe('changed my mind');
  });
});
