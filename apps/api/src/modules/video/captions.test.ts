import { describe, expect, it } from 'vitest';
import { inject, signedIn } from '../../../test/harness';
import { CLIP, authoringSuite, createDraft, expectOk, signedInCaller, type Caller } from '../authoring/authoring.test-kit';
import { captionsInDirection, cleanCaptions } from './captions';

const suite = authoringSuite();

const SRT = `1
00:00:01,000 --> 00:00:03,500
<font color="red">مرحبًا</font> <b>بكم</b> في الدرس <script>alert(1)</script>

2
00:00:04,000 --> 00:00:06,250
Second <i>line</i> & <img src=x onerror=alert(1)>more
`;

describe('captions', () => {
  it('turns SRT into WebVTT and keeps only WebVTT markup, whatever the file carried', async () => {
    expect(await cleanCaptions(SRT)).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nمرحبًا <b>بكم</b> في الدرس alert(1)\n\n00:00:04.000 --> 00:00:06.250\nSecond <i>line</i> &amp; more\n',
    );
    const vtt = '\uFEFFWEBVTT\r\n\r\nNOTE kept out\r\n\r\n00:01.000 --> 00:02.000 align:start\r\n<v Ahmad>سلام <c.yellow>عليكم</c></v> <00:00:01.500>--> <a href="x">link</a>\r\n';
    expect(await cleanCaptions(vtt)).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Ahmad>سلام <c.yellow>عليكم</c></v> <00:00:01.500>--&gt; link\n');
    expect(await cleanCaptions('just some words, no timings')).toBeNull();
  });

  it('served in their language\'s direction: each line of right-to-left captions starts with a right-to-left mark, so one that starts with a Latin word or a number still runs right to left', () => {
    const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nPython لغة سهلة\n3 دروس في الأسبوع\n\n00:00:04.000 --> 00:00:06.000\n\u200Fمرحبًا\n';
    const marked = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.500\n\u200FPython لغة سهلة\n\u200F3 دروس في الأسبوع\n\n00:00:04.000 --> 00:00:06.000\n\u200Fمرحبًا\n';
    for (const lang of ['ar', 'ar-EG', 'fa', 'ur', 'he']) expect(captionsInDirection(vtt, lang)).toBe(marked);
    for (const lang of ['en', 'fr', 'tr', 'id', 'en-GB']) expect(captionsInDirection(vtt, lang)).toBe(vtt);
  });

  it('an instructor adds captions per language; enrolled learners get them with their grant, others 403', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const { courseId, lectureId } = await lectureWithVideo(api);
    const saved = expectOk(await api.post('step4/captions', { id: courseId, lecture_id: lectureId, lang: 'ar', text: SRT }));
    expect(saved.message).toBe('Captions saved.');
    expectOk(await api.post('step4/captions', { id: courseId, lecture_id: lectureId, lang: 'en', text: 'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHello\n' }));
    const lecture = saved.data.sections[0].lectures[0];
    expect(lecture.captions.map((c: { lang: string }) => c.lang)).toEqual(['ar']);
    const listed = expectOk(await api.get(`step4/lecture/${courseId}/${lectureId}`)).data;
    expect(listed.captions.map((c: { lang: string }) => c.lang)).toEqual(['ar', 'en']);
    // The instructor's own link, with their preview grant.
    const own = await inject(suite.app, { method: 'GET', url: listed.captions[0].url });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(own.body).toContain('\n\u200Fمرحبًا <b>بكم</b>');

    // Published, a learner enrols and finds both languages beside the video; the same address without the grant is refused.
    await publish(courseId);
    const learner = await signedIn(suite.app, 'participant');
    expectOk(await inject(suite.app, { method: 'POST', url: '/api/participant/enrollcourse/order', headers: learner.auth, payload: { course_id: courseId } }));
    const learn = expectOk(await inject(suite.app, { method: 'GET', url: `/api/participant/learn/${courseId}`, headers: learner.auth })).data;
    const captions = learn.sections[0].lectures[0].captions as { lang: string; url: string }[];
    expect(captions.map((c) => c.lang)).toEqual(['ar', 'en']);
    const english = await inject(suite.app, { method: 'GET', url: captions[1]!.url });
    expect(english.body).toBe('WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHello\n');
    expect((await inject(suite.app, { method: 'GET', url: captions[1]!.url.split('?')[0]! })).statusCode).toBe(403);

    // Removed: gone from the lecture, and its address is 404.
    const removed = expectOk(await api.get(`step4/captions/delete/${courseId}/${lectureId}/en`));
    expect(removed.message).toBe('Captions removed.');
    expect(removed.data.sections[0].lectures[0].captions.map((c: { lang: string }) => c.lang)).toEqual(['ar']);
    expect((await inject(suite.app, { method: 'GET', url: captions[1]!.url })).statusCode).toBe(404);
    expect((await api.get(`step4/captions/delete/${courseId}/${lectureId}/en`)).statusCode).toBe(404);
  });

  it('refuses a file that is not captions, a bad language and another instructor, each with its field, saving nothing', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const { courseId, lectureId } = await lectureWithVideo(api);
    const unreadable = await api.post('step4/captions', { id: courseId, lecture_id: lectureId, lang: 'ar', text: '<html><script>alert(1)</script></html>' });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().errors).toEqual({ text: expect.stringContaining('WebVTT') });
    const badLanguage = await api.post('step4/captions', { id: courseId, lecture_id: lectureId, lang: 'Arabic!', text: SRT });
    expect(badLanguage.statusCode).toBe(400);
    expect(Object.keys(badLanguage.json().errors)).toEqual(['lang']);
    const other = await signedInCaller(suite.app, 'instructor');
    expect((await other.api.post('step4/captions', { id: courseId, lecture_id: lectureId, lang: 'ar', text: SRT })).statusCode).toBe(403);
    expect(expectOk(await api.get(`step4/lecture/${courseId}/${lectureId}`)).data.captions).toEqual([]);
  });
});

async function lectureWithVideo(api: Caller) {
  const course = await createDraft(api, { price: 0 });
  const outline = expectOk(await api.post('addUpdate/step4', { id: course.id, sections: [{ title: 'Week 1', lectures: [{ title: 'Welcome' }] }] })).data;
  const lectureId = outline.sections[0].lectures[0].id as number;
  expectOk(await api.upload('step4/upload', { id: course.id, lecture_id: lectureId }, { name: 'clip.mp4', type: 'video/mp4', bytes: CLIP }));
  return { courseId: course.id as number, lectureId };
}

async function publish(courseId: number) {
  const { testDatabase } = await import('../../../test/harness');
  const { setCourse } = await import('../../../test/factories');
  const { db } = await testDatabase();
  await setCourse(db, courseId, { approveStatus: 'approved', completionStatus: 'complete' });
}
