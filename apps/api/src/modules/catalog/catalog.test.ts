import { describe, expect, it } from 'vitest';
import { apiSuite, buildTestApp, createUser, inject, signedIn, testDatabase } from '../../../test/harness';
import { addLectures, createCategory, createCourse } from '../../../test/factories';
import { eq, inArray } from 'drizzle-orm';
import { enrollments, lectures as lectureRows, ratings, wishlist } from '../../db/schema';
import { courseCardRows } from '../../db/course-cards';
import { foldEnrolmentCounts } from '../../db/enrolment-count';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const suite = apiSuite();

const { get } = suite;
const details = (id: number | string, headers: Record<string, string> = {}, payload: unknown = { p_id: '' }) =>
  suite.inject({ method: 'POST', url: `/api/course/${id}/b`, headers, payload: payload as object });

async function rate(courseId: number, values: number[]) {
  const { db } = await testDatabase();
  for (const rating of values) {
    const p = await createUser('participant');
    await db.insert(enrollments).values({ participantId: p.id, courseId });
    await db.insert(ratings).values({ participantId: p.id, courseId, rating, message: `rated ${rating}` });
  }
}

describe('only approved courses are public', () => {
  it.each(['pending', 'rejected', 'draft'] as const)('a %s course is 404 on details and reviews, and absent from its category', async (status) => {
    const category = await createCategory();
    const hidden = await createCourse({ approveStatus: status, categoryId: category.id });
    expect((await details(hidden.id)).statusCode).toBe(404);
    expect((await get(`/api/public/course/${hidden.id}/reviews`)).statusCode).toBe(404);
    const list = (await get(`/api/public/category/${category.slug}`)).json().data;
    expect(list.items).toEqual([]);
    expect(list.total).toBe(0);
  });

  it('a deleted course is 404 and an unknown id is 404, in the envelope', async () => {
    const deleted = await createCourse({ deletedAt: new Date() });
    const res = await details(deleted.id, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'This course is not available.' });
    expect((await details(2_000_000_000)).statusCode).toBe(404);
  });

  it('a non-numeric course id is a 400 with a field message', async () => {
    const res = await details('abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('id');
  });
});

