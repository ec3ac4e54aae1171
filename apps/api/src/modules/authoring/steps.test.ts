import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { createUser, testDatabase } from '../../../test/harness';
import { createCategory } from '../../../test/factories';
import { courses, lectures } from '../../db/schema';
import { CLIP, CLIP_SECONDS, authoringSuite, createDraft, expectOk, signedInCaller, step1Body, type Caller } from './authoring.test-kit';

const suite = authoringSuite();
const { uploads } = suite;

const instructor = () => signedInCaller(suite.app, 'instructor').then((s) => s.api);

/** The step's answer without its state: what edit/stepN must give back. */
const withoutState = ({ state: _state, ...data }: Record<string, unknown>) => data;

describe('step 1: basic info', () => {
  it('creates a draft owned by the instructor, and edit/step1 returns exactly what was saved', async () => {
    const api = await instructor();
    const body = await step1Body({ title: 'Python من الصفر', subtitle: 'خطوة بخطوة', language: 'ar', level: 'intermediate', price: 19.99 });
    const created = expectOk(await api.post('addUpdate/step1', body));
    expect(created.message).toBe('Course created. Continue with the next step.');
    expect(created.data).toMatchObject({ ...body, category: { id: body.category_id } });
    expect(created.data.state).toMatchObject({ approve_status: 'draft', completion_status: 'incomplete', missing_steps: [2, 4, 6], is_public: false });
    const read = expectOk(await api.get(`edit/step1/${created.data.id}`)).data;
    expect(withoutState(read)).toEqual(withoutState(created.data));

    const changed = { ...(await step1Body()), id: created.data.id, title: 'Python for everyone', subtitle: '', language: 'en', level: 'all', price: 0 };
    const updated = expectOk(await api.post('addUpdate/step1', changed));
    expect(updated.message).toBe('Saved.');
    expect(updated.data).toMatchObject({ ...changed });
    expect(withoutState(expectOk(await api.get(`edit/step1/${created.data.id}`)).data)).toEqual(withoutState(updated.data));
  });

  it('accepts an empty or null id as "new" and refuses a price with more than two decimals, an unknown category and a tag-only title', async () => {
    const api = await instructor();
    for (const id of ['', null]) expect((await api.post('addUpdate/step1', await step1Body({ id }))).statusCode).toBe(200);
    const cents = await api.post('addUpdate/step1', await step1Body({ price: 10.123 }));
    expect(cents.statusCode).toBe(400);
    expect(cents.json().errors).toEqual({ price: 'Use at most two decimal places.' });
    const category = await api.post('addUpdate/step1', await step1Body({ category_id: 2_000_000_000 }));
    expect(category.statusCode).toBe(400);
    expect(category.json().errors).toEqual({ category_id: 'This category does not exist.' });
    const title = await api.post('addUpdate/step1', await step1Body({ title: '<b></b><i>  </i>' }));
    expect(title.statusCode).toBe(400);
    expect(title.json().errors).toHaveProperty('title');
    // Entity-encoded markup is no title either: it is removed, not decoded into a tag.
    const encoded = await api.post('addUpdate/step1', await step1Body({ title: '&lt;img src=x onerror=alert(1)&gt;' }));
    expect(encoded.statusCode).toBe(400);
    expect(encoded.json().errors).toHaveProperty('title');
    const missing = await api.post('addUpdate/step1', { title: 'Only a title' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['category_id', 'language', 'level', 'price']);
  });

  it('takes no wrong type for a number: null, true, [], "" or nested arrays are a 400 on the field, and nothing is stored', async () => {
    const admin = (await signedInCaller(suite.app, 'admin')).api;
    const api = await instructor();
    const draft = await createDraft(api, { price: 19.99 });
    const { db } = await testDatabase();
    const title = `Forged ${Date.now()}`;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<unknown>(null, true, false, [], '', [[1]], [0], {}, 'free'), fc.constantFrom<unknown>(true, [], [[1]], 1.5, '1e0', {}), async (price, id) => {
        const priced = await api.post('addUpdate/step1', { ...(await step1Body({ title, price })), id: draft.id });
        expect(priced.statusCode).toBe(400);
        expect(Object.keys(priced.json().errors)).toEqual(['price']);
        // `{"id": true}` once meant course 1; an admin may edit any course, so try it as one.
        const forged = await admin.post('addUpdate/step1', await step1Body({ title, id, instructor_id: (await createUser('instructor')).id }));
        expect(forged.statusCode).toBe(400);
        expect(Object.keys(forged.json().errors)).toEqual(['id']);
      }),
      { numRuns: 12 },
    );
    const [kept] = await db.select().from(courses).where(eq(courses.id, draft.id));
    expect(kept!.priceMinor).toBe(1999);
    expect(await db.select().from(courses).where(eq(courses.title, title))).toEqual([]);
    const typed = await api.post('addUpdate/step1', { ...(await step1Body({ price: '' })), id: draft.id });
    expect(typed.json().errors).toEqual({ price: 'This field is required.' });
  });

  it('an instructor can never name another owner; an admin must name one when creating', async () => {
    const api = await instructor();
    const other = await createUser('instructor');
    const res = await api.post('addUpdate/step1', await step1Body({ instructor_id: other.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ instructor_id: 'This field is not accepted.' });

    const admin = (await signedInCaller(suite.app, 'admin')).api;
    const unnamed = await admin.post('addUpdate/step1', await step1Body());
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors).toEqual({ instructor_id: 'Choose the instructor who will own this course.' });
    const participant = await createUser('participant');
    const notInstructor = await admin.post('addUpdate/step1', await step1Body({ instructor_id: participant.id }));
    expect(notInstructor.json().errors).toEqual({ instructor_id: 'This instructor does not exist.' });
    const named = expectOk(await admin.post('addUpdate/step1', await step1Body({ instructor_id: other.id }))).data;
    expect(named).toMatchObject({ instructor_id: other.id, instructor: { id: other.id, name: other.name } });
  });
});

