import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { buildTestApp, createUser, inject, testConfig, testDatabase, uniqueEmail } from '../../../test/harness';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { parkOtherPendingMail } from '../../../test/mail-backlog';
import { mailOutbox } from '../../db/schema';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { hasTranslation, translate } from '../../lib/i18n';
import { configuredTransport, enqueueMail } from './mail.service';
import { classifyFailure, smtpTransport, type MailTransport } from './mail.transport';
import { MailWorker, type MailWorkerOptions } from './mail.worker';
import { claimDueMail } from './mail.queries';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
// The workers these tests start must see only the mail the test itself queues.
beforeEach(async () => {
  cleanups.push(await parkOtherPendingMail((await testDatabase()).db, []));
});
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function context(overrides: Partial<Config> = {}): Promise<AppContext> {
  const { db } = await testDatabase();
  return { config: testConfig(overrides), db, mail: { wake: () => undefined } } as unknown as AppContext;
}

async function worker(ctx: AppContext, transport: MailTransport, options: Partial<MailWorkerOptions> = {}) {
  const w = new MailWorker({ db: ctx.db, transport, from: 'Nibras <no-reply@test.example>', maxAttempts: 3, retryBaseMs: 20, maxRetryMs: 200, pollMs: 50, ...options });
  cleanups.push(() => w.stop());
  return w;
}

async function smtp(opts: Parameters<typeof startSmtpServer>[0] = {}): Promise<TestSmtpServer> {
  const server = await startSmtpServer(opts);
  cleanups.push(() => server.close());
  return server;
}

function resetMail(to: string, lang: 'ar' | 'en', name = 'Salma') {
  return { to, lang, template: { kind: 'password_reset' as const, params: { name, role: 'participant' as const, minutes: 60, link: `http://nibras.test/reset-password/participant/7/tok-${lang}` } } };
}

const countTo = (server: TestSmtpServer, address: string) => server.received.filter((m) => m.to.includes(address)).length;

async function rowsOf(addresses: string[]) {
  const { db } = await testDatabase();
  return db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses));
}

