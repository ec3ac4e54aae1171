import { describe, expect, it } from 'vitest';

import { createCategory, createCourse } from '../../../test/factories';
import { authoringSuite, completeCourse, createDraft, expectOk, signedInCaller, type Caller } from './authoring.test-kit';

const suite = authoringSuite();

const publicGet = (url: string) => suite.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
/**
 * Public courses of a category as the (cached) home page counts them: categories are unique per
 * test, so other tests' courses never crowd ours out of the home page's short lists.
 */
const homeCount = async (categoryId: number) =>
  (expectOk(await publicGet('/api/public/home')).data.categories.find((c: { id: number }) => c.id === categoryId)?.courseCount ?? 0) as number;
const details = (id: number) => suite.inject({ method: 'POST', url: `/api/course/${id}/b`, payload: { p_id: '' } });
const review = (admin: Caller, id: number, approve_status: string, message = '') => admin.post('/api/admin/course/approvestatus', { id, approve_status, message });

describe('submitting for review', () => {
  it('saving step 6 before the required steps are complete saves the tags but keeps the draft, naming what is missing', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const { id } = await createDraft(api);
    const res = expectOk(await api.post('addUpdate/step6', { id, tags: ['early'] }));
    expect(res.message).toBe('Saved. Complete the missing steps to submit the course for review.');
    expect(res.data.tags.map((t: { name: string }) => t.name)).toEqual(['early']);
    expect(res.data.state).toMatchObject({ approve_status: 'draft', completion_status: 'incomplete', missing_steps: [2, 4], submitted_at: null });
  });

  it('a lecture without a video keeps step 4 incomplete; without a cover (step 3) or assessments (step 5) a course is submitted', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const noVideo = (await createDraft(api)).id;
    expectOk(await api.post('addUpdate/step2', { id: noVideo, description: '<p>x</p>', learn_points: ['x'] }));
    expectOk(await api.post('addUpdate/step4', { id: noVideo, sections: [{ title: 's', lectures: [{ title: 'no video yet' }] }] }));
    expect(expectOk(await api.post('addUpdate/step6', { id: noVideo, tags: ['x'] })).data.state).toMatchObject({ approve_status: 'draft', missing_steps: [4] });

    const { id } = await createDraft(api);
    const submitted = await completeCourse(api, id);
    expect(expectOk(await api.get(`edit/step3/${id}`)).data).toMatchObject({ cover_image_url: null, promo_video_url: null });
    expect(expectOk(await api.get(`edit/step5/${id}`)).data.assessments).toEqual([]);
    expect(submitted.data.state).toMatchObject({ approve_status: 'pending', missing_steps: [] });
  });
});

