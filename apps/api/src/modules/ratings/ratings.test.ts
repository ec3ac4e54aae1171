import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiSuite, signedIn, testDatabase } from '../../../test/harness';
import { createCategory, createCourse } from '../../../test/factories';
import { mailOutbox, users } from '../../db/schema';

const suite = apiSuite();

type Headers = Record<string, string>;
const { get, post } = suite;
const order = (auth: Headers, courseId: number) => post('/api/participant/enrollcourse/order', { course_id: courseId }, { ...auth, 'accept-language': 'en' });

describe('ratings', () => {
  it('only enrolled participants rate, 1 to 5, one rating each, and cards follow at once', async () => {
    const category = await createCategory();
    const course = await createCourse({ categoryId: category.id, price: 0 });
    const { auth } = await signedIn(suite.app, 'participant');
    const rate = (rating: number, rating_message = '') => post('/api/participant/rating/add', { course_id: course.id, rating, rating_message }, { ...auth, 'accept-language': 'en' });

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
    // An entity-encoded tag is not decoded into a live one.
    const encoded = await rate(5, '&lt;img src=x onerror=alert(1)&gt;رائعة');
    expect(encoded.json().data.review.message).toBe('رائعة');

    // Warm the home cache, then rate again: the cards must follow at once.
    await get('/api/public/home', {});
    const second = await rate(2, 'changed my mind');
    expect(second.json().data.courseRating).toEqual({ average: 2, count: 1 });
    const card = (await get(`/api/public/category/${category.id}`, {})).json().data.items[0];
    expect(card.rating).toEqual({ average: 2, count: 1 });
    const homeCards = (await get('/api/public/home', {})).json().data;
    const onHome = [...homeCards.topCourses, ...homeCards.newestCourses].find((c: { id: number }) => c.id === course.id);
    if (onHome) expect(onHome.rating).toEqual({ average: 2, count: 1 });
    const details = (await post(`/api/course/${course.id}/b`, { p_id: '' }, auth)).json().data;
    expect(details.rating).toEqual({ average: 2, count: 1 });
    expect(details.viewer.rating).toBe(2);
    expect(details.reviews.items[0].message).toBe('changed my mind');
  });
});

describe('review moderation (docs/reviews.md)', () => {
  it('the course\'s instructor and admins hide a review with a reason: it leaves the page and the rating at once, the reviewer is mailed why, and it can be shown again', async () => {
    const { db } = await testDatabase();
    const category = await createCategory();
    const teacher = await signedIn(suite.app, 'instructor');
    const otherTeacher = await signedIn(suite.app, 'instructor');
    const admin = await signedIn(suite.app, 'admin');
    const course = await createCourse({ categoryId: category.id, price: 0, instructorId: teacher.user.id });
    const fan = await signedIn(suite.app, 'participant');
    const critic = await signedIn(suite.app, 'participant');
    await db.update(users).set({ lang: 'ar' }).where(eq(users.id, critic.user.id));
    for (const [who, rating, text] of [[fan, 5, 'Clear and useful'], [critic, 1, 'spam spam spam']] as const) {
      await order(who.auth, course.id);
      expect((await post('/api/participant/rating/add', { course_id: course.id, rating, rating_message: text }, who.auth)).statusCode).toBe(200);
    }
    const page = async () => (await post(`/api/course/${course.id}/b`, { p_id: '' }, {})).json().data;
    expect((await page()).rating).toEqual({ average: 3, count: 2 });
    const reviewId = (await page()).reviews.items.find((r: { message: string }) => r.message === 'spam spam spam').id as number;
    const en = { 'accept-language': 'en' };

    // Only the course's own instructor and admins: another instructor does not find it, a participant may not ask.
    expect((await post(`/api/instructor/reviews/${reviewId}/hide`, { reason: 'Not about the course' }, { ...otherTeacher.auth, ...en })).statusCode).toBe(404);
    expect((await post(`/api/admin/reviews/${reviewId}/hide`, { reason: 'Not about the course' }, { ...fan.auth, ...en })).statusCode).toBe(403);
    expect((await get('/api/instructor/reviews', otherTeacher.auth)).json().data.items.some((r: { id: number }) => r.id === reviewId)).toBe(false);
    // A reason is required, in words.
    const noReason = await post(`/api/instructor/reviews/${reviewId}/hide`, { reason: ' x ' }, { ...teacher.auth, ...en });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBeTruthy();

    await get('/api/public/home', {});
    await get(`/api/public/category/${category.id}`, {});
    const hidden = await post(`/api/instructor/reviews/${reviewId}/hide`, { reason: 'Not about the <b>course</b>' }, { ...teacher.auth, ...en });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data.hidden).toMatchObject({ reason: 'Not about the course', by: { id: teacher.user.id } });
    // The course's rating, its reviews, its distribution and its card follow at once.
    const after = await page();
    expect(after.rating).toEqual({ average: 5, count: 1 });
    expect(after.reviews.items.map((r: { message: string }) => r.message)).toEqual(['Clear and useful']);
    expect(after.reviews.total).toBe(1);
    expect(after.ratingDistribution).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 });
    const card = (await get(`/api/public/category/${category.id}`, {})).json().data.items.find((c: { id: number }) => c.id === course.id);
    expect(card.rating).toEqual({ average: 5, count: 1 });
    // The reviewer is told, in their language, with the reason.
    const mails = await db.select({ lang: mailOutbox.lang, subject: mailOutbox.subject, text: mailOutbox.textBody }).from(mailOutbox).where(and(eq(mailOutbox.toAddress, critic.user.email), eq(mailOutbox.kind, 'review_hidden')));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ lang: 'ar' });
    expect(mails[0]!.subject).toContain(course.title);
    expect(mails[0]!.text).toContain('Not about the course');
    // and in the header's bell (docs/notifications.md).
    expect((await get('/api/participant/notifications', critic.auth)).json().data.items[0]).toMatchObject({ kind: 'review_hidden', params: { course: course.title }, link: `/course-details/${course.id}` });
    expect((await post(`/api/admin/reviews/${reviewId}/hide`, { reason: 'Again' }, { ...admin.auth, ...en })).statusCode).toBe(409);

    // Rating again does not bring it back.
    await post('/api/participant/rating/add', { course_id: course.id, rating: 2, rating_message: 'still spam' }, critic.auth);
    expect((await page()).rating).toEqual({ average: 5, count: 1 });
    const hiddenList = (await get('/api/instructor/reviews?status=hidden', teacher.auth)).json().data;
    expect(hiddenList.items.map((r: { id: number; rating: number }) => [r.id, r.rating])).toEqual([[reviewId, 2]]);

    // An admin shows it again: it counts again.
    const shown = await post(`/api/admin/reviews/${reviewId}/show`, {}, { ...admin.auth, ...en });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.hidden).toBeNull();
    expect((await page()).rating).toEqual({ average: 3.5, count: 2 });
    expect((await post(`/api/admin/reviews/${reviewId}/show`, {}, { ...admin.auth, ...en })).statusCode).toBe(409);
    const adminList = (await get(`/api/admin/reviews?status=visible&course_id=${course.id}`, admin.auth)).json().data;
    expect(adminList.items.map((r: { id: number }) => r.id)).toContain(reviewId);
    expect(adminList.total).toBe(2);
  });
});
