import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiSuite, buildTestApp, createUser, inject, loginAs, testDatabase, testConfig } from '../../../test/harness';
import { createCourse, enrollParticipant } from '../../../test/factories';
import { messages, users } from '../../db/schema';

const suite = apiSuite();

const en = { 'accept-language': 'en' };
type Role = 'admin' | 'instructor' | 'participant';

async function person(role: Role, existing?: { id: number; email: string }) {
  const user = existing ?? (await createUser(role));
  const session = await loginAs(suite.app, role, user.email);
  return { id: user.id, role, auth: { authorization: `Bearer ${session.token}`, ...en } };
}
type Person = Awaited<ReturnType<typeof person>>;

const send = (from: Person, payload: object) => suite.inject({ method: 'POST', url: `/api/${from.role}/message/send`, headers: from.auth, payload });
const list = (who: Person, page = 1) => suite.inject({ method: 'GET', url: `/api/${who.role}/message/list${who.role === 'admin' ? `/${who.id}` : ''}?page=${page}`, headers: who.auth });
const thread = (who: Person, id: number) => suite.inject({ method: 'GET', url: `/api/${who.role}/message/thread/${id}`, headers: who.auth });
const unread = async (who: Person) => (await suite.inject({ method: 'GET', url: `/api/${who.role}/message/unread-count`, headers: who.auth })).json().data.unread as number;

/** An instructor with a course and a participant enrolled in it. */
async function pair() {
  const instructorUser = await createUser('instructor');
  const course = await createCourse({ instructorId: instructorUser.id });
  const { participant: p } = await enrollParticipant(course.id);
  return { course, instructor: await person('instructor', instructorUser), participant: await person('participant', p) };
}