describe('home page', () => {
  it('counts a course as new from the day it is approved, not from the day its draft was started', async () => {
    const weeksAgo = new Date(Date.now() - 30 * 86_400_000);
    const approvedNow = await createCourse({ title: `Built slowly ${Date.now()}`, createdAt: weeksAgo, reviewedAt: new Date(Date.now() + 60_000) });
    // A server of its own: the home page is cached for a few seconds, and the other test reads it first.
    const server = await buildTestApp();
    const home = (await inject(server, { method: 'GET', url: '/api/public/home' })).json().data;
    await server.close();
    const first = home.newestCourses[0] as { id: number; createdAt: string; publishedAt: string };
    expect(first.id).toBe(approvedNow.id);
    expect(Date.parse(first.createdAt)).toBe(weeksAgo.getTime());
    const sorted = (await get('/api/public/search?sort=newest&perPage=1')).json().data.items as { id: number }[];
    expect(sorted[0]!.id).toBe(approvedNow.id);
  });

  it('lists top courses by rating, newest courses, and categories with public course counts', async () => {
    const category = await createCategory();
    const best = await createCourse({ categoryId: category.id, title: 'Best course' });
    const worse = await createCourse({ categoryId: category.id, title: 'Worse course' });
    await createCourse({ categoryId: category.id, approveStatus: 'pending' });
    await rate(best.id, [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
    await rate(worse.id, [1]);

    const home = (await get('/api/public/home')).json().data;
    const top = home.topCourses as { id: number; rating: { average: number } }[];
    expect(top.length).toBeGreaterThan(0);
    expect(top.map((c) => c.rating.average)).toEqual([...top.map((c) => c.rating.average)].sort((a, b) => b - a));
    const ids = top.map((c) => c.id);
    expect(ids).toContain(best.id);
    if (ids.includes(worse.id)) expect(ids.indexOf(best.id)).toBeLessThan(ids.indexOf(worse.id));

    const newest = home.newestCourses as { id: number; publishedAt: string }[];
    const times = newest.map((c) => Date.parse(c.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]).toBeGreaterThanOrEqual(worse.createdAt.getTime());

    const ours = home.categories.find((c: { id: number }) => c.id === category.id);
    expect(ours).toMatchObject({ slug: category.slug, name_ar: category.nameAr, name_en: category.nameEn, courseCount: 2 });
    // The footer lists every category, without counts (issue 25, point 7: six of them left the others unreachable).
    expect(home.footerCategories).toEqual(home.categories.map(({ courseCount: _count, ...c }: { courseCount: number }) => c));
  });
});

describe('category page', () => {
  it('finds the category by id or slug, paginates and sorts', async () => {
    const category = await createCategory();
    const prices = [30, 0, 10, 20, 50];
    for (const price of prices) await createCourse({ categoryId: category.id, price });
    const bySlug = (await get(`/api/public/category/${category.slug}?perPage=2&sort=price_asc`)).json().data;
    expect(bySlug.category).toMatchObject({ id: category.id, courseCount: 5 });
    expect(bySlug.total).toBe(5);
    expect(bySlug.items.map((c: { price: number }) => c.price)).toEqual([0, 10]);
    expect(bySlug.items[0].isFree).toBe(true);
    const page3 = (await get(`/api/public/category/${category.id}?perPage=2&page=3&sort=price_asc`)).json().data;
    expect(page3.items.map((c: { price: number }) => c.price)).toEqual([50]);
    const desc = (await get(`/api/public/category/${category.id}?sort=price_desc`)).json().data;
    expect(desc.items.map((c: { price: number }) => c.price)).toEqual([50, 30, 20, 10, 0]);
  });

  it('sorts by average rating and by enrolments', async () => {
    const category = await createCategory();
    const low = await createCourse({ categoryId: category.id });
    const high = await createCourse({ categoryId: category.id });
    const none = await createCourse({ categoryId: category.id });
    await rate(low.id, [2, 2, 2]);
    await rate(high.id, [5]);
    const byRating = (await get(`/api/public/category/${category.id}?sort=rating`)).json().data.items.map((c: { id: number }) => c.id);
    expect(byRating).toEqual([high.id, low.id, none.id]);
    // The figures are exact at once; the popular order reads the counters once folded (migration 0013), which the
    // server does every few seconds and this test does now.
    const cards = (await get(`/api/public/category/${category.id}?sort=newest`)).json().data.items as { id: number; enrollmentCount: number }[];
    expect(Object.fromEntries(cards.map((c) => [c.id, c.enrollmentCount]))).toEqual({ [low.id]: 3, [high.id]: 1, [none.id]: 0 });
    await foldEnrolmentCounts((await testDatabase()).db);
    const byPopularity = (await get(`/api/public/category/${category.id}?sort=popular`)).json().data.items.map((c: { id: number }) => c.id);
    expect(byPopularity).toEqual([low.id, high.id, none.id]);
  });

  it('is 404 for an unknown category and 400 for a bad sort', async () => {
    expect((await get('/api/public/category/no-such-category-anywhere')).statusCode).toBe(404);
    const bad = await get('/api/public/category/1?sort=sideways');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('sort');
  });
});

describe('course details: POST /api/course/{id}/b', () => {
  it('shows the outline with durations, playable free previews only, the instructor, ratings, reviews and similar courses', async () => {
    const category = await createCategory();
    const instructor = await createUser('instructor', { name: 'Dr. Outline' });
    const course = await createCourse({ categoryId: category.id, instructorId: instructor.id, description: '<p>Learn <strong>things</strong></p>' });
    const similar = await createCourse({ categoryId: category.id });
    await createCourse({ categoryId: category.id, approveStatus: 'rejected' });
    const { lectures } = await addLectures(course.id, 3, { freeFirst: true, durationSeconds: 125, video: 'videos/x.mp4' });
    await rate(course.id, [4, 5]);

    const res = await details(course.id);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ id: course.id, description: '<p>Learn <strong>things</strong></p>', lectureCount: 3, durationSeconds: 375, viewer: null });
    expect(d.sections[0].lectures).toEqual([
      { id: lectures[0]!.id, title: 'Lecture 1', durationSeconds: 125, isFreePreview: true, previewUrl: `/api/media/lecture/${lectures[0]!.id}`, previewStream: null, previewCaptions: [] },
      { id: lectures[1]!.id, title: 'Lecture 2', durationSeconds: 125, isFreePreview: false, previewUrl: null, previewStream: null, previewCaptions: [] },
      { id: lectures[2]!.id, title: 'Lecture 3', durationSeconds: 125, isFreePreview: false, previewUrl: null, previewStream: null, previewCaptions: [] },
    ]);
    expect(d.instructorProfile).toMatchObject({ id: instructor.id, name: 'Dr. Outline', courseCount: 1 });
    expect(d.rating).toEqual({ average: 4.5, count: 2 });
    expect(d.ratingDistribution).toEqual({ 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 });
    expect(d.reviews.total).toBe(2);
    expect(d.reviews.items[0]).toHaveProperty('participant.name');
    expect(JSON.stringify(d.reviews)).not.toContain('@');
    expect(d.similar.map((c: { id: number }) => c.id)).toEqual([similar.id]);
    expect(d).toMatchObject({ learnPoints: [], requirements: [], audience: [], promoVideoUrl: null, coverAlt: '' });
  });

  it('counts lectures and their seconds for the card whoever writes them: added, re-timed, moved to another course, deleted', async () => {
    const { db } = await testDatabase();
    const course = await createCourse();
    const other = await createCourse();
    // The card as every card list reads it (the public reads keep answers; these writes bypass the app).
    const card = async (id: number) => {
      const [row] = await courseCardRows(db, [id]);
      return { lectureCount: row!.lectureCount, durationSeconds: row!.durationSeconds };
    };
    const { lectures: added } = await addLectures(course.id, 3, { durationSeconds: 100 });
    expect(await card(course.id)).toEqual({ lectureCount: 3, durationSeconds: 300 });
    expect((await details(course.id)).json().data).toMatchObject({ lectureCount: 3, durationSeconds: 300 });
    // A statement touching several rows, as an admin in psql would write it.
    await db.update(lectureRows).set({ durationSeconds: 40 }).where(inArray(lectureRows.id, [added[0]!.id, added[1]!.id]));
    await db.update(lectureRows).set({ title: 'renamed' }).where(eq(lectureRows.id, added[2]!.id));
    expect(await card(course.id)).toEqual({ lectureCount: 3, durationSeconds: 180 });
    const { section: otherSection } = await addLectures(other.id, 1, { durationSeconds: 10 });
    await db.update(lectureRows).set({ courseId: other.id, sectionId: otherSection.id }).where(eq(lectureRows.id, added[2]!.id));
    await db.delete(lectureRows).where(eq(lectureRows.id, added[0]!.id));
    expect(await card(course.id)).toEqual({ lectureCount: 1, durationSeconds: 40 });
    expect(await card(other.id)).toEqual({ lectureCount: 2, durationSeconds: 110 });
  });

  it("carries the instructor's step 2 lists, the promo video and the cover's text alternative", async () => {
    const course = await createCourse({ learnPoints: ['Read a chart', 'Clean a table'], requirements: ['A laptop'], audience: ['Analysts'], promoVideo: 'videos/p.mp4', coverImage: 'covers/c.png', coverAlt: 'A chart on a screen' });
    const d = (await details(course.id)).json().data;
    expect(d).toMatchObject({
      learnPoints: ['Read a chart', 'Clean a table'],
      requirements: ['A laptop'],
      audience: ['Analysts'],
      promoVideoUrl: `/api/media/promo/${course.id}`,
      coverAlt: 'A chart on a screen',
    });
  });

  it('tells a signed-in participant whether they are enrolled and have wishlisted it', async () => {
    const course = await createCourse();
    const { user, auth } = await signedIn(suite.app, 'participant');
    expect((await details(course.id, auth, { p_id: user.id })).json().data.viewer).toEqual({ enrolled: false, wishlisted: false, rating: null, pendingPayment: null });
    const { db } = await testDatabase();
    await db.insert(enrollments).values({ participantId: user.id, courseId: course.id });
    await db.insert(wishlist).values({ participantId: user.id, courseId: course.id });
    expect((await details(course.id, auth)).json().data.viewer).toEqual({ enrolled: true, wishlisted: true, rating: null, pendingPayment: null });
  });

  it('tells a participant with a pending bank transfer how to pay, after any reload', async () => {
    const course = await createCourse({ price: 75 });
    const { auth } = await signedIn(suite.app, 'participant');
    const ordered = (await suite.inject({ method: 'POST', url: '/api/participant/enrollcourse/order', headers: auth, payload: { course_id: course.id } })).json().data;
    const viewer = (await details(course.id, auth)).json().data.viewer;
    expect(viewer).toMatchObject({ enrolled: false, pendingPayment: { provider: 'bank_transfer', reference: ordered.order.reference, amount: 75 } });
    expect(viewer.pendingPayment.bankDetails).toContain('IBAN');
  });

  it('answers the public with a bad or foreign token instead of refusing', async () => {
    const course = await createCourse();
    const { auth } = await signedIn(suite.app, 'instructor');
    for (const headers of [auth, { authorization: 'Bearer nonsense' }]) {
      const res = await details(course.id, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.viewer).toBeNull();
    }
  });

  it('pages through reviews', async () => {
    const course = await createCourse();
    await rate(course.id, Array.from({ length: 12 }, (_, i) => (i % 5) + 1));
    const p2 = (await get(`/api/public/course/${course.id}/reviews?page=2`)).json().data;
    expect(p2).toMatchObject({ page: 2, perPage: 10, total: 12 });
    expect(p2.items).toHaveLength(2);
  });
});

