import { describe, expect, it } from 'vitest';
import { apiSuite, signedIn } from '../../../test/harness';
import { createCategory, createCourse } from '../../../test/factories';

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