describe('step 2: content', () => {
  it('stores sanitised rich text and plain lines, and edit/step2 returns exactly what was saved', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const clean = { id, description: '<h2>عن الدورة</h2><p dir="rtl">تعلّم <strong>الخط</strong> <a href="https://example.com">هنا</a></p>', learn_points: ['الإمساك بالقلم', 'Letter shapes'], requirements: ['قلم قصب'], audience: ['Beginners'] };
    const saved = expectOk(await api.post('addUpdate/step2', clean)).data;
    expect(saved).toMatchObject({ ...clean, description: '<h2>عن الدورة</h2><p dir="rtl">تعلّم <strong>الخط</strong> <a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">هنا</a></p>' });
    expect(withoutState(expectOk(await api.get(`edit/step2/${id}`)).data)).toEqual(withoutState(saved));
    expect(saved.state.missing_steps).toEqual([4, 6]);
  });

  it('removes scripts, event handlers and javascript: links, strips tags from the lists and drops empty lines', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const saved = expectOk(
      await api.post('addUpdate/step2', {
        id,
        description: '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><iframe src="//evil"></iframe></p>',
        learn_points: ['<b>Bold</b>   point', '<script>alert(1)</script>', '   '],
        requirements: ['<a href="https://x">link</a>'],
        audience: [],
      }),
    ).data;
    expect(saved.description).toBe('<p>Hi<a rel="noopener noreferrer nofollow" target="_blank">x</a></p>');
    expect(saved.learn_points).toEqual(['Bold point']);
    expect(saved.requirements).toEqual(['link']);
    expect(expectOk(await api.get(`edit/step2/${id}`)).data.description).toBe(saved.description);
  });

  it('markup without text is no description: step 2 stays missing', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const saved = expectOk(await api.post('addUpdate/step2', { id, description: '<p><br></p>', learn_points: ['x'] })).data;
    expect(saved.description).toBe('');
    expect(saved.state.missing_steps).toContain(2);
  });
});

describe('step 3: cover text alternative', () => {
  it('saves the alt text as plain text and returns it from edit/step3', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const saved = expectOk(await api.post('addUpdate/step3', { id, cover_alt: 'لوحة <b>خط</b> عربي' })).data;
    expect(saved).toMatchObject({ id, cover_alt: 'لوحة خط عربي', cover_image_url: null, promo_video_url: null });
    expect(withoutState(expectOk(await api.get(`edit/step3/${id}`)).data)).toEqual(withoutState(saved));
  });
});

async function outline(api: Caller, id: number, sections: unknown[]) {
  return expectOk(await api.post('addUpdate/step4', { id, sections })).data;
}