describe('public reads are served from memory and follow every change at once', () => {
  it('details, reviews and the category page show a new rating, a renamed instructor and an edited title on the next read', async () => {
    const { db } = await testDatabase();
    const category = await createCategory();
    const teacher = await signedIn(suite.app, 'instructor');
    const course = await createCourse({ categoryId: category.id, instructorId: teacher.user.id, price: 0 });
    const read = async () => ({
      details: (await details(course.id)).json().data,
      reviews: (await get(`/api/public/course/${course.id}/reviews?page=1`)).json().data,
      category: (await get(`/api/public/category/${category.slug}?page=1`)).json().data,
    });
    const before = await read();
    expect(before.details.rating.count).toBe(0);
    // A second read is the cached one: it stays put when the database changes behind the API's back…
    await db.insert(enrollments).values({ participantId: (await createUser('participant')).id, courseId: course.id });
    expect((await read()).details.enrollmentCount).toBe(before.details.enrollmentCount);

    // …and follows at once whatever changes through the API.
    const learner = await signedIn(suite.app, 'participant');
    expect((await suite.inject({ method: 'POST', url: '/api/participant/enrollcourse/order', headers: learner.auth, payload: { course_id: course.id } })).statusCode).toBe(200);
    expect((await suite.inject({ method: 'POST', url: '/api/participant/rating/add', headers: learner.auth, payload: { course_id: course.id, rating: 4, rating_message: 'واضح ومفيد' } })).statusCode).toBe(200);
    const rated = await read();
    expect(rated.details.rating).toEqual({ average: 4, count: 1 });
    expect(rated.reviews.items.map((r: { message: string }) => r.message)).toEqual(['واضح ومفيد']);
    expect(rated.category.items.find((c: { id: number }) => c.id === course.id).rating.count).toBe(1);

    const newName = `مدرّس Renamed${Date.now().toString(36)}`;
    expect((await suite.inject({ method: 'POST', url: '/api/instructor/update', headers: teacher.auth, payload: { name: newName, headline: 'Teacher' } })).statusCode).toBe(200);
    const renamed = await read();
    expect(renamed.details.instructorProfile.name).toBe(newName);
    expect(renamed.category.items.find((c: { id: number }) => c.id === course.id).instructor.name).toBe(newName);
    // The name is searched too: the course is found under the new one at once.
    const found = (await get(`/api/public/search?q=${encodeURIComponent(newName.split(' ')[1]!)}`)).json().data.items.map((c: { id: number }) => c.id);
    expect(found).toEqual([course.id]);

    const admin = await signedIn(suite.app, 'admin');
    const step1 = (await suite.inject({ method: 'GET', url: `/api/admin/course/edit/step1/${course.id}`, headers: admin.auth })).json().data;
    const edited = await suite.inject({
      method: 'POST',
      url: '/api/admin/course/addUpdate/step1',
      headers: admin.auth,
      payload: { id: course.id, title: 'عنوان بعد التعديل', subtitle: step1.subtitle, category_id: category.id, language: step1.language, level: step1.level, price: step1.price },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await read()).details.title).toBe('عنوان بعد التعديل');
  });
});

describe('the kept answers of anonymous reads', () => {
  it('are the same JSON in every encoding and per language, never a participant\'s own page, and bad input is still refused', async () => {
    const course = await createCourse({ price: 0 });
    const url = `/api/public/course/${course.id}/reviews?page=1`;
    const plain = await get(url, { 'accept-language': 'en' });
    const br = await get(url, { 'accept-language': 'en', 'accept-encoding': 'br' });
    const gzip = await get(url, { 'accept-language': 'en', 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect((await get(url, { 'accept-language': 'ar' })).json().message).not.toBe(plain.json().message);

    // Warm the anonymous course page, then ask as a participant: their own state, not the kept page.
    expect((await details(course.id)).json().data.viewer).toBeNull();
    const { auth } = await signedIn(suite.app, 'participant');
    await suite.inject({ method: 'POST', url: '/api/participant/wishlist/add', headers: auth, payload: { course_id: course.id } });
    expect((await details(course.id, auth)).json().data.viewer).toMatchObject({ enrolled: false, wishlisted: true });
    expect((await details(course.id)).json().data.viewer).toBeNull();
    expect((await details(course.id, {}, { p_id: true })).statusCode).toBe(400);
  });
});