async function waitForRows(addresses: string[], done: (rows: Awaited<ReturnType<typeof rowsOf>>) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await rowsOf(addresses);
    if (done(rows)) return rows;
    if (Date.now() > deadline) throw new Error(`outbox rows never reached the expected state: ${JSON.stringify(rows.map((r) => [r.toAddress, r.status, r.attempts, r.rejections]))}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('mail over SMTP', () => {
  it('delivers an HTML and a plain-text part, right to left in Arabic and left to right in English, with user values escaped', async () => {
    const server = await smtp();
    const ctx = await context();
    const ar = uniqueEmail('mail-ar');
    const en = uniqueEmail('mail-en');
    const name = 'Sa<b>"lma" & co';
    const queuedAr = await enqueueMail(ctx, resetMail(ar, 'ar', name));
    const queuedEn = await enqueueMail(ctx, resetMail(en, 'en', name));
    (await worker(ctx, smtpTransport(`smtp://127.0.0.1:${server.port}`))).start();
    await server.waitFor(() => countTo(server, ar) === 1 && countTo(server, en) === 1);

    for (const [address, lang, queued] of [[ar, 'ar', queuedAr], [en, 'en', queuedEn]] as const) {
      const mail = server.received.find((m) => m.to.includes(address))!;
      expect(mail.subject).toBe(translate(lang, 'api.passwordReset.mail.subject'));
      expect(mail.messageId).toBe(queued.messageId);
      expect(mail.headers['content-language']).toBe(lang);
      expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
      // Plain text: the words of the language, the value as typed, the link.
      expect(mail.text).toContain(translate(lang, 'api.mail.greeting', { name }));
      expect(mail.text).toContain(`http://nibras.test/reset-password/participant/7/tok-${lang}`);
      expect(mail.text).not.toContain('<p');
      // HTML: the direction and language on the root, the value escaped, the link as a button.
      const root = /<html[^>]*>/.exec(mail.html)![0];
      expect(root).toContain(`lang="${lang}"`);
      expect(root).toContain(`dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`);
      expect(mail.html).toContain('Sa&lt;b&gt;&quot;lma&quot; &amp; co');
      expect(mail.html).not.toContain('<b>"lma"');
      expect(mail.html).toContain(`href="http://nibras.test/reset-password/participant/7/tok-${lang}"`);
      expect(mail.html).toContain(translate(lang, 'api.passwordReset.mail.action'));
      expect(mail.html).not.toMatch(/margin-left|margin-right|text-align:\s*(left|right)/);
    }
    expect(server.received.find((m) => m.to.includes(ar))!.text).toMatch(/[\u0600-\u06FF]/);
    expect(server.received.find((m) => m.to.includes(en))!.text).not.toMatch(/[\u0600-\u06FF]/);
    // Marked sent once the server's acceptance reaches the worker (just after the server kept the message).
    await waitForRows([ar, en], (rows) => rows.length === 2 && rows.every((r) => r.status === 'sent'));
  });

  it('with the SMTP server down nothing is lost: once it is back every queued mail goes out exactly once', async () => {
    const server = await smtp();
    await server.close();
    const ctx = await context();
    const addresses = Array.from({ length: 5 }, () => uniqueEmail('mail-down'));
    for (const a of addresses) await enqueueMail(ctx, resetMail(a, 'en'));
    // One refusal would fail a message; an unreachable server is not a refusal.
    const w = await worker(ctx, smtpTransport(`smtp://127.0.0.1:${server.port}`), { maxAttempts: 1 });
    w.start();
    await waitForRows(addresses, (rows) => rows.every((r) => r.attempts >= 3));
    const waiting = await rowsOf(addresses);
    expect(waiting.every((r) => r.status === 'pending' || r.status === 'sending')).toBe(true);
    expect(waiting.every((r) => r.rejections === 0 && r.lastError)).toBe(true);
    expect(server.received).toHaveLength(0);

    await server.restart();
    await server.waitFor(() => addresses.every((a) => countTo(server, a) >= 1));
    await waitForRows(addresses, (rows) => rows.every((r) => r.status === 'sent'));
    // Nothing in hand and nothing of ours due: no copy can still come.
    await w.drained();
    expect(addresses.map((a) => countTo(server, a))).toEqual(addresses.map(() => 1));
  });

  it('a permanent refusal (550) is retried MAIL_MAX_ATTEMPTS times, then the mail is marked failed; other mail still goes', async () => {
    const server = await smtp({ refuse: (address) => address.startsWith('refused.') });
    const ctx = await context();
    const refused = uniqueEmail('refused');
    const fine = uniqueEmail('mail-fine');
    await enqueueMail(ctx, resetMail(refused, 'ar'));
    await enqueueMail(ctx, resetMail(fine, 'ar'));
    const w = await worker(ctx, smtpTransport(`smtp://127.0.0.1:${server.port}`), { maxAttempts: 3 });
    w.start();
    const [row] = await waitForRows([refused], (rows) => rows[0]?.status === 'failed');
    expect(row).toMatchObject({ status: 'failed', rejections: 3, attempts: 3, sentAt: null });
    expect(row!.lastError).toMatch(/550/);
    // A failed mail is never due again: the worker comes to rest without a fourth try.
    await w.drained();
    expect(server.recipientsTried.filter((a) => a === refused)).toHaveLength(3);
    expect(countTo(server, refused)).toBe(0);
    expect(countTo(server, fine)).toBe(1);
  });

  it('two workers on one database never send the same mail twice', async () => {
    const server = await smtp({ delayMs: 15 });
    const ctx = await context();
    const addresses = Array.from({ length: 30 }, () => uniqueEmail('mail-pair'));
    for (const a of addresses) await enqueueMail(ctx, resetMail(a, 'en'));
    const sentBy = [new Set<string>(), new Set<string>()];
    const counted = (i: number): MailTransport => {
      const inner = smtpTransport(`smtp://127.0.0.1:${server.port}`);
      return { send: async (m) => (await inner.send(m), void sentBy[i]!.add(m.to)), close: () => inner.close() };
    };
    const one = await worker(ctx, counted(0), { batchSize: 5 });
    const two = await worker(ctx, counted(1), { batchSize: 5 });
    one.start();
    two.start();
    await server.waitFor(() => addresses.every((a) => countTo(server, a) >= 1), 30_000);
    await waitForRows(addresses, (rows) => rows.every((r) => r.status === 'sent'));
    await Promise.all([one.drained(), two.drained()]);
    expect(addresses.map((a) => countTo(server, a))).toEqual(addresses.map(() => 1));
    // Both took part: the test is about two claims at once.
    const mine = (i: number) => addresses.filter((a) => sentBy[i]!.has(a)).length;
    expect(mine(0)).toBeGreaterThan(0);
    expect(mine(1)).toBeGreaterThan(0);
    expect(mine(0) + mine(1)).toBe(30);
  });

  it('a claim whose worker died is taken again after its lease (the at-least-once window), with the same Message-ID', async () => {
    const server = await smtp();
    const ctx = await context();
    const address = uniqueEmail('mail-lease');
    const queued = await enqueueMail(ctx, resetMail(address, 'en'));
    // A worker claims the mail, the server accepts it, and the worker dies before marking it sent.
    const inner = smtpTransport(`smtp://127.0.0.1:${server.port}`);
    const { db } = await testDatabase();
    const rows = await claimDueMail(db, 'dead-worker', 200, 100);
    const mine = rows.find((r) => r.toAddress === address)!;
    await inner.send({ messageId: mine.messageId, from: 'x@test.example', to: address, lang: 'en', subject: mine.subject, text: mine.textBody, html: mine.htmlBody });
    // Release any other rows this test claimed, so other tests' mail is not held up.
    await db.update(mailOutbox).set({ status: 'pending', claimToken: null, claimedUntil: null }).where(inArray(mailOutbox.id, rows.filter((r) => r.id !== mine.id).map((r) => r.id)));
    (await worker(ctx, smtpTransport(`smtp://127.0.0.1:${server.port}`))).start();
    await waitForRows([address], (r) => r[0]?.status === 'sent');
    const copies = server.received.filter((m) => m.to.includes(address));
    expect(copies).toHaveLength(2);
    expect(new Set(copies.map((m) => m.messageId))).toEqual(new Set([queued.messageId]));
  });
});

