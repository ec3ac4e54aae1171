import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { apiSuite, signedIn, testConfig, testDatabase } from '../../../test/harness';

const testConfigInvoices = () => testConfig().invoices;
import { createCourse } from '../../../test/factories';
import { couponRedemptions, coupons, enrollments } from '../../db/schema';

// Coupons (issue 28, point 3; docs/payments.md).
const suite = apiSuite();
const { get, post } = suite;
type Headers = Record<string, string>;
let admin: Headers;
beforeAll(async () => {
  admin = (await signedIn(suite.app, 'admin')).auth;
});

const code = (prefix = 'SAVE') => `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;
const en = (auth: Headers) => ({ ...auth, 'accept-language': 'en' });
const makeCoupon = (body: Record<string, unknown>, auth: Headers = admin, role = 'admin') => post(`/api/${role}/coupons`, { kind: 'percent', percent: 20, ...body }, en(auth));
const quote = (auth: Headers, courseId: number, coupon?: string) => post('/api/participant/checkout/quote', { course_id: courseId, ...(coupon ? { coupon } : {}) }, en(auth));
const order = (auth: Headers, courseId: number, coupon?: string) => post('/api/participant/enrollcourse/order', { course_id: courseId, ...(coupon ? { coupon } : {}) }, en(auth));

async function couponRow(id: number) {
  const { db } = await testDatabase();
  return (await db.select().from(coupons).where(eq(coupons.id, id)))[0]!;
}

describe('coupons (issue 28, point 3)', () => {
  it('a percentage coupon for the whole site shows the price before and after, prices the order, and counts its use', async () => {
    const { auth } = await signedIn(suite.app, 'participant');
    const course = await createCourse({ price: 49.99 });
    const made = await makeCoupon({ code: code(), percent: 15 });
    expect(made.statusCode).toBe(200);
    const coupon = made.json().data;
    expect(coupon).toMatchObject({ kind: 'percent', percent: 15, courseIds: [], redeemed: 0, perPersonLimit: 1, active: true, ownerRole: 'admin' });

    expect((await quote(auth, course.id)).json().data).toMatchObject({ listMinor: 4999, discountMinor: 0, totalMinor: 4999, coupon: null, currency: 'SAR' });
    // Typed in small letters: codes match in any case.
    const priced = (await quote(auth, course.id, coupon.code.toLowerCase())).json().data;
    expect(priced).toMatchObject({ listMinor: 4999, discountMinor: 750, totalMinor: 4249, coupon: { code: coupon.code } });
    // The VAT (15 % by default) is inside the price: 4249 × 15 / 115, rounded once.
    expect(priced).toMatchObject({ vatPercent: 15, vatIncluded: true, vatMinor: 554 });
    const placed = (await order(auth, course.id, coupon.code)).json().data;
    expect(placed.order).toMatchObject({ amountMinor: 4249, status: 'pending' });
    expect(placed.payment).toMatchObject({ provider: 'bank_transfer', amountMinor: 4249 });
    expect((await couponRow(coupon.id)).redeemed).toBe(1);
    const { db } = await testDatabase();
    expect(await db.select({ list: couponRedemptions.listMinor, off: couponRedemptions.discountMinor }).from(couponRedemptions).where(eq(couponRedemptions.orderId, placed.order.id))).toEqual([{ list: 4999, off: 750 }]);
    // One use per person: another course, the same participant.
    const other = await createCourse({ price: 10 });
    const again = await quote(auth, other.id, coupon.code);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ coupon: 'You have already used this coupon.' });
    // A cancelled order gives the use back.
    expect((await post('/api/admin/order/cancel', { order_id: placed.order.id }, admin)).statusCode).toBe(200);
    expect((await couponRow(coupon.id)).redeemed).toBe(0);
    expect((await quote(auth, other.id, coupon.code)).statusCode).toBe(200);
  });

  it('a fixed coupon for some courses only, between dates, active: each refusal says why, on the coupon field', async () => {
    const { auth } = await signedIn(suite.app, 'participant');
    const [one, two] = [await createCourse({ price: 30 }), await createCourse({ price: 30 })];
    const fixed = (await makeCoupon({ code: code('TEN'), kind: 'fixed', amount: 10.5, percent: undefined, course_ids: [one.id] })).json().data;
    expect(fixed).toMatchObject({ kind: 'fixed', amountMinor: 1050, percent: null, courseIds: [one.id] });
    expect((await quote(auth, one.id, fixed.code)).json().data).toMatchObject({ discountMinor: 1050, totalMinor: 1950 });
    expect((await quote(auth, two.id, fixed.code)).json().errors).toEqual({ coupon: 'This coupon is not for this course.' });
    const day = 86_400_000;
    const later = (await makeCoupon({ code: code(), starts_at: new Date(Date.now() + day).toISOString() })).json().data;
    expect((await quote(auth, one.id, later.code)).json().errors).toEqual({ coupon: 'This coupon cannot be used yet.' });
    const past = (await makeCoupon({ code: code(), starts_at: new Date(Date.now() - 2 * day).toISOString(), ends_at: new Date(Date.now() - day).toISOString() })).json().data;
    expect((await quote(auth, one.id, past.code)).json().errors).toEqual({ coupon: 'This coupon has expired.' });
    const off = (await makeCoupon({ code: code(), active: false })).json().data;
    expect((await quote(auth, one.id, off.code)).json().errors).toEqual({ coupon: 'This coupon is no longer active.' });
    expect((await quote(auth, one.id, 'NO-SUCH-CODE')).json().errors).toEqual({ coupon: 'This coupon code is not valid.' });
    // A refused coupon places no order.
    expect((await order(auth, two.id, fixed.code)).statusCode).toBe(400);
    const { db } = await testDatabase();
    expect(await db.select().from(enrollments).where(eq(enrollments.courseId, two.id))).toEqual([]);
  });

  it('a coupon that makes the course free enrols at once', async () => {
    const { user, auth } = await signedIn(suite.app, 'participant');
    const course = await createCourse({ price: 99 });
    const all = (await makeCoupon({ code: code('FREE'), percent: 100, course_ids: [course.id] })).json().data;
    const res = (await order(auth, course.id, all.code)).json();
    expect(res).toMatchObject({ message: 'You are enrolled. Enjoy the course!', data: { enrolled: true, payment: null, order: { status: 'paid', provider: 'free', amountMinor: 0 } } });
    const { db } = await testDatabase();
    expect(await db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.participantId, user.id))).toHaveLength(1);
  });

  it('50 participants redeeming the last use of a coupon at once: exactly one succeeds', async () => {
    const course = await createCourse({ price: 40 });
    const last = (await makeCoupon({ code: code('LAST'), total_limit: 1 })).json().data;
    const people = await Promise.all(Array.from({ length: 50 }, () => signedIn(suite.app, 'participant')));
    const answers = await Promise.all(people.map(({ auth }) => order(auth, course.id, last.code)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json().errors).toEqual({ coupon: 'This coupon has been used up.' });
    expect((await couponRow(last.id)).redeemed).toBe(1);
    const { db } = await testDatabase();
    expect(await db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, last.id))).toHaveLength(1);
  });

  it('instructors make coupons for their own courses only, and only when admins allow it', async () => {
    const teacher = await signedIn(suite.app, 'instructor');
    const mine = await createCourse({ price: 20, instructorId: teacher.user.id });
    const theirs = await createCourse({ price: 20 });
    expect((await post('/api/admin/coupons/settings', { instructorsMayCreate: false }, admin)).statusCode).toBe(200);
    expect((await makeCoupon({ code: code(), course_ids: [mine.id] }, teacher.auth, 'instructor')).statusCode).toBe(403);
    expect((await post('/api/admin/coupons/settings', { instructorsMayCreate: true }, admin)).json().data).toEqual({ instructorsMayCreate: true });
    expect((await get('/api/instructor/coupons/settings', teacher.auth)).json().data).toEqual({ instructorsMayCreate: true });
    const own = await makeCoupon({ code: code('MINE'), course_ids: [mine.id] }, teacher.auth, 'instructor');
    expect(own.json().data).toMatchObject({ ownerRole: 'instructor', courseIds: [mine.id], createdBy: { id: teacher.user.id } });
    expect((await makeCoupon({ code: code(), course_ids: [theirs.id] }, teacher.auth, 'instructor')).statusCode).toBe(403);
    const siteWide = await makeCoupon({ code: code() }, teacher.auth, 'instructor');
    expect(siteWide.json().errors).toEqual({ course_ids: 'Choose one or more of your own courses.' });
    // Each sees their own; admins see every coupon and may change an instructor's.
    const listed = (await get('/api/instructor/coupons', teacher.auth)).json().data;
    expect(listed.items.map((c: { id: number }) => c.id)).toEqual([own.json().data.id]);
    expect((await get(`/api/admin/coupons?search=${own.json().data.code}`, admin)).json().data.total).toBe(1);
    const other = await signedIn(suite.app, 'instructor');
    expect((await post(`/api/instructor/coupons/${own.json().data.id}/delete`, {}, other.auth)).statusCode).toBe(404);
    expect((await post('/api/participant/checkout/quote', { course_id: mine.id }, teacher.auth)).statusCode).toBe(403);
    await post('/api/admin/coupons/settings', { instructorsMayCreate: false }, admin);
  });

  it('codes are unique in any case; a used coupon is kept (deactivate it), an unused one deleted; bad input is a field message', async () => {
    const first = (await makeCoupon({ code: code('DUP') })).json().data;
    const twin = await makeCoupon({ code: first.code.toLowerCase() });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().errors).toEqual({ code: 'A coupon with this code exists already.' });
    expect((await makeCoupon({ code: code(), percent: 120 })).statusCode).toBe(400);
    expect(Object.keys((await makeCoupon({ code: code(), percent: undefined })).json().errors)).toEqual(['percent']);
    expect(Object.keys((await makeCoupon({ code: 'a b' })).json().errors)).toEqual(['code']);
    const bad = await makeCoupon({ code: code(), starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' });
    expect(bad.json().errors).toEqual({ ends_at: 'The end must come after the start.' });
    const { auth } = await signedIn(suite.app, 'participant');
    const course = await createCourse({ price: 12 });
    await order(auth, course.id, first.code);
    expect((await post(`/api/admin/coupons/${first.id}/delete`, {}, en(admin))).json()).toMatchObject({ message: 'This coupon was used: deactivate it instead of deleting it.' });
    const updated = await post(`/api/admin/coupons/${first.id}`, { code: first.code, kind: 'percent', percent: 20, active: false }, admin);
    expect(updated.json().data).toMatchObject({ active: false, redeemed: 1 });
    const unused = (await makeCoupon({ code: code() })).json().data;
    expect((await post(`/api/admin/coupons/${unused.id}/delete`, {}, admin)).statusCode).toBe(200);
    expect((await post(`/api/participant/checkout/quote`, { course_id: course.id, coupon: unused.code }, en(auth))).json().errors).toEqual({ coupon: 'This coupon code is not valid.' });
  });
});

describe('prices without VAT (PRICES_INCLUDE_VAT=false)', () => {
  const exclusive = apiSuite({ config: () => ({ invoices: { ...testConfigInvoices(), pricesIncludeVat: false } }) });
  it('the checkout adds the VAT to the price after the coupon, and the order is for that total', async () => {
    const { auth } = await signedIn(exclusive.app, 'participant');
    const course = await createCourse({ price: 100 });
    const res = await exclusive.post('/api/participant/checkout/quote', { course_id: course.id }, en(auth));
    expect(res.json().data).toMatchObject({ listMinor: 10_000, vatMinor: 1_500, totalMinor: 11_500, vatIncluded: false, vatPercent: 15 });
    const placed = (await exclusive.post('/api/participant/enrollcourse/order', { course_id: course.id }, en(auth))).json().data;
    expect(placed.order.amountMinor).toBe(11_500);
  });
});