describe('step 4: sections and lectures', () => {
  it('adds sections and lectures, and edit/step4 returns exactly what was saved', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const saved = await outline(api, id, [
      { title: 'Tools', lectures: [{ title: 'The pen', duration_seconds: 300 }, { title: 'Paper', is_free_preview: true }] },
      { title: 'Letters', lectures: [] },
    ]);
    expect(saved.sections.map((s: { title: string; position: number }) => [s.title, s.position])).toEqual([['Tools', 0], ['Letters', 1]]);
    expect(saved.sections[0].lectures).toMatchObject([
      { title: 'The pen', position: 0, is_free_preview: false, duration_seconds: 300, has_video: false, video_url: null },
      { title: 'Paper', position: 1, is_free_preview: true, duration_seconds: 0, has_video: false, video_url: null },
    ]);
    expect(withoutState(expectOk(await api.get(`edit/step4/${id}`)).data)).toEqual(withoutState(saved));
    expect(saved.state.missing_steps).toContain(4);
  });

  it('renames, reorders sections and lectures and moves a lecture to another section', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const first = await outline(api, id, [
      { title: 'A', lectures: [{ title: 'a1' }, { title: 'a2' }] },
      { title: 'B', lectures: [{ title: 'b1' }] },
    ]);
    const [a, b] = first.sections;
    const [a1, a2] = a.lectures;
    const [b1] = b.lectures;
    const second = await outline(api, id, [
      { id: b.id, title: 'B renamed', lectures: [{ id: a2.id, title: 'a2 moved' }, { id: b1.id, title: 'b1' }, { title: 'new in B' }] },
      { id: a.id, title: 'A', lectures: [{ id: a1.id, title: 'a1' }] },
    ]);
    expect(second.sections.map((s: { id: number; title: string; position: number }) => [s.id, s.title, s.position])).toEqual([[b.id, 'B renamed', 0], [a.id, 'A', 1]]);
    expect(second.sections[0].lectures.map((l: { id: number; title: string; section_id: number; position: number }) => [l.title, l.section_id, l.position])).toEqual([
      ['a2 moved', b.id, 0],
      ['b1', b.id, 1],
      ['new in B', b.id, 2],
    ]);
    expect(second.sections[0].lectures[0].id).toBe(a2.id);
    expect(second.sections[1].lectures.map((l: { id: number }) => l.id)).toEqual([a1.id]);
    expect(withoutState(expectOk(await api.get(`edit/step4/${id}`)).data)).toEqual(withoutState(second));
  });

  it('refuses an outline that leaves out an existing lecture (409, nothing changed) and ids that are not in the course (400)', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const first = await outline(api, id, [{ title: 'S', lectures: [{ title: 'one' }, { title: 'two' }] }]);
    const s = first.sections[0];
    const stale = await api.post('addUpdate/step4', { id, sections: [{ id: s.id, title: 'S renamed', lectures: [{ id: s.lectures[0].id, title: 'one' }] }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/outline changed/);
    const invented = await api.post('addUpdate/step4', { id, sections: [{ id: s.id, title: 'S', lectures: [...s.lectures.map((l: { id: number }) => ({ id: l.id, title: 'x' })), { id: 2_000_000_000, title: 'ghost' }] }] });
    expect(invented.statusCode).toBe(400);
    expect(invented.json().errors).toEqual({ 'sections.0.lectures.2.id': 'This item does not belong to the course you are editing.' });
    const twice = await api.post('addUpdate/step4', { id, sections: [{ id: s.id, title: 'S', lectures: [{ id: s.lectures[0].id, title: 'x' }, { id: s.lectures[0].id, title: 'y' }, { id: s.lectures[1].id, title: 'z' }] }] });
    expect(twice.json().errors).toEqual({ 'sections.0.lectures.1.id': 'The same item is listed twice.' });
    expect(withoutState(expectOk(await api.get(`edit/step4/${id}`)).data)).toEqual(withoutState(first));
  });

  it('fetches one section and one lecture, and deletes them (the rest close ranks, the video file goes)', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const saved = await outline(api, id, [
      { title: 'Keep', lectures: [{ title: 'k1' }, { title: 'k2' }, { title: 'k3' }] },
      { title: 'Drop', lectures: [{ title: 'd1' }] },
    ]);
    const [keep, drop] = saved.sections;
    const section = expectOk(await api.get(`step4/section/${id}/${keep.id}`)).data;
    expect(section).toMatchObject({ id: keep.id, course_id: id, title: 'Keep', position: 0 });
    expect(section.lectures.map((l: { title: string }) => l.title)).toEqual(['k1', 'k2', 'k3']);
    const lecture = expectOk(await api.get(`step4/lecture/${id}/${keep.lectures[1].id}`)).data;
    expect(lecture).toMatchObject({ id: keep.lectures[1].id, course_id: id, section_id: keep.id, title: 'k2', position: 1 });

    expectOk(await api.upload('step4/upload', { id, lecture_id: keep.lectures[0].id }, { name: 'a.mp4', type: 'video/mp4', bytes: CLIP }));
    const { db } = await testDatabase();
    const [stored] = await db.select({ video: lectures.video }).from(lectures).where(eq(lectures.id, keep.lectures[0].id));
    expect(existsSync(path.join(uploads, stored!.video!))).toBe(true);

    const afterLecture = expectOk(await api.get(`step4/lecture/delete/${id}/${keep.lectures[0].id}`));
    expect(afterLecture.message).toBe('Deleted.');
    expect(afterLecture.data.sections[0].lectures.map((l: { title: string; position: number }) => [l.title, l.position])).toEqual([['k2', 0], ['k3', 1]]);
    expect(existsSync(path.join(uploads, stored!.video!))).toBe(false);
    expect((await api.get(`step4/lecture/${id}/${keep.lectures[0].id}`)).statusCode).toBe(404);

    const afterSection = expectOk(await api.get(`step4/section/delete/${id}/${drop.id}`)).data;
    expect(afterSection.sections.map((s: { title: string }) => s.title)).toEqual(['Keep']);
    expect((await api.get(`step4/section/${id}/${drop.id}`)).statusCode).toBe(404);
    expect((await api.get(`step4/lecture/${id}/${drop.lectures[0].id}`)).statusCode).toBe(404);
    expect((await api.get(`step4/section/delete/${id}/${drop.id}`)).statusCode).toBe(404);
  });

  it('an MP4 upload sets the duration from the file; an explicit duration can still be saved', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const saved = await outline(api, id, [{ title: 'S', lectures: [{ title: 'L', duration_seconds: 999 }] }]);
    const lectureId = saved.sections[0].lectures[0].id;
    const uploaded = expectOk(await api.upload('step4/upload', { id, lecture_id: lectureId }, { name: 'a.mp4', type: 'video/mp4', bytes: CLIP })).data;
    expect(uploaded.sections[0].lectures[0]).toMatchObject({ duration_seconds: CLIP_SECONDS, has_video: true });
    const kept = await outline(api, id, [{ id: saved.sections[0].id, title: 'S', lectures: [{ id: lectureId, title: 'L' }] }]);
    expect(kept.sections[0].lectures[0].duration_seconds).toBe(CLIP_SECONDS);
    const set = await outline(api, id, [{ id: saved.sections[0].id, title: 'S', lectures: [{ id: lectureId, title: 'L', duration_seconds: 10 }] }]);
    expect(set.sections[0].lectures[0].duration_seconds).toBe(10);
  });
});