describe('who may write to whom (point 2)', () => {
  it('a participant writes to the instructor of a course they are enrolled in; the instructor answers', async () => {
    const { course, instructor, participant } = await pair();
    const res = await send(participant, { Toid: instructor.id, msg: 'When is the next lecture?' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your message was sent.');
    const sent = res.json().data;
    expect(sent).toMatchObject({ Fromid: participant.id, Toid: instructor.id, ReplyFrom: 'participant', ReplyTo: 'instructor', parentid: null, courseId: course.id, readAt: null });
    const reply = await send(instructor, { parentid: sent.id, msg: 'Tomorrow.' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({ Fromid: instructor.id, Toid: participant.id, parentid: sent.id });
  });

  it('refuses a participant writing to the instructor of a course they are not enrolled in, or to another participant (403, field Toid)', async () => {
    const { participant } = await pair();
    const stranger = await person('instructor');
    await createCourse({ instructorId: stranger.id });
    const res = await send(participant, { Toid: stranger.id, msg: 'Hello' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/cannot write to this person/);
    expect(res.json().errors).toHaveProperty('Toid');
    const other = await createUser('participant');
    expect((await send(participant, { Toid: other.id, msg: 'Hi' })).statusCode).toBe(403);
  });

  it('refuses an instructor writing to a participant not enrolled in their courses, and to another instructor', async () => {
    const { instructor } = await pair();
    const outsider = await createUser('participant');
    expect((await send(instructor, { Toid: outsider.id, msg: 'Join my course' })).statusCode).toBe(403);
    const colleague = await createUser('instructor');
    expect((await send(instructor, { Toid: colleague.id, msg: 'Hi' })).statusCode).toBe(403);
  });

  it('lets anyone write to an admin, and an admin to anyone', async () => {
    const admin = await person('admin');
    for (const role of ['participant', 'instructor'] as const) {
      const user = await person(role);
      const res = await send(user, { Toid: admin.id, msg: `Help from a ${role}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ ReplyTo: 'admin', courseId: null });
      const back = await send(admin, { Toid: user.id, msg: 'Of course' });
      expect(back.statusCode).toBe(200);
      expect(back.json().data).toMatchObject({ Fromid: admin.id, Toid: user.id, ReplyFrom: 'admin', ReplyTo: role });
    }
  });

  it("ignores the body's sender: the sender is always the token's user", async () => {
    const { instructor, participant } = await pair();
    const other = await createUser('participant');
    const res = await send(participant, { Fromid: other.id, ReplyFrom: 'admin', ReplyTo: 'instructor', Toid: instructor.id, msg: 'Me, really' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ Fromid: participant.id, ReplyFrom: 'participant' });
  });

  it('a reply goes to the thread of its parentid and to its other person; only the two may answer or read it', async () => {
    const { instructor, participant } = await pair();
    const first = (await send(participant, { Toid: instructor.id, msg: 'Question' })).json().data;
    // Toid in a reply is ignored: the thread decides.
    const admin = await createUser('admin');
    const reply = await send(instructor, { parentid: first.id, Toid: admin.id, msg: 'Answer' });
    expect(reply.json().data).toMatchObject({ Toid: participant.id, parentid: first.id });
    // A reply's own id names the same thread.
    const again = await send(participant, { parentid: reply.json().data.id, msg: 'Thanks' });
    expect(again.json().data).toMatchObject({ Toid: instructor.id, parentid: first.id });

    const intruder = (await pair()).participant;
    const refused = await send(intruder, { parentid: first.id, msg: 'Let me in' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toHaveProperty('parentid');
    expect(refused.json().message).toMatch(/not yours/);
    expect((await thread(intruder, first.id)).statusCode).toBe(404);
    expect((await send(participant, { parentid: 2_000_000_000, msg: 'Lost' })).statusCode).toBe(404);
  });

  it('checks the text: 0 and 5,001 characters are 400 on msg, 5,000 pass, markup is removed', async () => {
    const admin = await person('admin');
    const user = await person('participant');
    for (const msg of ['', '   ', 'x'.repeat(5001)]) {
      const res = await send(user, { Toid: admin.id, msg });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['msg']);
    }
    expect((await send(user, { Toid: admin.id, msg: 'x'.repeat(5000) })).statusCode).toBe(200);
    const html = await send(user, { Toid: admin.id, msg: '<img src=x onerror=alert(1)>Hi <b>there</b> <script>alert(1)</script>' });
    expect(html.json().data.msg).toBe('Hi there');
    const onlyMarkup = await send(user, { Toid: admin.id, msg: '<img src=x onerror=alert(1)>' });
    expect(onlyMarkup.statusCode).toBe(400);
    expect(Object.keys(onlyMarkup.json().errors)).toEqual(['msg']);
  });

  it('strips a right-to-left override and other invisible controls from a message, as the content pages do, and keeps the joiners Arabic needs (issue 25, point 4)', async () => {
    const admin = await person('admin');
    const user = await person('participant');
    // "invoice‮fdp.exe" reads as "invoiceexe.pdf"; a zero-width space hides inside a word; the zero-width non-joiner stays.
    const sent = await send(user, { Toid: admin.id, msg: 'invoice\u202Efdp.exe pay\u200Bpal \u2066x\u2069 \u0007bell \uFEFFend نمی\u200Cخواهم' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.msg).toBe('invoicefdp.exe paypal x bell end نمی\u200Cخواهم');
    const onlyControls = await send(user, { Toid: admin.id, msg: '\u202E\u200B\u2066' });
    expect(onlyControls.statusCode).toBe(400);
    expect(Object.keys(onlyControls.json().errors)).toEqual(['msg']);
  });

  it('answers unknown, mismatched and deactivated recipients with a field message', async () => {
    const user = await person('participant');
    const missing = await send(user, { Toid: 2_000_000_000, msg: 'Anyone?' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toHaveProperty('Toid');
    const none = await send(user, { msg: 'To whom?' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ Toid: 'Choose who receives the message.' });
    const admin = await createUser('admin');
    const wrongRole = await send(user, { Toid: admin.id, ReplyTo: 'instructor', msg: 'Hi' });
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.json().errors).toHaveProperty('ReplyTo');
    const { db } = await testDatabase();
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, admin.id));
    const gone = await send(user, { Toid: admin.id, msg: 'Hi' });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toMatch(/deactivated/);
    expect(gone.json().errors).toHaveProperty('Toid');
  });

  it('limits messages per sender and minute: 429 with Retry-After, whatever the address', async () => {
    // The budget is per minute of the clock: the app's clock stands 20 seconds into a minute, so all
    // five sends fall in it and the refusal says the 40 seconds left.
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const limited = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, messagesPerMinute: 3 } }, { now: () => minute + 20_000 });
    try {
      const admin = await createUser('admin');
      const user = await createUser('participant');
      const session = await loginAs(limited, 'participant', user.email);
      const headers = { authorization: `Bearer ${session.token}`, ...en };
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await inject(limited, { method: 'POST', url: '/api/participant/message/send', headers, payload: { Toid: admin.id, msg: `n${i}` } })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const res = await inject(limited, { method: 'POST', url: '/api/participant/message/send', headers, payload: { Toid: admin.id, msg: 'one more' } });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('40');
      expect(res.json().message).toMatch(/too quickly/);
      // Refused messages were not stored.
      expect((await inject(limited, { method: 'GET', url: '/api/participant/message/list', headers })).json().data.total).toBe(3);
    } finally {
      await limited.close();
    }
  });

  it('refuses another role\'s token (403) and no token (401)', async () => {
    const user = await person('participant');
    expect((await suite.inject({ method: 'POST', url: '/api/instructor/message/send', headers: user.auth, payload: { Toid: 1, msg: 'x' } })).statusCode).toBe(403);
    expect((await suite.inject({ method: 'GET', url: '/api/participant/message/list' })).statusCode).toBe(401);
  });
});

describe('threads and unread counts (point 3)', () => {
  it('lists threads newest first with the other person, last message and unread count; opening one marks it read', async () => {
    const { course, instructor, participant } = await pair();
    const admin = await person('admin');
    const a = (await send(participant, { Toid: instructor.id, msg: 'First thread' })).json().data;
    await send(instructor, { parentid: a.id, msg: 'Reply one' });
    await send(instructor, { parentid: a.id, msg: 'Reply two' });
    const b = (await send(admin, { Toid: participant.id, msg: 'Welcome' })).json().data;
    expect(await unread(participant)).toBe(3);

    let data = (await list(participant)).json().data;
    expect(data.unread).toBe(3);
    expect(data.items.map((t: { id: number }) => t.id)).toEqual([b.id, a.id]);
    expect(data.items[1]).toMatchObject({ other: { id: instructor.id, role: 'instructor', active: true }, course: { id: course.id, title: course.title }, unread: 2, count: 3, last: { msg: 'Reply two' } });
    // A new message in the older thread brings it to the top.
    await send(instructor, { parentid: a.id, msg: 'Reply three' });
    data = (await list(participant)).json().data;
    expect(data.items.map((t: { id: number }) => t.id)).toEqual([a.id, b.id]);

    const opened = await thread(participant, a.id);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.messages.map((m: { msg: string }) => m.msg)).toEqual(['First thread', 'Reply one', 'Reply two', 'Reply three']);
    expect(await unread(participant)).toBe(1);
    expect((await list(participant)).json().data.items[0].unread).toBe(0);
    // The sender's own messages are not unread for them: the instructor has only the first one to read.
    expect(await unread(instructor)).toBe(1);
    expect((await list(instructor)).json().data.items[0]).toMatchObject({ id: a.id, unread: 1, other: { id: participant.id } });
  });

  it('pages threads (20 a page) and answers page 2', async () => {
    const admin = await person('admin');
    const ids: number[] = [];
    const { db } = await testDatabase();
    for (let i = 0; i < 22; i += 1) {
      // Straight to the database: 22 sends would pass the per-minute budget.
      const u = await createUser('participant');
      const [row] = await db.insert(messages).values({ fromId: admin.id, toId: u.id, replyFrom: 'admin', replyTo: 'participant', msg: `Note ${i}` }).returning();
      ids.push(row!.id);
    }
    const first = (await list(admin)).json().data;
    expect(first).toMatchObject({ page: 1, perPage: 20, total: 22 });
    expect(first.items[0].id).toBe(ids[21]);
    const second = (await list(admin, 2)).json().data;
    expect(second.items.map((t: { id: number }) => t.id)).toEqual([ids[1], ids[0]]);
  });

  it('offers as contacts only the people one may start a conversation with', async () => {
    const { course, instructor, participant } = await pair();
    const admin = await createUser('admin', { name: `Admin ${participant.id}` });
    const participantContacts = (await suite.inject({ method: 'GET', url: '/api/participant/message/contacts', headers: participant.auth })).json().data;
    expect(participantContacts.find((c: { id: number }) => c.id === instructor.id)).toMatchObject({ role: 'instructor', courses: [{ id: course.id, title: course.title }] });
    expect(participantContacts.some((c: { id: number }) => c.id === admin.id)).toBe(true);
    expect(participantContacts.every((c: { role: string }) => c.role !== 'participant')).toBe(true);
    const instructorContacts = (await suite.inject({ method: 'GET', url: '/api/instructor/message/contacts', headers: instructor.auth })).json().data;
    expect(instructorContacts.filter((c: { role: string }) => c.role === 'participant').map((c: { id: number }) => c.id)).toEqual([participant.id]);
  });
});

describe('course announcements (point 5)', () => {
  it('reach every participant enrolled in the course and only them; each can answer the instructor privately', async () => {
    const { course, instructor, participant } = await pair();
    const second = await person('participant', (await enrollParticipant(course.id)).participant);
    const otherCourse = await createCourse({ instructorId: instructor.id });
    const outsider = await person('participant', (await enrollParticipant(otherCourse.id)).participant);

    const res = await suite.inject({ method: 'POST', url: '/api/instructor/message/announce', headers: instructor.auth, payload: { course_id: course.id, msg: 'Live session <b>tonight</b>' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.recipients).toBe(2);
    for (const p of [participant, second]) {
      expect(await unread(p)).toBe(1);
      const t = (await list(p)).json().data.items[0];
      expect(t).toMatchObject({ announcement: true, course: { id: course.id }, other: { id: instructor.id }, last: { msg: 'Live session tonight', Fromid: instructor.id } });
    }
    expect(await unread(outsider)).toBe(0);
    // The instructor's list shows an announcement's copy once a participant answered it.
    expect((await list(instructor)).json().data.total).toBe(0);
    const copy = (await list(participant)).json().data.items[0];
    const reply = await send(participant, { parentid: copy.id, msg: 'I will be there' });
    expect(reply.json().data).toMatchObject({ Toid: instructor.id, parentid: copy.id });
    const instructorThreads = (await list(instructor)).json().data;
    expect(instructorThreads.total).toBe(1);
    expect(instructorThreads.items[0]).toMatchObject({ id: copy.id, other: { id: participant.id }, unread: 1 });
    // Private: the other participant cannot read it.
    expect((await thread(second, copy.id)).statusCode).toBe(404);
  });

  it('only to a course of the instructor', async () => {
    const { instructor } = await pair();
    const foreign = await createCourse();
    const res = await suite.inject({ method: 'POST', url: '/api/instructor/message/announce', headers: instructor.auth, payload: { course_id: foreign.id, msg: 'Hi' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toHaveProperty('course_id');
  });
});

describe('admin history (point 6)', () => {
  it("shows any user's threads (list/{id}) and messages (histroy), without marking them read", async () => {
    const { instructor, participant } = await pair();
    const admin = await person('admin');
    const first = (await send(participant, { Toid: instructor.id, msg: 'Private question' })).json().data;
    await send(instructor, { parentid: first.id, msg: 'Private answer' });

    const threads = await suite.inject({ method: 'GET', url: `/api/admin/message/list/${participant.id}`, headers: admin.auth });
    expect(threads.statusCode).toBe(200);
    expect(threads.json().data.items[0]).toMatchObject({ id: first.id, owner: { id: participant.id }, other: { id: instructor.id }, unread: 1 });

    const all = await suite.inject({ method: 'POST', url: '/api/admin/message/histroy', headers: admin.auth, payload: { replyfrom: 'participant', fromid: participant.id } });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.items.map((m: { msg: string }) => m.msg)).toEqual(['Private answer', 'Private question']);
    expect(all.json().data.items[0]).toMatchObject({ from: { id: instructor.id }, to: { id: participant.id } });
    const one = await suite.inject({ method: 'POST', url: '/api/admin/message/histroy', headers: admin.auth, payload: { replyfrom: 'instructor', fromid: instructor.id, parentid: first.id } });
    expect(one.json().data.items.map((m: { msg: string }) => m.msg)).toEqual(['Private question', 'Private answer']);
    expect(await unread(participant)).toBe(1);

    const wrongRole = await suite.inject({ method: 'POST', url: '/api/admin/message/histroy', headers: admin.auth, payload: { replyfrom: 'instructor', fromid: participant.id } });
    expect(wrongRole.statusCode).toBe(404);
    expect((await suite.inject({ method: 'GET', url: '/api/admin/message/list/2000000000', headers: admin.auth })).statusCode).toBe(404);
    expect((await suite.inject({ method: 'GET', url: `/api/admin/message/list/${participant.id}`, headers: participant.auth })).statusCode).toBe(403);
  });
});