describe('the review workflow end to end', () => {
  it('submit → pending; approve → public on the home and category pages; reject with a message → the instructor sees it; fix and resubmit → pending', async () => {
    const instructor = await signedInCaller(suite.app, 'instructor');
    const admin = await signedInCaller(suite.app, 'admin');
    const category = await createCategory();
    const { id } = await createDraft(instructor.api, { category_id: category.id });

    const submitted = await completeCourse(instructor.api, id);
    expect(submitted.message).toBe('Your course was submitted for review.');
    expect(submitted.data.state).toMatchObject({ approve_status: 'pending', completion_status: 'complete', missing_steps: [], is_public: false });
    expect(submitted.data.state.submitted_at).not.toBeNull();
    expect((await details(id)).statusCode).toBe(404);
    const pendingList = expectOk(await admin.api.post('/api/admin/course/list?page=1', { approve_status: 'pending', perPage: 100, sortConfig: { key: 'submitted_at', direction: 'desc' } })).data;
    expect(pendingList.items.map((c: { id: number }) => c.id)).toContain(id);

    const rejected = expectOk(await review(admin.api, id, 'rejected', 'Please add a <b>cover</b> and fix lecture 2.'));
    expect(rejected.message).toBe('The course was sent back to the instructor with your message.');
    expect(rejected.data.state).toMatchObject({ approve_status: 'rejected', review_message: 'Please add a cover and fix lecture 2.', is_public: false });
    const seen = expectOk(await instructor.api.get(`edit/step1/${id}`)).data.state;
    expect(seen).toMatchObject({ approve_status: 'rejected', review_message: 'Please add a cover and fix lecture 2.' });
    const item = expectOk(await instructor.api.post('/api/instructor/mycourse/list?page=1', { approve_status: 'rejected' })).data.items[0];
    expect(item).toMatchObject({ id, approve_status: 'rejected', review_message: 'Please add a cover and fix lecture 2.' });
    expect(await homeCount(category.id)).toBe(0);

    // Edits of a rejected course stay rejected until step 6 is saved again.
    expect(expectOk(await instructor.api.post('addUpdate/step3', { id, cover_alt: 'fixed' })).data.state.approve_status).toBe('rejected');
    const resubmitted = expectOk(await instructor.api.post('addUpdate/step6', { id, tags: ['calligraphy', 'fixed'] }));
    expect(resubmitted.message).toBe('Your course was submitted for review.');
    expect(resubmitted.data.state.approve_status).toBe('pending');

    const approved = expectOk(await review(admin.api, id, 'approved'));
    expect(approved.message).toBe('The course is approved and now public.');
    expect(approved.data.state).toMatchObject({ approve_status: 'approved', is_public: true, review_message: '' });
    expect(await homeCount(category.id)).toBe(1);
    const categoryPage = expectOk(await publicGet(`/api/public/category/${category.slug}`)).data;
    expect(categoryPage.items.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await details(id)).statusCode).toBe(200);
  });

  it('refuses to reject without a message, to review a draft, and to review an unknown course', async () => {
    const instructor = await signedInCaller(suite.app, 'instructor');
    const admin = await signedInCaller(suite.app, 'admin');
    const draft = await createDraft(instructor.api);
    const silent = await review(admin.api, draft.id, 'rejected', '  <i></i> ');
    expect(silent.statusCode).toBe(400);
    expect(silent.json().errors).toEqual({ message: 'Tell the instructor what to fix.' });
    const notSubmitted = await review(admin.api, draft.id, 'approved');
    expect(notSubmitted.statusCode).toBe(409);
    expect(notSubmitted.json().message).toBe('This course has not been submitted for review yet.');
    expect((await review(admin.api, 2_000_000_000, 'approved')).statusCode).toBe(404);
    const badStatus = await review(admin.api, draft.id, 'published');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().errors).toHaveProperty('approve_status');
  });
});