describe('failures', () => {
  it('counts only what the server refused; an unreachable or misconfigured relay is waited for', () => {
    expect(classifyFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' })).rejected).toBe(false);
    expect(classifyFailure(Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' })).rejected).toBe(false);
    expect(classifyFailure(Object.assign(new Error('Invalid login'), { code: 'EAUTH', responseCode: 535 })).rejected).toBe(false);
    expect(classifyFailure(Object.assign(new Error('Mailbox unavailable'), { code: 'EENVELOPE', responseCode: 550 })).rejected).toBe(true);
    expect(classifyFailure(Object.assign(new Error('Try again later'), { code: 'EMESSAGE', responseCode: 451 })).rejected).toBe(true);
  });

  it('every word of the reset mail exists in both languages, the account kinds included', () => {
    for (const role of ['participant', 'instructor']) expect(hasTranslation(`api.passwordReset.mail.account.${role}`)).toBe(true);
  });
});

describe('reset links do not stay in the database', () => {
  it('blanks the bodies of mail sent more than an hour ago; newer mail keeps them', async () => {
    const server = await smtp();
    const ctx = await context();
    const old = uniqueEmail('mail-old');
    const recent = uniqueEmail('mail-recent');
    await enqueueMail(ctx, resetMail(old, 'en'));
    await enqueueMail(ctx, resetMail(recent, 'en'));
    const { db } = await testDatabase();
    await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(Date.now() - 61 * 60_000) }).where(eq(mailOutbox.toAddress, old));
    (await worker(ctx, smtpTransport(`smtp://127.0.0.1:${server.port}`))).start();
    const rows = await waitForRows([old, recent], (r) => r.length === 2 && r.every((x) => x.status === 'sent') && r.some((x) => x.textBody === ''));
    const byAddress = Object.fromEntries(rows.map((r) => [r.toAddress, r]));
    expect(byAddress[old]).toMatchObject({ textBody: '', htmlBody: '', subject: translate('en', 'api.passwordReset.mail.subject') });
    expect(byAddress[recent]!.textBody).toContain('/reset-password/participant/7/tok-en');
  });
});

describe('mail without SMTP_URL', () => {
  it('writes each message to DATA_DIR/outbox as an .eml file and logs its link', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-outbox-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const ctx = await context({ dataDir });
    const address = uniqueEmail('mail-file');
    await enqueueMail(ctx, resetMail(address, 'ar'));
    const lines: string[] = [];
    const w = await worker(ctx, configuredTransport(ctx, (line) => lines.push(line)));
    w.start();
    await waitForRows([address], (rows) => rows[0]?.status === 'sent');
    const files = readdirSync(path.join(dataDir, 'outbox'));
    const mine = files.map((f) => readFileSync(path.join(dataDir, 'outbox', f), 'utf8')).find((raw) => raw.includes(address))!;
    const mail = parseMail(mine);
    expect(mail.subject).toBe(translate('ar', 'api.passwordReset.mail.subject'));
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain(translate('ar', 'api.mail.greeting', { name: 'Salma' }));
    expect(lines.some((l) => l.includes(address) && l.includes('file://') && l.includes('.eml'))).toBe(true);
  });
});

describe('the worker and the server', () => {
  it('starts with the server, is woken by an enqueue, and stops when the server closes', async () => {
    const server = await smtp();
    const app = await buildTestApp({ mail: { ...testConfig().mail, worker: true, smtpUrl: `smtp://127.0.0.1:${server.port}`, pollMs: 600_000 } });
    const user = await createUser('participant');
    // Other files' mail queued meanwhile (on a PostgreSQL server they run at the same time) waits behind this one.
    cleanups.push(await parkOtherPendingMail((await testDatabase()).db, [user.email]));
    const started = Date.now();
    const res = await inject(app, { method: 'POST', url: '/api/forget_password', headers: { 'accept-language': 'en' }, payload: { email: user.email, role: 'participant' } });
    expect(res.statusCode).toBe(200);
    // Polling every ten minutes: only the wake-up after the enqueue sends it within 20 seconds.
    await server.waitFor((r) => r.some((m) => m.to.includes(user.email)), 20_000);
    expect(Date.now() - started).toBeLessThan(20_000);
    await app.close();
    const { db } = await testDatabase();
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(row!.status).toBe('sent');
  });
});