const quiz = {
  title: 'Check yourself',
  pass_mark: 60,
  time_limit_minutes: 15,
  max_attempts: 3,
  questions: [
    { type: 'single', text: 'Which pen?', points: 2, options: [{ text: 'Reed', is_correct: true }, { text: 'Ballpoint', is_correct: false }] },
    { type: 'multiple', text: 'Which scripts are Arabic?', options: [{ text: 'Naskh', is_correct: true }, { text: 'Thuluth', is_correct: true }, { text: 'Gothic', is_correct: false }] },
    { type: 'true_false', text: 'Ink must dry.', options: [{ text: 'صح', is_correct: true }, { text: 'خطأ', is_correct: false }] },
    { type: 'short', text: 'Name the dot unit.', accepted_answers: ['nuqta', 'نقطة'] },
  ],
};

describe('step 4: lecture types', () => {
  it('each lecture has a type; an article is sanitised like the content pages; step 4 is complete once each has its own content', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const bad = await api.post('addUpdate/step4', { id, sections: [{ title: 'S', lectures: [{ title: 'x', type: 'podcast' }] }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(['sections.0.lectures.0.type']);
    const saved = await outline(api, id, [{ title: 'S', lectures: [{ title: 'Read', type: 'article' }, { title: 'Slides', type: 'pdf', pdf_downloadable: true }, { title: 'Watch' }] }]);
    const [article, pdf, video] = saved.sections[0].lectures;
    expect([article.type, pdf.type, pdf.pdf_downloadable, video.type]).toEqual(['article', 'pdf', true, 'video']);
    expect(saved.state.missing_steps).toContain(4);

    const html = '<p dir="rtl">مرحبا <strong>بالعالم</strong><script>alert(1)</script><img src=x onerror=alert(2)></p><h2 onclick="x()">Title</h2>';
    const after = expectOk(await api.post('step4/article', { id, lecture_id: article.id, html })).data;
    expect(after.sections[0].lectures[0].article_html).toBe('<p dir="rtl">مرحبا <strong>بالعالم</strong></p><h2>Title</h2>');
    // The type is kept when an outline save leaves it out; the other lectures still miss their files.
    const again = await outline(api, id, [{ id: saved.sections[0].id, title: 'S', lectures: [{ id: article.id, title: 'Read' }, { id: pdf.id, title: 'Slides' }, { id: video.id, title: 'Watch', type: 'article' }] }]);
    expect(again.sections[0].lectures.map((l: { type: string }) => l.type)).toEqual(['article', 'pdf', 'article']);
    expect(again.state.missing_steps).toContain(4);
    // Only lectures with content left: step 4 is complete; an empty article makes it incomplete again.
    expectOk(await api.get(`step4/lecture/delete/${id}/${pdf.id}`));
    expectOk(await api.post('step4/article', { id, lecture_id: video.id, html: '<p>Second</p>' }));
    expect(expectOk(await api.get(`edit/step4/${id}`)).data.state.missing_steps).not.toContain(4);
    const emptied = expectOk(await api.post('step4/article', { id, lecture_id: video.id, html: '<p></p>' })).data;
    expect(emptied.state.missing_steps).toContain(4);
  });
});

describe('step 5: assessments', () => {
  it('saves an assessment with every question type, and edit/step5 returns exactly what was saved', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const saved = expectOk(await api.post('addUpdate/step5', { id, assessment: quiz })).data;
    expect(saved.assessments).toHaveLength(1);
    const a = saved.assessments[0];
    expect(a).toMatchObject({ course_id: id, title: quiz.title, pass_mark: 60, time_limit_minutes: 15, max_attempts: 3, position: 0 });
    expect(a.questions.map((q: { type: string; position: number; points: number }) => [q.type, q.position, q.points])).toEqual([['single', 0, 2], ['multiple', 1, 1], ['true_false', 2, 1], ['short', 3, 1]]);
    expect(a.questions[1].options.map((o: { text: string; is_correct: boolean; position: number }) => [o.text, o.is_correct, o.position])).toEqual([['Naskh', true, 0], ['Thuluth', true, 1], ['Gothic', false, 2]]);
    expect(a.questions[3]).toMatchObject({ accepted_answers: ['nuqta', 'نقطة'], options: [] });
    expect(withoutState(expectOk(await api.get(`edit/step5/${id}`)).data)).toEqual(withoutState(saved));
    // Step 5 is optional.
    expect(saved.state.missing_steps).not.toContain(5);

    const second = expectOk(await api.post('addUpdate/step5', { id, assessment: { title: 'Final', pass_mark: 50, questions: [] } })).data;
    expect(second.assessments.map((x: { title: string; position: number; time_limit_minutes: null | number; max_attempts: null | number }) => [x.title, x.position, x.time_limit_minutes, x.max_attempts])).toEqual([
      ['Check yourself', 0, 15, 3],
      ['Final', 1, null, null],
    ]);
  });

  it('updates in place: edits, reorders, adds an option, changes a type', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const a = expectOk(await api.post('addUpdate/step5', { id, assessment: quiz })).data.assessments[0];
    const [single, multiple, tf, short] = a.questions;
    const keep = (q: { id: number; type: string; text: string; points: number; accepted_answers: string[]; options: { id: number; text: string; is_correct: boolean }[] }) => ({
      id: q.id,
      type: q.type,
      text: q.text,
      points: q.points,
      accepted_answers: q.accepted_answers,
      options: q.options.map((o) => ({ id: o.id, text: o.text, is_correct: o.is_correct })),
    });
    const body = {
      id,
      assessment: {
        id: a.id,
        title: 'Renamed',
        pass_mark: 70,
        time_limit_minutes: null,
        max_attempts: null,
        questions: [
          keep(short),
          { ...keep(single), text: 'Which pen, really?', options: [...keep(single).options, { text: 'Brush', is_correct: false }] },
          { ...keep(multiple), type: 'single', options: keep(multiple).options.map((o, i) => ({ ...o, is_correct: i === 0 })) },
          keep(tf),
        ],
      },
    };
    const saved = expectOk(await api.post('addUpdate/step5', body)).data.assessments[0];
    expect(saved).toMatchObject({ id: a.id, title: 'Renamed', pass_mark: 70, time_limit_minutes: null, max_attempts: null });
    expect(saved.questions.map((q: { id: number }) => q.id)).toEqual([short.id, single.id, multiple.id, tf.id]);
    expect(saved.questions[1].options.map((o: { text: string }) => o.text)).toEqual(['Reed', 'Ballpoint', 'Brush']);
    expect(saved.questions[2]).toMatchObject({ type: 'single' });
    expect(expectOk(await api.get(`step5/assessment/${a.id}`)).data).toEqual(saved);
  });

  it('a choice question turned into a short answer loses its options with the change of type', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const a = expectOk(await api.post('addUpdate/step5', { id, assessment: { title: 'Q', pass_mark: 50, questions: [quiz.questions[0]] } })).data.assessments[0];
    const q = a.questions[0];
    const saved = expectOk(
      await api.post('addUpdate/step5', { id, assessment: { id: a.id, title: 'Q', pass_mark: 50, questions: [{ id: q.id, type: 'short', text: q.text, accepted_answers: ['reed'] }] } }),
    ).data.assessments[0];
    expect(saved.questions).toMatchObject([{ id: q.id, type: 'short', options: [], accepted_answers: ['reed'] }]);
    expect((await api.get(`step5/option/${q.options[0].id}`)).statusCode).toBe(404);
  });

  it('saves matching, ordering, fill-in-the-blanks and numeric questions, and edit/step5 returns exactly what was saved', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const questions = [
      { type: 'matching', text: 'Match each city with its country.', options: [{ text: 'Cairo', match: 'Egypt' }, { text: 'Fez', match: 'Morocco' }] },
      { type: 'ordering', text: 'Put the prayers in order.', options: [{ text: 'Fajr' }, { text: 'Dhuhr' }, { text: 'Asr' }] },
      { type: 'fill_blanks', text: 'The ___ flows through ____.', options: [{ text: 'Nile\nالنيل' }, { text: 'Egypt\nمصر' }] },
      { type: 'numeric', text: 'Pi to two decimals?', numeric_answer: 3.14, tolerance: 0.005, points: 2 },
    ];
    const saved = expectOk(await api.post('addUpdate/step5', { id, assessment: { title: 'Types', pass_mark: 50, shuffle: true, questions } })).data;
    expect(saved.assessments[0].shuffle).toBe(true);
    const [matching, ordering, blanks, numeric] = saved.assessments[0].questions;
    expect(matching.options.map((o: { text: string; match: string | null; is_correct: boolean }) => [o.text, o.match, o.is_correct])).toEqual([['Cairo', 'Egypt', false], ['Fez', 'Morocco', false]]);
    expect(ordering.options.map((o: { text: string; match: string | null }) => [o.text, o.match])).toEqual([['Fajr', null], ['Dhuhr', null], ['Asr', null]]);
    expect(blanks.options.map((o: { text: string }) => o.text)).toEqual(['Nile\nالنيل', 'Egypt\nمصر']);
    expect(numeric).toMatchObject({ numeric_answer: 3.14, tolerance: 0.005, points: 2, options: [] });
    expect(matching).toMatchObject({ numeric_answer: null, tolerance: 0 });
    expect(withoutState(expectOk(await api.get(`edit/step5/${id}`)).data)).toEqual(withoutState(saved));

    // A matching option that the question needs cannot go. A blank's option can (the editor deletes it when the author
    // takes its ___ out of the text), but not the last one, and the next save must bring text and blanks back in step.
    expect((await api.get(`step5/option/delete/${matching.options[0].id}`)).statusCode).toBe(409);
    const [, afterDelete] = expectOk(await api.get(`step5/option/delete/${blanks.options[1].id}`)).data.assessments[0].questions.slice(1, 3);
    expect(afterDelete.options.map((o: { text: string }) => o.text)).toEqual(['Nile\nالنيل']);
    expect((await api.get(`step5/option/delete/${blanks.options[0].id}`)).statusCode).toBe(409);
    const stale = await api.post('addUpdate/step5', { id, assessment: { ...saved.assessments[0], questions: saved.assessments[0].questions.map((q: { id: number }) => (q.id === blanks.id ? afterDelete : q)) } });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors['assessment.questions.2.text']).toMatch('as many blanks as answer lists');
  });

  it('refuses questions that break their type rules, with the field that is wrong', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const bad = (q: object) => api.post('addUpdate/step5', { id, assessment: { title: 'Q', pass_mark: 50, questions: [q] } });
    const cases: [object, string, string][] = [
      [{ type: 'single', text: 'q', options: [{ text: 'a', is_correct: true }, { text: 'b', is_correct: true }] }, 'assessment.questions.0.options', 'exactly one correct'],
      [{ type: 'multiple', text: 'q', options: [{ text: 'a', is_correct: false }, { text: 'b', is_correct: false }] }, 'assessment.questions.0.options', 'at least one correct'],
      [{ type: 'true_false', text: 'q', options: [{ text: 'a', is_correct: true }] }, 'assessment.questions.0.options', 'exactly two options'],
      [{ type: 'short', text: 'q', options: [{ text: 'a', is_correct: true }] }, 'assessment.questions.0.options', 'has no options'],
      [{ type: 'single', text: 'q', accepted_answers: ['x'], options: [{ text: 'a', is_correct: true }, { text: 'b', is_correct: false }] }, 'assessment.questions.0.accepted_answers', 'only for short-answer'],
      [{ type: 'essay', text: 'q' }, 'assessment.questions.0.type', 'not allowed'],
      [{ type: 'matching', text: 'q', options: [{ text: 'a', match: '1' }, { text: 'b' }] }, 'assessment.questions.0.options', 'each with its own match'],
      [{ type: 'matching', text: 'q', options: [{ text: 'a', match: 'Same' }, { text: 'b', match: ' same ' }] }, 'assessment.questions.0.options', 'no two matches alike'],
      [{ type: 'single', text: 'q', options: [{ text: 'a', is_correct: true, match: 'x' }, { text: 'b', is_correct: false }] }, 'assessment.questions.0.options', 'only for matching'],
      [{ type: 'ordering', text: 'q', options: [{ text: 'first' }] }, 'assessment.questions.0.options', 'at least two items'],
      [{ type: 'fill_blanks', text: 'The ___ flows north.', options: [{ text: 'Nile' }, { text: 'Egypt' }] }, 'assessment.questions.0.text', 'as many blanks as answer lists'],
      [{ type: 'fill_blanks', text: 'No blank here.', options: [{ text: 'Nile' }] }, 'assessment.questions.0.text', 'Mark each blank'],
      [{ type: 'numeric', text: 'q' }, 'assessment.questions.0.numeric_answer', 'give the right number'],
      [{ type: 'numeric', text: 'q', numeric_answer: 3, tolerance: -1 }, 'assessment.questions.0.tolerance', 'at least 0'],
      [{ type: 'short', text: 'q', numeric_answer: 3 }, 'assessment.questions.0.numeric_answer', 'only for numeric'],
    ];
    for (const [q, field, text] of cases) {
      const res = await bad(q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(q)).toMatch(text);
    }
    expect(expectOk(await api.get(`edit/step5/${id}`)).data.assessments).toEqual([]);
  });

  it('fetches and deletes an assessment, a question and an option; an option its question needs cannot go', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const a = expectOk(await api.post('addUpdate/step5', { id, assessment: quiz })).data.assessments[0];
    const [single, multiple] = a.questions;

    expect(expectOk(await api.get(`step5/question/${multiple.id}`)).data).toEqual({ ...multiple, course_id: id });
    const gothic = multiple.options[2];
    expect(expectOk(await api.get(`step5/option/${gothic.id}`)).data).toEqual({ ...gothic, assessment_id: a.id, topic_id: null, course_id: id });

    const needed = await api.get(`step5/option/delete/${single.options[0].id}`);
    expect(needed.statusCode).toBe(409);
    expect(needed.json().errors.id).toMatch(/single-choice/);

    const afterOption = expectOk(await api.get(`step5/option/delete/${gothic.id}`)).data;
    expect(afterOption.assessments[0].questions[1].options.map((o: { text: string; position: number }) => [o.text, o.position])).toEqual([['Naskh', 0], ['Thuluth', 1]]);
    expect((await api.get(`step5/option/${gothic.id}`)).statusCode).toBe(404);

    const afterQuestion = expectOk(await api.get(`step5/question/delete/${single.id}`)).data;
    expect(afterQuestion.assessments[0].questions.map((q: { type: string; position: number }) => [q.type, q.position])).toEqual([['multiple', 0], ['true_false', 1], ['short', 2]]);
    expect((await api.get(`step5/question/${single.id}`)).statusCode).toBe(404);

    const afterAssessment = expectOk(await api.get(`step5/assessment/delete/${a.id}`)).data;
    expect(afterAssessment.assessments).toEqual([]);
    expect((await api.get(`step5/assessment/${a.id}`)).statusCode).toBe(404);
    expect((await api.get(`step5/option/${multiple.options[0].id}`)).statusCode).toBe(404);
  });

  it('refuses a save that leaves out an existing question or option (409, nothing changed)', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const a = expectOk(await api.post('addUpdate/step5', { id, assessment: quiz })).data.assessments[0];
    const res = await api.post('addUpdate/step5', { id, assessment: { id: a.id, title: 'x', pass_mark: 1, questions: [] } });
    expect(res.statusCode).toBe(409);
    expect(expectOk(await api.get(`step5/assessment/${a.id}`)).data).toEqual(a);
  });
});