describe('an approved course being edited', () => {
  async function approvedCourse() {
    const instructor = await signedInCaller(suite.app, 'instructor');
    const admin = await signedInCaller(suite.app, 'admin');
    const category = await createCategory();
    const { id } = await createDraft(instructor.api, { category_id: category.id });
    await completeCourse(instructor.api, id);
    expectOk(await review(admin.api, id, 'approved'));
    return { instructor: instructor.api, admin: admin.api, id, category };
  }

  it('stays approved and public; the change shows in the catalog at once and updated_at moves; saving step 6 again does not resubmit', async () => {
    const { instructor, id, category } = await approvedCourse();
    const before = expectOk(await instructor.get(`edit/step1/${id}`)).data;
    const moved = await createCategory();
    expect([await homeCount(category.id), await homeCount(moved.id)]).toEqual([1, 0]);
    const saved = expectOk(
      await instructor.post('addUpdate/step1', { id, title: 'A better title', subtitle: before.subtitle, category_id: moved.id, language: before.language, level: before.level, price: before.price }),
    ).data;
    expect(saved.state).toMatchObject({ approve_status: 'approved', is_public: true });
    expect(Date.parse(saved.state.updated_at)).toBeGreaterThan(Date.parse(before.state.updated_at));
    // The home page is cached: it follows at once only because the edit dropped the cache.
    expect([await homeCount(category.id), await homeCount(moved.id)]).toEqual([0, 1]);
    expect((await details(id)).json().data.title).toBe('A better title');
    const step6 = expectOk(await instructor.post('addUpdate/step6', { id, tags: ['more', 'tags'] }));
    expect(step6.message).toBe('Saved.');
    expect(step6.data.state.approve_status).toBe('approved');
  });

  it('may not lose a required step: removing the last lecture or its video is refused with 409 and nothing changes', async () => {
    const { instructor, id } = await approvedCourse();
    const outline = expectOk(await instructor.get(`edit/step4/${id}`)).data;
    const [first, second] = outline.sections[0].lectures;
    expectOk(await instructor.get(`step4/lecture/delete/${id}/${first.id}`));
    const last = await instructor.get(`step4/lecture/delete/${id}/${second.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('This course is public, so it must stay complete (step 4 would be missing). Add the replacement first, or ask an admin to unpublish the course.');
    const unlink = await instructor.post('step4/unlink', { id, lecture_id: second.id });
    expect(unlink.statusCode).toBe(409);
    const tag = expectOk(await instructor.get(`edit/step6/${id}`)).data.tags[0];
    expect((await instructor.get(`step6/tag/delete/${id}/${tag.id}`)).statusCode).toBe(409);
    const after = expectOk(await instructor.get(`edit/step4/${id}`)).data;
    expect(after.sections[0].lectures.map((l: { id: number; has_video: boolean }) => [l.id, l.has_video])).toEqual([[second.id, true]]);
    expect(after.state.approve_status).toBe('approved');
    expect((await details(id)).statusCode).toBe(200);
  });

  it('approved before these rules (steps missing): still editable, only a step it had may not be lost', async () => {
    const { api, user } = await signedInCaller(suite.app, 'instructor');
    const category = await createCategory();
    const legacy = await createCourse({ instructorId: user.id, categoryId: category.id, approveStatus: 'approved', completionStatus: 'complete' });
    const saved = expectOk(await api.post('addUpdate/step1', { id: legacy.id, title: 'Still editable', subtitle: '', category_id: category.id, language: 'en', level: 'all', price: 0 })).data;
    expect(saved.state).toMatchObject({ approve_status: 'approved', completion_status: 'incomplete', missing_steps: [2, 4, 6] });
    expectOk(await api.post('addUpdate/step2', { id: legacy.id, description: '<p>now</p>', learn_points: ['x'] }));
    const emptied = await api.post('addUpdate/step2', { id: legacy.id, description: '', learn_points: [] });
    expect(emptied.statusCode).toBe(409);
    expect(emptied.json().message).toContain('step 2 would be missing');
  });

  it('is unpublished (off the catalog at once) when an admin rejects it', async () => {
    const { admin, id, category } = await approvedCourse();
    expect(await homeCount(category.id)).toBe(1);
    expectOk(await review(admin, id, 'rejected', 'Taken down: outdated content.'));
    expect(await homeCount(category.id)).toBe(0);
    expect((await details(id)).statusCode).toBe(404);
  });
});

describe('a pending course that loses a required step', () => {
  it('is withdrawn from review (draft) and goes back to pending when complete and step 6 is saved again', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const { id } = await createDraft(api);
    await completeCourse(api, id);
    const outline = expectOk(await api.get(`edit/step4/${id}`)).data;
    const lecture = outline.sections[0].lectures[0];
    const res = expectOk(await api.post('step4/unlink', { id, lecture_id: lecture.id }));
    expect(res.message).toBe('Saved. The course is no longer complete, so it was withdrawn from review. Complete it and save step 6 again.');
    expect(res.data.state).toMatchObject({ approve_status: 'draft', completion_status: 'incomplete', missing_steps: [4] });
    expectOk(await api.get(`step4/lecture/delete/${id}/${lecture.id}`));
    expect(expectOk(await api.post('addUpdate/step6', { id, tags: ['again'] })).data.state.approve_status).toBe('pending');
  });
});
