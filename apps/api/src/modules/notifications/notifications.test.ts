import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiSuite, loginAs, signedIn, testConfig, testDatabase } from '../../../test/harness';
import { createCourse, enrollParticipant } from '../../../test/factories';
import type { AppContext } from '../../context';
import { mailOutbox, notifications, users } from '../../db/schema';
import { sendDigests } from './notifications.service';

// The header's notifications and the digest mail (issue 29, point 5; docs/notifications.md).
const suite = apiSuite();
const { get, post } = suite;

describe('notifications', () => {
  it('are each user\'s own, read one by one or all at once, and a kind switched off in the profile is not stored', async () => {
    const teacher = await signedIn(suite.app, 'instructor');
    const course = await createCourse({ instructorId: teacher.user.id });
    const { participant } = await enrollParticipant(course.id);
    const learner = await signedIn(suite.app, 'participant');
    const other = await signedIn(suite.app, 'instructor');
    const session = await loginAs(suite.app, 'participant', participant.email);
    const write = (msg: string) => post('/api/participant/message/send', { Toid: teacher.user.id, msg }, { authorization: `Bearer ${session.token}` });
    expect((await write('First')).statusCode).toBe(200);
    expect((await write('Second')).statusCode).toBe(200);
    const list = (await get('/api/instructor/notifications', teacher.auth)).json().data;
    expect(list.unread).toBe(2);
    expect(list.items.map((n: { kind: string }) => n.kind)).toEqual(['message', 'message']);
    const [newest] = list.items as { id: number }[];
    // Another's notification is not found; a participant has no instructor's bell.
    expect((await post(`/api/instructor/notifications/${newest!.id}/read`, {}, other.auth)).statusCode).toBe(404);
    expect((await get('/api/instructor/notifications', learner.auth)).statusCode).toBe(403);
    expect((await post(`/api/instructor/notifications/${newest!.id}/read`, {}, teacher.auth)).json().data.unread).toBe(1);
    expect((await post('/api/instructor/notifications/read-all', {}, teacher.auth)).json().data.unread).toBe(0);
    expect((await get('/api/instructor/notifications/unread-count', teacher.auth)).json().data.unread).toBe(0);

    // Switched off in the profile: the next message makes none (the mail switches are untouched).
    const saved = await post('/api/instructor/update', { name: teacher.user.name, bell_opt_outs: ['message', 'order_paid'] }, teacher.auth);
    expect(saved.statusCode).toBe(200);
    // A kind the role never receives is dropped.
    expect(saved.json().data.bell_opt_outs).toEqual(['message']);
    await write('Third');
    expect((await get('/api/instructor/notifications', teacher.auth)).json().data.total).toBe(2);
  });

  it('a message left unread for NOTIFY_DIGEST_MINUTES goes out in one digest mail, in the reader\'s language, once', async () => {
    const { db } = await testDatabase();
    let now = Date.now();
    const ctx = { config: testConfig({ notifyDigestMinutes: 60 }), db, mail: { wake: () => undefined }, now: () => now, log: () => undefined } as unknown as AppContext;
    const reader = await signedIn(suite.app, 'participant');
    await db.update(users).set({ lang: 'en' }).where(eq(users.id, reader.user.id));
    const made = (when: number, kind: string, read = false) => ({ userId: reader.user.id, kind, params: { name: 'Mona Saleh', course: 'Arabic Calligraphy', title: 'Arabic Calligraphy' }, link: '/participant/messages', createdAt: new Date(when), ...(read ? { readAt: new Date(when) } : {}) });
    await db.insert(notifications).values([made(now, 'message'), made(now + 1000, 'answer'), made(now, 'message', true), made(now, 'order_paid')]);
    const digests = () => db.select({ lang: mailOutbox.lang, subject: mailOutbox.subject, text: mailOutbox.textBody }).from(mailOutbox).where(and(eq(mailOutbox.toAddress, reader.user.email), eq(mailOutbox.kind, 'notification_digest')));

    // Not yet an hour: nothing goes out.
    now += 59 * 60_000;
    await sendDigests(ctx);
    expect(await digests()).toEqual([]);
    // An hour after both: one mail for the two unread, none for the read message or the order.
    now += 2 * 60_000;
    await sendDigests(ctx);
    const mails = await digests();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.lang).toBe('en');
    expect(mails[0]!.subject).toContain('2 unread');
    expect(mails[0]!.text).toContain('Mona Saleh sent you a message.');
    expect(mails[0]!.text).toContain('Mona Saleh answered about “Arabic Calligraphy”.');
    // A second sweep sends nothing more.
    now += 60 * 60_000;
    await sendDigests(ctx);
    expect(await digests()).toHaveLength(1);
  });
});