describe('step 6: tags', () => {
  it('saves tags (trimmed, tags stripped, case-insensitive duplicates once), reuses existing tags, and edit/step6 returns them', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const unique = `tag${Date.now().toString(36)}`;
    const saved = expectOk(await api.post('addUpdate/step6', { id, tags: [`${unique}-Alpha`, ` ${unique}-alpha `, `<b>${unique}</b>-خط`, `&lt;b&gt;${unique}&lt;/b&gt;-خط`] })).data;
    expect(saved.tags.map((t: { name: string }) => t.name).sort()).toEqual([`${unique}-Alpha`, `${unique}-خط`].sort());
    expect(withoutState(expectOk(await api.get(`edit/step6/${id}`)).data)).toEqual(withoutState(saved));

    const other = await instructor();
    const { id: otherId } = await createDraft(other);
    const reused = expectOk(await other.post('addUpdate/step6', { id: otherId, tags: [`${unique}-ALPHA`] })).data;
    const alpha = saved.tags.find((t: { name: string }) => t.name === `${unique}-Alpha`);
    expect(reused.tags).toEqual([alpha]);
  });

  it('fetches one tag of a course and removes it from that course only', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    const { id: second } = await createDraft(api);
    const unique = `shared${Date.now().toString(36)}`;
    const tags = expectOk(await api.post('addUpdate/step6', { id, tags: [unique, `${unique}-2`] })).data.tags;
    expectOk(await api.post('addUpdate/step6', { id: second, tags: [unique] }));
    const tag = tags.find((t: { name: string }) => t.name === unique);
    expect(expectOk(await api.get(`step6/tag/${tag.id}?course_id=${id}`)).data).toEqual({ ...tag, course_id: id });
    const after = expectOk(await api.get(`step6/tag/delete/${id}/${tag.id}`)).data;
    expect(after.tags.map((t: { name: string }) => t.name)).toEqual([`${unique}-2`]);
    expect((await api.get(`step6/tag/${tag.id}?course_id=${id}`)).statusCode).toBe(404);
    expect(expectOk(await api.get(`edit/step6/${second}`)).data.tags).toEqual([tag]);
    expect((await api.get(`step6/tag/${tag.id}`)).statusCode).toBe(400);
  });

  it('refuses an empty tag list and a tag that is only markup', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    expect((await api.post('addUpdate/step6', { id, tags: [] })).json().errors).toHaveProperty('tags');
    expect((await api.post('addUpdate/step6', { id, tags: ['ok', '<i></i>'] })).json().errors).toEqual({ 'tags.1': 'This field is required.' });
  });
});

