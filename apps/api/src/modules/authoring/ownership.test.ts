import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { instructorAuthoringRoutes } from '@nibras/contract';
import { testDatabase } from '../../../test/harness';
import { createCategory, enrollParticipant } from '../../../test/factories';
import { courses } from '../../db/schema';
import { IMAGE, VIDEO, authoringSuite, completeCourse, createDraft, expectOk, signedInCaller, type Caller } from './authoring.test-kit';

const suite = authoringSuite();
const { uploads } = suite;

function storedFiles(): string[] {
  if (!existsSync(uploads)) return [];
  return readdirSync(uploads, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

/** A course with something in every step, and the ids of one item of each kind. */
async function fullCourse(api: Caller) {
  const { id } = await createDraft(api);
  const unique = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await completeCourse(api, id, { tags: [unique] });
  expectOk(await api.upload('step3/upload', { id, field: 'cover' }, IMAGE));
  const step4 = expectOk(await api.get(`edit/step4/${id}`)).data;
  const step5 = expectOk(
    await api.post('addUpdate/step5', {
      id,
      assessment: { title: 'Quiz', pass_mark: 50, questions: [{ type: 'multiple', text: 'q', options: [{ text: 'a', is_correct: true }, { text: 'b', is_correct: true }, { text: 'c', is_correct: false }] }, { type: 'short', text: 's' }] },
    }),
  ).data;
  const bank = expectOk(await api.post('addUpdate/step5/topic', { id, topic: { title: 'Topic', questions: [{ type: 'short', text: 'banked' }] } })).data;
  const step6 = expectOk(await api.get(`edit/step6/${id}`)).data;
  const assessment = step5.assessments[0];
  return {
    course: id,
    section: step4.sections[0].id as number,
    lecture: step4.sections[0].lectures[0].id as number,
    assessment: assessment.id as number,
    question: assessment.questions[0].id as number,
    otherQuestion: assessment.questions[1].id as number,
    option: assessment.questions[0].options[2].id as number,
    tag: step6.tags[0].id as number,
    topic: bank.topics[0].id as number,
  };
}
type Ids = Awaited<ReturnType<typeof fullCourse>>;

/** Everything the owner can read of the course, with the signed URLs reduced to "has a file". */
async function snapshot(owner: Caller, id: number) {
  const whole = expectOk(await owner.get(`list/${id}/b`)).data;
  return JSON.parse(JSON.stringify(whole).replace(/"\/api\/[a-z]+\/course\/media\?t=[^"]+"/g, '"file"'));
}

/** One request per course route of the contract, aimed at the course and items in `ids`. */
function everyCourseRoute(api: Caller, ids: Ids) {
  const c = ids.course;
  return {
    step1: async () => api.post('addUpdate/step1', { id: c, title: 'Taken over', subtitle: '', category_id: (await createCategory()).id, language: 'en', level: 'all', price: 0 }),
    step2: () => api.post('addUpdate/step2', { id: c, description: '<p>x</p>', learn_points: ['x'] }),
    step3: () => api.post('addUpdate/step3', { id: c, cover_alt: 'x' }),
    step4: () => api.post('addUpdate/step4', { id: c, sections: [] }),
    step5: () => api.post('addUpdate/step5', { id: c, assessment: { id: ids.assessment, title: 'x', pass_mark: 1, questions: [] } }),
    step6: () => api.post('addUpdate/step6', { id: c, tags: ['x'] }),
    edit1: () => api.get(`edit/step1/${c}`),
    edit2: () => api.get(`edit/step2/${c}`),
    edit3: () => api.get(`edit/step3/${c}`),
    edit4: () => api.get(`edit/step4/${c}`),
    edit5: () => api.get(`edit/step5/${c}`),
    edit6: () => api.get(`edit/step6/${c}`),
    step3Upload: () => api.upload('step3/upload', { id: c, field: 'cover' }, IMAGE),
    step3Unlink: () => api.post('step3/unlink', { id: c, field: 'cover' }),
    step4Upload: () => api.upload('step4/upload', { id: c, lecture_id: ids.lecture }, VIDEO),
    step4Unlink: () => api.post('step4/unlink', { id: c, lecture_id: ids.lecture }),
    step4Captions: () => api.post('step4/captions', { id: c, lecture_id: ids.lecture, lang: 'ar', text: 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nx\n' }),
    deleteCaptions: () => api.get(`step4/captions/delete/${c}/${ids.lecture}/ar`),
    step4Article: () => api.post('step4/article', { id: c, lecture_id: ids.lecture, html: '<p>x</p>' }),
    // The course is checked before the resource is looked for: any id.
    deleteResource: () => api.get(`step4/resource/delete/${c}/1`),
    section: () => api.get(`step4/section/${c}/${ids.section}`),
    deleteSection: () => api.get(`step4/section/delete/${c}/${ids.section}`),
    lecture: () => api.get(`step4/lecture/${c}/${ids.lecture}`),
    deleteLecture: () => api.get(`step4/lecture/delete/${c}/${ids.lecture}`),
    assessment: () => api.get(`step5/assessment/${ids.assessment}`),
    deleteAssessment: () => api.get(`step5/assessment/delete/${ids.assessment}`),
    step5Topic: () => api.post('addUpdate/step5/topic', { id: c, topic: { id: ids.topic, title: 'x', questions: [] } }),
    deleteTopic: () => api.get(`step5/topic/delete/${ids.topic}`),
    question: () => api.get(`step5/question/${ids.question}`),
    deleteQuestion: () => api.get(`step5/question/delete/${ids.question}`),
    option: () => api.get(`step5/option/${ids.option}`),
    deleteOption: () => api.get(`step5/option/delete/${ids.option}`),
    tag: () => api.get(`step6/tag/${ids.tag}?course_id=${c}`),
    deleteTag: () => api.get(`step6/tag/delete/${c}/${ids.tag}`),
    whole: () => api.get(`list/${c}/b`),
    deleteCourse: () => api.get(`delete/${c}`),
  };
}

describe("an instructor and someone else's course", () => {
  it('gets 403 on every authoring route of the contract, and nothing changes', async () => {
    const a = await signedInCaller(suite.app, 'instructor');
    const b = await signedInCaller(suite.app, 'instructor');
    const ids = await fullCourse(a.api);
    const before = await snapshot(a.api, ids.course);
    const files = storedFiles();
    const requests = everyCourseRoute(b.api, ids);
    // A route added to the contract later must be added here too.
    const listRoutes = ['myCourses', 'recentCourses', 'dashboard'];
    expect(Object.keys(requests).sort()).toEqual(Object.keys(instructorAuthoringRoutes).filter((k) => !listRoutes.includes(k)).sort());
    const wrong: string[] = [];
    for (const [name, send] of Object.entries(requests)) {
      const res = await send();
      if (res.statusCode !== 403 || res.json().message !== 'You can only manage your own courses.') wrong.push(`${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(a.api, ids.course)).toEqual(before);
    expect(storedFiles()).toEqual(files);

    const listed = expectOk(await b.api.post('/api/instructor/mycourse/list?page=1', {})).data;
    expect(listed.items.map((c: { id: number }) => c.id)).not.toContain(ids.course);
    expect(expectOk(await b.api.get('/api/instructor/recentcourse/list')).data).toEqual([]);
    expect(expectOk(await b.api.get('/api/instructor/dashboard')).data.courses.total).toBe(0);
  });

  it("cannot reach into another course by smuggling its ids into a request on their own course (4xx, nothing changed)", async () => {
    const a = await signedInCaller(suite.app, 'instructor');
    const b = await signedInCaller(suite.app, 'instructor');
    const theirs = await fullCourse(a.api);
    const mine = await fullCourse(b.api);
    const before = await snapshot(a.api, theirs.course);
    const mineBefore = await snapshot(b.api, mine.course);
    const files = storedFiles();
    const step4 = expectOk(await b.api.get(`edit/step4/${mine.course}`)).data;
    const myOutline = step4.sections.map((s: { id: number; title: string; lectures: { id: number; title: string }[] }) => ({ id: s.id, title: s.title, lectures: s.lectures.map((l) => ({ id: l.id, title: l.title })) }));
    const step5 = expectOk(await b.api.get(`edit/step5/${mine.course}`)).data.assessments[0];
    const myQuestions = step5.questions.map((q: { id: number; type: string; text: string; options: { id: number; text: string; is_correct: boolean }[] }) => ({
      id: q.id,
      type: q.type,
      text: q.text,
      options: q.options.map((o) => ({ id: o.id, text: o.text, is_correct: o.is_correct })),
    }));
    const c = mine.course;
    const attempts: [string, () => ReturnType<Caller['get']>, number, string?][] = [
      ['their section in my outline', () => b.api.post('addUpdate/step4', { id: c, sections: [...myOutline, { id: theirs.section, title: 'mine now', lectures: [] }] }), 400, `sections.${myOutline.length}.id`],
      ['their lecture in my section', () => b.api.post('addUpdate/step4', { id: c, sections: [{ ...myOutline[0], lectures: [...myOutline[0].lectures, { id: theirs.lecture, title: 'mine now' }] }] }), 400, `sections.0.lectures.${myOutline[0].lectures.length}.id`],
      ['their section under my course in the path', () => b.api.get(`step4/section/${c}/${theirs.section}`), 404],
      ['their section deleted through my course', () => b.api.get(`step4/section/delete/${c}/${theirs.section}`), 404],
      ['their lecture under my course in the path', () => b.api.get(`step4/lecture/${c}/${theirs.lecture}`), 404],
      ['their lecture deleted through my course', () => b.api.get(`step4/lecture/delete/${c}/${theirs.lecture}`), 404],
      ['a video for their lecture through my course', () => b.api.upload('step4/upload', { id: c, lecture_id: theirs.lecture }, VIDEO), 400, 'lecture_id'],
      ['their lecture video unlinked through my course', () => b.api.post('step4/unlink', { id: c, lecture_id: theirs.lecture }), 400, 'lecture_id'],
      ['their assessment saved through my course', () => b.api.post('addUpdate/step5', { id: c, assessment: { id: theirs.assessment, title: 'x', pass_mark: 1, questions: [] } }), 400, 'assessment.id'],
      [
        'their question in my assessment',
        () => b.api.post('addUpdate/step5', { id: c, assessment: { id: step5.id, title: 'x', pass_mark: 1, questions: [...myQuestions, { id: theirs.question, type: 'short', text: 'mine now' }] } }),
        400,
        `assessment.questions.${myQuestions.length}.id`,
      ],
      [
        'their option under my question',
        () =>
          b.api.post('addUpdate/step5', {
            id: c,
            assessment: { id: step5.id, title: 'x', pass_mark: 1, questions: [{ ...myQuestions[0], options: [...myQuestions[0].options, { id: theirs.option, text: 'mine', is_correct: false }] }, myQuestions[1]] },
          }),
        400,
        `assessment.questions.0.options.${myQuestions[0].options.length}.id`,
      ],
      [
        'an option of my other question moved under this one',
        () =>
          b.api.post('addUpdate/step5', {
            id: c,
            assessment: { id: step5.id, title: 'x', pass_mark: 1, questions: [myQuestions[0], { ...myQuestions[1], type: 'single', options: [myQuestions[0].options[0], { text: 'n', is_correct: false }] }] },
          }),
        400,
        'assessment.questions.1.options.0.id',
      ],
      ['their tag read through my course', () => b.api.get(`step6/tag/${theirs.tag}?course_id=${c}`), 404],
      ['their tag removed through my course', () => b.api.get(`step6/tag/delete/${c}/${theirs.tag}`), 404],
    ];
    const wrong: string[] = [];
    for (const [what, send, status, field] of attempts) {
      const res = await send();
      if (res.statusCode !== status || (field && !res.json().errors?.[field])) wrong.push(`${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(a.api, theirs.course)).toEqual(before);
    expect(await snapshot(b.api, mine.course)).toEqual(mineBefore);
    expect(storedFiles()).toEqual(files);
  });
});

describe('admins', () => {
  it("edit any course through every step, see it whole at list/{id}/a, and the instructor sees the admin's changes", async () => {
    const owner = await signedInCaller(suite.app, 'instructor');
    const admin = await signedInCaller(suite.app, 'admin');
    const ids = await fullCourse(owner.api);
    const category = await createCategory();
    const step1 = { id: ids.course, title: 'Edited by the admin', subtitle: 'x', category_id: category.id, language: 'en', level: 'advanced', price: 12.5 };
    expect(expectOk(await admin.api.post('addUpdate/step1', step1)).data).toMatchObject({ ...step1, instructor_id: owner.user.id });
    expectOk(await admin.api.post('addUpdate/step2', { id: ids.course, description: '<p>admin</p>', learn_points: ['a'] }));
    expectOk(await admin.api.post('addUpdate/step3', { id: ids.course, cover_alt: 'admin alt' }));
    expectOk(await admin.api.upload('step3/upload', { id: ids.course, field: 'promo' }, VIDEO));
    const outline = expectOk(await admin.api.get(`edit/step4/${ids.course}`)).data;
    expectOk(await admin.api.get(`step4/lecture/${ids.course}/${ids.lecture}`));
    expectOk(await admin.api.upload('step4/upload', { id: ids.course, lecture_id: outline.sections[0].lectures[1].id }, VIDEO));
    expectOk(await admin.api.get(`step5/option/delete/${ids.option}`));
    expectOk(await admin.api.post('addUpdate/step6', { id: ids.course, tags: ['admin-tag'] }));
    const whole = expectOk(await admin.api.get(`list/${ids.course}/a`)).data;
    expect(whole).toMatchObject({
      id: ids.course,
      step1: { title: 'Edited by the admin', instructor: { id: owner.user.id } },
      step2: { description: '<p>admin</p>' },
      step3: { cover_alt: 'admin alt' },
      step6: { tags: [{ name: 'admin-tag' }] },
    });
    expect(whole.step5.assessments[0].questions[0].options).toHaveLength(2);
    const seen = expectOk(await owner.api.get(`list/${ids.course}/b`)).data;
    expect(seen.step1.title).toBe('Edited by the admin');
    expect(seen.step3.promo_video_url).not.toBeNull();
    const adminList = expectOk(await admin.api.post('/api/admin/course/list?page=1', { search: 'Edited by the admin' })).data;
    expect(adminList.items.map((c: { id: number }) => c.id)).toContain(ids.course);
  });

  it('create a course for a named instructor, who then owns it', async () => {
    const owner = await signedInCaller(suite.app, 'instructor');
    const admin = await signedInCaller(suite.app, 'admin');
    const course = await createDraft(admin.api, { instructor_id: owner.user.id, title: 'Made for you' });
    expect(expectOk(await owner.api.get(`edit/step1/${course.id}`)).data.instructor_id).toBe(owner.user.id);
    expect(expectOk(await owner.api.post('/api/instructor/mycourse/list?page=1', {})).data.items.map((c: { id: number }) => c.id)).toEqual([course.id]);
  });
});

describe('deleting a course', () => {
  it('is refused while participants are enrolled, or an order waits for payment; the course stays', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const enrolled = await createDraft(api);
    await enrollParticipant(enrolled.id);
    const res = await api.get(`delete/${enrolled.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This course has enrolled participants and cannot be deleted. Unpublish it instead: an admin can reject it to take it off the site.');
    expect((await api.get(`edit/step1/${enrolled.id}`)).statusCode).toBe(200);

    const ordered = await createDraft(api);
    await enrollParticipant(ordered.id, { amount: 20, status: 'pending' });
    const pending = await api.get(`delete/${ordered.id}`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toMatch(/orders/);
    const admin = (await signedInCaller(suite.app, 'admin')).api;
    expect((await admin.get(`delete/${ordered.id}`)).statusCode).toBe(409);
  });

  it('removes an empty course and every file it had from disk', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const ids = await fullCourse(api);
    expectOk(await api.upload('step3/upload', { id: ids.course, field: 'promo' }, VIDEO));
    const { db } = await testDatabase();
    const [row] = await db.select().from(courses).where(eq(courses.id, ids.course));
    const whole = await snapshot(api, ids.course);
    expect(whole.step4.sections[0].lectures.every((l: { has_video: boolean }) => l.has_video)).toBe(true);
    const before = storedFiles();
    const keys = [row!.coverImage!, row!.promoVideo!];
    for (const key of keys) expect(existsSync(path.join(uploads, key))).toBe(true);

    const res = expectOk(await api.get(`delete/${ids.course}`));
    expect(res).toMatchObject({ message: 'The course was deleted.', data: { id: ids.course } });
    for (const key of keys) expect(existsSync(path.join(uploads, key))).toBe(false);
    // cover + promo + two lecture videos
    expect(before.length - storedFiles().length).toBe(4);
    expect((await db.select().from(courses).where(eq(courses.id, ids.course))).length).toBe(0);
    expect((await api.get(`edit/step1/${ids.course}`)).statusCode).toBe(404);
    expect((await api.get(`delete/${ids.course}`)).statusCode).toBe(404);
  });

  it('keeps the row of a course whose orders were all cancelled (for the order history), but it is gone with its files', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const ids = await fullCourse(api);
    await enrollParticipant(ids.course, { amount: 10, status: 'cancelled' });
    const before = storedFiles().length;
    expectOk(await api.get(`delete/${ids.course}`));
    expect(before - storedFiles().length).toBe(3);
    expect((await api.get(`list/${ids.course}/b`)).statusCode).toBe(404);
    expect(expectOk(await api.post('/api/instructor/mycourse/list?page=1', {})).data.total).toBe(0);
    const { db } = await testDatabase();
    const [row] = await db.select().from(courses).where(eq(courses.id, ids.course));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('of a public course takes it off the catalog at once', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const category = await createCategory();
    const { id } = await createDraft(api, { category_id: category.id });
    await completeCourse(api, id);
    const admin = (await signedInCaller(suite.app, 'admin')).api;
    expectOk(await admin.post('/api/admin/course/approvestatus', { id, approve_status: 'approved', message: '' }));
    // Counted on the cached home page: only a dropped cache shows the deletion at once.
    const homeCount = async () => expectOk(await suite.inject({ method: 'GET', url: '/api/public/home' })).data.categories.find((c: { id: number }) => c.id === category.id)?.courseCount ?? 0;
    expect(await homeCount()).toBe(1);
    expectOk(await admin.get(`delete/${id}`));
    expect(await homeCount()).toBe(0);
  });
});
