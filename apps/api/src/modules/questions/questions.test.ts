import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiSuite, createUser, loginAs, testConfig, testDatabase } from '../../../test/harness';
import { addLectures, createCourse, enrollParticipant } from '../../../test/factories';
import { questionModeration } from '../../db/schema';

// The app's clock: each test starts in a minute of its own (the write budget is per minute of the clock),
// and a question asked later is later by the clock, whatever the machine's speed.
let clock = Math.floor(Date.now() / 60_000) * 60_000 + 60_000 * 1000;
const suite = apiSuite({ config: { rateLimits: { ...testConfig().rateLimits, messagesPerMinute: 4 } }, now: () => clock });
beforeEach(() => {
  clock = (Math.floor(clock / 60_000) + 1) * 60_000;
});

const en = { 'accept-language': 'en' };
type Role = 'admin' | 'instructor' | 'participant';

async function person(role: Role, existing?: { id: number; email: string }) {
  const user = existing ?? (await createUser(role));
  const session = await loginAs(suite.app, role, user.email);
  return { id: user.id, role, auth: { authorization: `Bearer ${session.token}`, ...en } };
}
type Person = Awaited<ReturnType<typeof person>>;

const get = (who: Person, path: string) => suite.inject({ method: 'GET', url: `/api/${who.role}/questions/${path}`, headers: who.auth });
const post = (who: Person, path: string, payload: object) => suite.inject({ method: 'POST', url: `/api/${who.role}/questions/${path}`, headers: who.auth, payload });
const ask = (who: Person, payload: object) => post(who, 'ask', payload);
const answer = (who: Person, questionId: number, body: string) => post(who, `thread/${questionId}/answer`, { body });

/** A course with two lectures, its instructor and two enrolled participants. */
async function course() {
  const instructorUser = await createUser('instructor');
  const c = await createCourse({ instructorId: instructorUser.id });
  const { lectures } = await addLectures(c.id, 2);
  const a = await enrollParticipant(c.id);
  const b = await enrollParticipant(c.id);
  return {
    course: c,
    lecture: lectures[0]!.id,
    otherLecture: lectures[1]!.id,
    instructor: await person('instructor', instructorUser),
    alice: await person('participant', a.participant),
    bob: await person('participant', b.participant),
  };
}