describe('each step saves on its own', () => {
  it('saving one step leaves what the other steps saved as it was', async () => {
    const api = await instructor();
    const { id } = await createDraft(api);
    expectOk(await api.post('addUpdate/step2', { id, description: '<p>d</p>', learn_points: ['p'] }));
    expectOk(await api.post('addUpdate/step3', { id, cover_alt: 'alt' }));
    expectOk(await api.post('addUpdate/step4', { id, sections: [{ title: 's', lectures: [{ title: 'l' }] }] }));
    expectOk(await api.post('addUpdate/step5', { id, assessment: quiz }));
    expectOk(await api.post('addUpdate/step6', { id, tags: [`own-${Date.now()}`] }));
    const read = async () => Promise.all([1, 2, 3, 4, 5, 6].map(async (n) => withoutState(expectOk(await api.get(`edit/step${n}/${id}`)).data)));
    const before = await read();
    const category = await createCategory();
    const saves: [number, object][] = [
      [1, { id, title: 'Another title', subtitle: 's', category_id: category.id, language: 'en', level: 'advanced', price: 5 }],
      [2, { id, description: '<p>other</p>', learn_points: ['q'], requirements: ['r'], audience: ['a'] }],
      [3, { id, cover_alt: 'other alt' }],
      [6, { id, tags: [`other-${Date.now()}`] }],
    ];
    for (const [step, body] of saves) {
      const saved = withoutState(expectOk(await api.post(`addUpdate/step${step}`, body)).data);
      const after = await read();
      after.forEach((data, i) => {
        if (i + 1 === step) expect(data).toEqual(saved);
        else expect(data, `step ${i + 1} after saving step ${step}`).toEqual(before[i]);
      });
      before[step - 1] = saved;
    }
    const { db } = await testDatabase();
    const [row] = await db.select({ searchText: courses.searchText }).from(courses).where(eq(courses.id, id));
    // search_text follows steps 1, 2 and 6 (built by the search module).
    expect(row!.searchText).toContain('another title');
  });
});
