import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createUser, GOOD_PASSWORD, inject, loginAs, TEST_JWT_SECRET } from '../../../test/harness';
import { createCourse, enrollParticipant } from '../../../test/factories';
import { ROOT, startServerProcess, type ServerProcess } from '../../../test/server-process';
import { eventReader } from '../../../test/sse';
import { STREAMS_PER_USER } from './live-stream';

/** The live delivery of point 4: a stream on one server sees a message sent through another. */

/** Opens a user's event stream over real HTTP; `next(match)` waits for a matching event. */
async function openStream(base: string, role: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/${role}/message/stream`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events = eventReader();
  /** Resolves when the server ends the stream (or the test closes it). */
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        events.push(value);
      }
    } catch {
      // aborted
    }
  })();
  return { next: events.next, seen: events.seen, ended, close: () => controller.abort() };
}

describe('live delivery on the embedded database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let baseA: string;
  let baseB: string;
  beforeAll(async () => {
    // Two app instances on one database: the notification goes through the database, not memory.
    a = await buildTestApp();
    b = await buildTestApp();
    baseA = await a.listen({ port: 0, host: '127.0.0.1' });
    baseB = await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('a message reaches the recipient\'s open stream within 5 seconds, and only theirs', async () => {
    const instructor = await createUser('instructor');
    const course = await createCourse({ instructorId: instructor.id });
    const { participant } = await enrollParticipant(course.id);
    const bystander = await createUser('instructor');
    const instructorSession = await loginAs(b, 'instructor', instructor.email);
    const bystanderSession = await loginAs(b, 'instructor', bystander.email);
    const participantSession = await loginAs(a, 'participant', participant.email);

    const stream = await openStream(baseB, 'instructor', instructorSession.token);
    const other = await openStream(baseB, 'instructor', bystanderSession.token);
    await stream.next((e) => e.event === 'ready');
    await other.next((e) => e.event === 'ready');
    try {
      const started = Date.now();
      const sent = await inject(a, { method: 'POST', url: '/api/participant/message/send', headers: { authorization: `Bearer ${participantSession.token}` }, payload: { Toid: instructor.id, msg: 'Live hello' } });
      expect(sent.statusCode).toBe(200);
      const id = sent.json().data.id as number;
      const event = await stream.next((e) => e.event === 'message');
      expect(Date.now() - started).toBeLessThan(5000);
      expect(JSON.parse(event.data)).toEqual({ id, threadId: id });
      // The bell's row is made with it (the message's event refreshes the bell: docs/notifications.md): it names the sender and opens the thread.
      const auth = { authorization: `Bearer ${instructorSession.token}` };
      const listed = (await inject(b, { method: 'GET', url: '/api/instructor/notifications', headers: auth })).json().data;
      expect(listed.unread).toBe(1);
      expect(listed.items[0]).toMatchObject({ kind: 'message', params: { name: participant.name }, link: `/instructor/messages?thread=${id}`, read: false });
      // Opening the thread tells the reader's streams (other tabs) to update their badge, and reads its notification.
      await inject(b, { method: 'GET', url: `/api/instructor/message/thread/${id}`, headers: auth });
      expect(JSON.parse((await stream.next((e) => e.event === 'read')).data)).toEqual({ threadId: id });
      expect((await inject(b, { method: 'GET', url: '/api/instructor/notifications/unread-count', headers: auth })).json().data.unread).toBe(0);
      expect(other.seen.filter((e) => e.event !== 'ready')).toEqual([]);
    } finally {
      stream.close();
      other.close();
    }
  });

  it("an announcement reaches each enrolled participant's open stream, live", async () => {
    const instructor = await createUser('instructor');
    const course = await createCourse({ instructorId: instructor.id });
    const { participant } = await enrollParticipant(course.id);
    const participantSession = await loginAs(b, 'participant', participant.email);
    const instructorSession = await loginAs(a, 'instructor', instructor.email);
    const stream = await openStream(baseB, 'participant', participantSession.token);
    try {
      await stream.next((e) => e.event === 'ready');
      const started = Date.now();
      const res = await inject(a, { method: 'POST', url: '/api/instructor/message/announce', headers: { authorization: `Bearer ${instructorSession.token}` }, payload: { course_id: course.id, msg: 'Exam moved' } });
      expect(res.statusCode).toBe(200);
      const event = await stream.next((e) => e.event === 'message');
      expect(Date.now() - started).toBeLessThan(5000);
      await stream.next((e) => e.event === 'notification');
      const bell = (await inject(b, { method: 'GET', url: '/api/participant/notifications', headers: { authorization: `Bearer ${participantSession.token}` } })).json().data;
      expect(bell.items[0]).toMatchObject({ kind: 'announcement', params: { course: course.title }, read: false });
      const list = await inject(b, { method: 'GET', url: '/api/participant/message/list', headers: { authorization: `Bearer ${participantSession.token}` } });
      expect(JSON.parse(event.data).threadId).toBe(list.json().data.items[0].id);
      expect(list.json().data.unread).toBe(1);
    } finally {
      stream.close();
    }
  });

  it(`holds at most ${STREAMS_PER_USER} open streams of one user per process: the next is a 429 with Retry-After, and closing one frees its place (issue 25, point 4)`, async () => {
    const user = await createUser('participant');
    const { token } = await loginAs(a, 'participant', user.email);
    const streams = [];
    try {
      for (let i = 0; i < STREAMS_PER_USER; i += 1) streams.push(await openStream(baseA, 'participant', token));
      const refused = await fetch(`${baseA}/api/participant/message/stream`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'accept-language': 'en' } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(((await refused.json()) as { message: string }).message).toBe('You have too many message windows open. Close some, and this one connects again by itself.');
      // Another user is not affected, nor is this user on the other process.
      const other = await createUser('participant');
      streams.push(await openStream(baseA, 'participant', (await loginAs(a, 'participant', other.email)).token));
      streams.push(await openStream(baseB, 'participant', token));
      streams[0]!.close();
      await expect.poll(async () => (await openStream(baseA, 'participant', token).then((s) => (streams.push(s), 200), () => 429)), { timeout: 5_000 }).toBe(200);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('ends the open streams of a user an admin deactivates or removes, or who signs out, at once (not at the next heartbeat, 20 s later), on every process (issue 25, point 4)', async () => {
    const admin = await loginAs(a, 'admin', (await createUser('admin')).email);
    for (const how of ['removed by an admin', 'signed out'] as const) {
      const user = await createUser('participant');
      const session = await loginAs(a, 'participant', user.email);
      const stream = await openStream(baseB, 'participant', session.token);
      try {
        await stream.next((e) => e.event === 'ready');
        const done =
          how === 'signed out'
            ? await inject(a, { method: 'GET', url: '/api/participant/logout', headers: { authorization: `Bearer ${session.token}` } })
            : await inject(a, { method: 'GET', url: `/api/admin/participant/delete/${user.id}`, headers: { authorization: `Bearer ${admin.token}` } });
        expect(done.statusCode, how).toBe(200);
        // Within 5 s, well before the 20 s heartbeat would have noticed.
        let ended = false;
        void stream.ended.then(() => (ended = true));
        await expect.poll(() => ended, { message: how, timeout: 5_000 }).toBe(true);
      } finally {
        stream.close();
      }
    }
  });

  it('refuses a stream without a session (401) or without asking for event-stream (400)', async () => {
    expect((await fetch(`${baseA}/api/participant/message/stream`, { headers: { accept: 'text/event-stream' } })).status).toBe(401);
    const user = await createUser('participant');
    const session = await loginAs(a, 'participant', user.email);
    const plain = await fetch(`${baseA}/api/participant/message/stream`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as { success: boolean }).success).toBe(false);
  });
});

// Two real server processes on one PostgreSQL server: only in the PostgreSQL pass of the API
// tests (`TEST_DATABASE_URL`, as CI runs it), where LISTEN/NOTIFY crosses processes.
if (process.env.TEST_DATABASE_URL) {
  describe('live delivery across two API processes on PostgreSQL', () => {
    const servers: ServerProcess[] = [];
    afterAll(() => Promise.all(servers.map((s) => s.stop())));

    async function startServer(): Promise<string> {
      const server = await startServerProcess({
        DATABASE_URL: process.env.TEST_DATABASE_URL,
        JWT_SECRET: TEST_JWT_SECRET,
        SEED_DEMO: 'false',
        MAIL_WORKER: 'false',
        NODE_ENV: 'test',
        WEB_DIST: path.join(ROOT, 'no-web-dist'),
      });
      servers.push(server);
      return server.base;
    }

    const login = async (base: string, role: string, email: string) => {
      const res = await fetch(`${base}/api/${role}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: GOOD_PASSWORD, returnSecureToken: true }) });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { token: string } }).data.token;
    };

    it('the recipient connected to one process sees a message sent through the other within 5 seconds', async () => {
      const [one, two] = await Promise.all([startServer(), startServer()]);
      const instructor = await createUser('instructor');
      const course = await createCourse({ instructorId: instructor.id });
      const { participant } = await enrollParticipant(course.id);
      const instructorToken = await login(two, 'instructor', instructor.email);
      const participantToken = await login(one, 'participant', participant.email);
      const stream = await openStream(two, 'instructor', instructorToken);
      try {
        await stream.next((e) => e.event === 'ready', 10_000);
        const started = Date.now();
        const res = await fetch(`${one}/api/participant/message/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${participantToken}` },
          body: JSON.stringify({ Toid: instructor.id, msg: 'Across processes' }),
        });
        expect(res.status).toBe(200);
        const id = ((await res.json()) as { data: { id: number } }).data.id;
        const event = await stream.next((e) => e.event === 'message');
        expect(Date.now() - started).toBeLessThan(5000);
        expect(JSON.parse(event.data)).toEqual({ id, threadId: id });
      } finally {
        stream.close();
      }
    }, 120_000);
  });
}