async function asked(who: Person, lecture: number, title: string, extra: object = {}) {
  const res = await ask(who, { lecture_id: lecture, title, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; [key: string]: unknown };
}

describe('asking and answering on a lecture', () => {
  it('a participant asks at a time of the video; the lecture lists it newest first; another participant and the instructor answer', async () => {
    const { lecture, otherLecture, instructor, alice, bob } = await course();
    const first = await asked(alice, lecture, 'What is a closure?', { body: 'At this point the function returns a function.', position_seconds: 83 });
    expect(first).toMatchObject({ positionSeconds: 83, answerCount: 0, upvotes: 0, mine: true, unanswered: true, hidden: null, lecture: { id: lecture } });
    clock += 1000;
    const second = await asked(bob, lecture, 'Why var and not let?');
    await asked(bob, otherLecture, 'On the other lecture');

    const list = (await get(alice, `lecture/${lecture}`)).json().data;
    expect(list.items.map((q: { id: number }) => q.id)).toEqual([second.id, first.id]);
    expect(list.items[1]).toMatchObject({ mine: true, author: { id: alice.id, instructor: false } });

    expect((await answer(bob, first.id, 'It keeps its scope.')).statusCode).toBe(200);
    const fromInstructor = await answer(instructor, first.id, 'Right: the scope lives on.');
    expect(fromInstructor.statusCode).toBe(200);
    expect(fromInstructor.json().data.author).toMatchObject({ id: instructor.id, instructor: true });

    const thread = (await get(alice, `thread/${first.id}`)).json().data;
    expect(thread.question).toMatchObject({ answerCount: 2, unanswered: false });
    expect(thread.answers.map((a: { body: string }) => a.body)).toEqual(['It keeps its scope.', 'Right: the scope lives on.']);
    expect(thread).toMatchObject({ canModerate: false, canAccept: false });
    // The asker's bell has both answers; the instructor's, bob's (docs/notifications.md); the answerers none of their own.
    const bell = async (who: Person) => (await suite.inject({ method: 'GET', url: `/api/${who.role}/notifications`, headers: who.auth })).json().data.items as { kind: string; params: { name: string; title: string } }[];
    expect((await bell(alice)).map((n) => [n.kind, n.params.title])).toEqual([['answer', 'What is a closure?'], ['answer', 'What is a closure?']]);
    expect((await bell(instructor)).map((n) => n.kind)).toEqual(['answer']);
    expect(await bell(bob)).toEqual([]);
  });

  it('removes markup from titles, texts and answers, as messages do; markup alone is refused', async () => {
    const { lecture, alice, bob } = await course();
    const q = await asked(alice, lecture, '<b>Why</b> <script>alert(1)</script>this?', { body: '&lt;img src=x onerror=alert(1)&gt;See 1 < 2' });
    expect(q.title).toBe('Why this?');
    expect(q.body).toBe('See 1 < 2');
    const res = await answer(bob, q.id, '<i>Because</i>');
    expect(res.json().data.body).toBe('Because');
    const empty = await answer(bob, q.id, '<p></p>');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('body');
  });

  it('limits writes per person and minute as messages do: 429 with Retry-After', async () => {
    const { lecture, alice } = await course();
    clock += 15_000;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await ask(alice, { lecture_id: lecture, title: `Question ${i}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const res = await ask(alice, { lecture_id: lecture, title: 'One more' });
    expect(res.headers['retry-after']).toBe('45');
    expect(res.json().message).toMatch(/too quickly/);
    expect((await get(alice, `lecture/${lecture}`)).json().data.total).toBe(4);
  });
});

describe('who may read and write', () => {
  it("refuses participants not enrolled and other instructors (403); lets the course's instructor and admins read; a missing lecture is 404", async () => {
    const { lecture, alice } = await course();
    const q = await asked(alice, lecture, 'Allowed?');
    const outsider = await person('participant');
    const otherInstructor = await person('instructor');
    for (const who of [outsider, otherInstructor]) {
      expect((await get(who, `lecture/${lecture}`)).statusCode).toBe(403);
      expect((await get(who, `thread/${q.id}`)).statusCode).toBe(403);
      expect((await answer(who, q.id, 'Let me in')).statusCode).toBe(403);
      expect((await post(who, 'upvote', { kind: 'question', id: q.id })).statusCode).toBe(403);
    }
    expect((await ask(outsider, { lecture_id: lecture, title: 'Me too?' })).statusCode).toBe(403);
    const admin = await person('admin');
    const seen = await get(admin, `thread/${q.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ canModerate: true, canAccept: false });
    expect((await answer(admin, q.id, 'The site team here.')).statusCode).toBe(200);
    expect((await get(alice, 'lecture/2147483600')).statusCode).toBe(404);
    expect((await ask(alice, { lecture_id: 2147483600, title: 'Nowhere' })).statusCode).toBe(404);
  });

  it('lets only the author edit a post; the author deletes their own, another participant may not', async () => {
    const { lecture, alice, bob } = await course();
    const q = await asked(alice, lecture, 'Typo in the tittle');
    expect((await post(bob, 'edit', { kind: 'question', id: q.id, title: 'Mine now', body: '' })).statusCode).toBe(403);
    expect((await post(alice, 'edit', { kind: 'question', id: q.id, title: 'Typo in the title', body: 'Fixed.' })).statusCode).toBe(200);
    expect((await get(bob, `thread/${q.id}`)).json().data.question).toMatchObject({ title: 'Typo in the title', body: 'Fixed.' });
    expect((await post(bob, 'delete', { kind: 'question', id: q.id, reason: 'spam' })).statusCode).toBe(403);
    expect((await post(alice, 'delete', { kind: 'question', id: q.id })).statusCode).toBe(200);
    expect((await get(bob, `thread/${q.id}`)).statusCode).toBe(404);
  });
});

describe('search within a course', () => {
  it('finds a question whatever its tashkeel, hamza, taa marbuta or alef maqsura, as course search folds them; only in that course', async () => {
    const { course: c, lecture, alice } = await course();
    const q = await asked(alice, lecture, 'سؤالٌ عن الدّالة المُسمّاة', { body: 'كيف أُعرّف مكتبةً على مستوى أعلى؟' });
    await asked(alice, lecture, 'Something else');
    const search = async (words: string) => (await get(alice, `course/${c.id}?search=${encodeURIComponent(words)}`)).json().data.items.map((x: { id: number }) => x.id);
    expect(await search('الدالة')).toEqual([q.id]);
    expect(await search('المسماه اعرف')).toEqual([q.id]);
    expect(await search('مكتبه اعلي')).toEqual([q.id]);
    expect(await search('مستوي')).toEqual([q.id]);
    expect(await search('دالة غائبة')).toEqual([]);
    // Another course's question with the same words is not found here.
    const other = await course();
    await asked(other.alice, other.lecture, 'الدالة');
    expect(await search('الدالة')).toEqual([q.id]);
  });
});

describe('upvotes', () => {
  it('one per person and post, pressed again takes it back; not on your own post', async () => {
    const { lecture, alice, bob, instructor } = await course();
    const q = await asked(alice, lecture, 'Upvote me');
    const first = await post(bob, 'upvote', { kind: 'question', id: q.id });
    expect(first.json().data).toMatchObject({ upvoted: true, upvotes: 1 });
    expect((await post(instructor, 'upvote', { kind: 'question', id: q.id })).json().data).toMatchObject({ upvoted: true, upvotes: 2 });
    expect((await post(bob, 'upvote', { kind: 'question', id: q.id })).json().data).toMatchObject({ upvoted: false, upvotes: 1 });
    expect((await post(alice, 'upvote', { kind: 'question', id: q.id })).statusCode).toBe(403);
    const a = (await answer(alice, q.id, 'An answer')).json().data;
    expect((await post(bob, 'upvote', { kind: 'answer', id: a.id })).json().data).toMatchObject({ upvoted: true, upvotes: 1 });
    const seen = (await get(bob, `thread/${q.id}`)).json().data;
    expect(seen.question).toMatchObject({ upvotes: 1, upvoted: false });
    expect(seen.answers[0]).toMatchObject({ upvotes: 1, upvoted: true });
  });
});

describe("the instructor's queue and accepted answers", () => {
  it("lists the unanswered questions of the instructor's courses oldest first; an answer of the instructor or an accepted one takes a question out", async () => {
    const { lecture, instructor, alice, bob } = await course();
    const elsewhere = await course();
    await asked(elsewhere.alice, elsewhere.lecture, "Another instructor's course");
    const oldest = await asked(alice, lecture, 'Oldest');
    clock += 1000;
    const middle = await asked(bob, lecture, 'Middle');
    clock += 1000;
    const newest = await asked(alice, lecture, 'Newest');
    const queue = async () => (await get(instructor, 'queue')).json().data.items.map((x: { id: number }) => x.id);
    expect(await queue()).toEqual([oldest.id, middle.id, newest.id]);

    // A participant's answer leaves it unanswered; the instructor's takes it out.
    const byBob = (await answer(bob, oldest.id, 'My guess')).json().data;
    expect(await queue()).toEqual([oldest.id, middle.id, newest.id]);
    await answer(instructor, middle.id, 'Here is how.');
    expect(await queue()).toEqual([oldest.id, newest.id]);

    // Accepting a participant's answer takes it out too; only the course's instructor accepts.
    expect((await post(elsewhere.instructor, `thread/${oldest.id}/accept`, { answer_id: byBob.id })).statusCode).toBe(403);
    expect((await post(instructor, `thread/${newest.id}/accept`, { answer_id: byBob.id })).statusCode).toBe(404);
    const accepted = await post(instructor, `thread/${oldest.id}/accept`, { answer_id: byBob.id });
    expect(accepted.json().data).toMatchObject({ acceptedAnswerId: byBob.id, unanswered: false });
    expect(await queue()).toEqual([newest.id]);
    const thread = (await get(alice, `thread/${oldest.id}`)).json().data;
    expect(thread.answers[0]).toMatchObject({ id: byBob.id, accepted: true });
    // Every question, newest first.
    const recent = (await get(instructor, 'queue?scope=recent')).json().data.items.map((x: { id: number }) => x.id);
    expect(recent).toEqual([newest.id, middle.id, oldest.id]);
  });
});

describe('hiding and deleting', () => {
  it('the instructor hides a post with a reason: participants no longer see it, the instructor sees it marked; shown again; each step recorded', async () => {
    const { lecture, instructor, alice, bob } = await course();
    const q = await asked(alice, lecture, 'Buy followers here');
    const keep = await asked(alice, lecture, 'A real question');
    expect((await post(instructor, 'hide', { kind: 'question', id: q.id, reason: '' })).statusCode).toBe(400);
    expect((await post(instructor, 'hide', { kind: 'question', id: q.id, reason: 'Advertising' })).statusCode).toBe(200);

    expect((await get(bob, `lecture/${lecture}`)).json().data.items.map((x: { id: number }) => x.id)).toEqual([keep.id]);
    expect((await get(alice, `thread/${q.id}`)).statusCode).toBe(404);
    const seen = (await get(instructor, `lecture/${lecture}`)).json().data.items;
    expect(seen.find((x: { id: number }) => x.id === q.id).hidden).toMatchObject({ reason: 'Advertising' });
    expect((await get(instructor, 'queue')).json().data.items.map((x: { id: number }) => x.id)).toEqual([keep.id]);

    // A hidden answer leaves the count and the participants' thread.
    const a = (await answer(bob, keep.id, '<a href="x">cheap pills</a>')).json().data;
    await post(instructor, 'hide', { kind: 'answer', id: a.id, reason: 'Spam' });
    const thread = (await get(alice, `thread/${keep.id}`)).json().data;
    expect(thread.question.answerCount).toBe(0);
    expect(thread.answers).toEqual([]);
    expect((await get(instructor, `thread/${keep.id}`)).json().data.answers[0].hidden).toMatchObject({ reason: 'Spam' });

    expect((await post(instructor, 'unhide', { kind: 'question', id: q.id })).statusCode).toBe(200);
    expect((await get(bob, `thread/${q.id}`)).statusCode).toBe(200);
    // Participants have no moderation routes; another instructor may not moderate this course.
    expect((await suite.inject({ method: 'POST', url: '/api/participant/questions/hide', headers: bob.auth, payload: { kind: 'question', id: q.id, reason: 'x' } })).statusCode).toBe(404);
    const other = await person('instructor');
    expect((await post(other, 'hide', { kind: 'question', id: q.id, reason: 'x' })).statusCode).toBe(403);

    const { db } = await testDatabase();
    const log = await db.select().from(questionModeration).where(eq(questionModeration.postId, q.id));
    expect(log.filter((r) => r.kind === 'question').map((r) => [r.action, r.reason, r.actorId])).toEqual([['hide', 'Advertising', instructor.id], ['unhide', null, instructor.id]]);
  });

  it("the instructor and admins delete anyone's post with a reason (recorded); without one, 400", async () => {
    const { lecture, instructor, alice, bob } = await course();
    const q = await asked(alice, lecture, 'Rude question');
    const a = (await answer(bob, q.id, 'Rude answer')).json().data;
    expect((await post(instructor, 'delete', { kind: 'answer', id: a.id })).statusCode).toBe(400);
    expect((await post(instructor, 'delete', { kind: 'answer', id: a.id, reason: 'Insults' })).statusCode).toBe(200);
    expect((await get(alice, `thread/${q.id}`)).json().data.question.answerCount).toBe(0);
    const admin = await person('admin');
    expect((await post(admin, 'delete', { kind: 'question', id: q.id, reason: 'Insults' })).statusCode).toBe(200);
    expect((await get(alice, `thread/${q.id}`)).statusCode).toBe(404);
    const { db } = await testDatabase();
    const log = await db.select().from(questionModeration).where(eq(questionModeration.courseId, q.course ? (q.course as { id: number }).id : 0));
    expect(log.map((r) => [r.kind, r.action, r.reason, r.excerpt])).toEqual([
      ['answer', 'delete', 'Insults', 'Rude answer'],
      ['question', 'delete', 'Insults', 'Rude question'],
    ]);
  });
});
