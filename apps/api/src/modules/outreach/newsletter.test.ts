import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { mailLinks } from '@nibras/contract';
import { apiSuite, signedIn, testDatabase, uniqueEmail } from '../../../test/harness';
import { mailOutbox, newsletterSubscribers } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { translate } from '../../lib/i18n';
import { startSmtpServer } from '../../../test/smtp';
import { parkOtherPendingMail } from '../../../test/mail-backlog';
import { smtpTransport } from '../mail/mail.transport';
import { MailWorker } from '../mail/mail.worker';
import { CONFIRM_MAILS_PER_HOUR } from './outreach.service';

/** The newsletter's double opt-in, the admin's sending and the unsubscribe link (docs/mail.md), read from the outbox. */
const PUBLIC_URL = 'https://nibras.test';

const suite = apiSuite({ config: { publicUrl: PUBLIC_URL } });
let admin: Record<string, string>;
beforeAll(async () => {
  admin = (await signedIn(suite.app, 'admin')).auth;
});

async function mailsTo(email: string, kind: string) {
  const { db } = await testDatabase();
  return db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, kind))).orderBy(desc(mailOutbox.id));
}

const subscribe = (email: string, lang = 'ar') => suite.inject({ method: 'POST', url: '/api/newsletter/subscribe', headers: { 'accept-language': lang }, payload: { email } });
const confirm = (token: string, lang = 'en') => suite.inject({ method: 'POST', url: '/api/newsletter/confirm', headers: { 'accept-language': lang }, payload: { token } });
const unsubscribe = (token: string, lang = 'en') => suite.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', headers: { 'accept-language': lang }, payload: { token } });
const listed = async (email: string) => (await suite.inject({ method: 'POST', url: '/api/admin/subscribe/view?page=1', headers: admin, payload: { search: email } })).json().data;
const csv = async () => (await suite.inject({ method: 'GET', url: '/api/admin/download/status/1', headers: admin })).body;

/** The confirmation link of the latest confirmation mail to the address, and its token. */
async function confirmLink(email: string) {
  const [mail] = await mailsTo(email, 'newsletter_confirm');
  const match = new RegExp(`${PUBLIC_URL}/newsletter/confirm/([A-Za-z0-9_-]+)`).exec(mail!.textBody)!;
  return { mail: mail!, url: match[0], token: match[1]! };
}

function sendNewsletter(body: Partial<Record<'subject_ar' | 'body_ar' | 'subject_en' | 'body_en', string>> = {}) {
  return suite.inject({
    method: 'POST',
    url: '/api/admin/newsletter/send',
    headers: admin,
    payload: {
      subject_ar: 'جديد نبراس',
      body_ar: 'دورات جديدة هذا الشهر.\n\nنراكم قريبًا.',
      subject_en: 'News from Nibras',
      body_en: 'New courses this month <script>alert(1)</script>.\n\nSee you soon & take care.',
      ...body,
    },
  });
}

describe('double opt-in', () => {
  it('subscribing mails a confirmation link in the request\'s language; only its hash is stored; confirming counts the subscriber; the link is then used up', async () => {
    const email = uniqueEmail('optin');
    expect((await subscribe(email, 'en')).json().message).toBe(translate('en', 'api.newsletter.subscribed'));
    const { mail, url, token } = await confirmLink(email);
    expect(mail).toMatchObject({ lang: 'en', subject: translate('en', 'api.newsletter.mail.confirm.subject') });
    expect(mail.htmlBody).toMatch(/<html lang="en" dir="ltr">/);
    expect(url).toBe(`${PUBLIC_URL}${mailLinks.newsletterConfirm(token)}`);
    expect(mail.htmlBody).toContain(`href="${url}"`);
    const { db } = await testDatabase();
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row).toMatchObject({ lang: 'en', confirmedAt: null, confirmTokenHash: hashToken(token) });
    expect(JSON.stringify(row)).not.toContain(token);

    // Waiting: on the admin's list, marked; not in the export.
    expect((await listed(email)).items).toEqual([expect.objectContaining({ email, confirmed: false })]);
    expect(await csv()).not.toContain(email);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe(translate('en', 'api.newsletter.confirmed'));
    expect((await listed(email)).items).toEqual([expect.objectContaining({ email, confirmed: true })]);
    expect(await csv()).toContain(email);

    const again = await confirm(token, 'ar');
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.token).toBe(translate('ar', 'api.newsletter.confirm_link_invalid'));
    expect((await confirm('not-a-real-token')).statusCode).toBe(400);
  });

  it('an unconfirmed address gets a fresh link when it subscribes again (the old one stops working), a few times an hour; a confirmed one gets nothing; the answer never differs', async () => {
    const email = uniqueEmail('again');
    const first = await subscribe(email);
    const firstLink = await confirmLink(email);
    const second = await subscribe(email.toUpperCase());
    expect(second.body).toBe(first.body);
    const secondLink = await confirmLink(email);
    expect(secondLink.token).not.toBe(firstLink.token);
    expect((await confirm(firstLink.token)).statusCode).toBe(400);
    for (let i = 2; i < CONFIRM_MAILS_PER_HOUR + 2; i++) expect((await subscribe(email)).body).toBe(first.body);
    expect(await mailsTo(email, 'newsletter_confirm')).toHaveLength(CONFIRM_MAILS_PER_HOUR);
    const latest = await confirmLink(email);
    expect((await confirm(latest.token)).statusCode).toBe(200);
    expect((await subscribe(email)).body).toBe(first.body);
    expect(await mailsTo(email, 'newsletter_confirm')).toHaveLength(CONFIRM_MAILS_PER_HOUR);
    // An address never seen gets the same answer.
    expect((await subscribe(uniqueEmail('new'))).body).toBe(first.body);
  });
});

describe('newsletter and unsubscribe', () => {
  it('goes to confirmed subscribers only, in their language, escaped, each with a working unsubscribe link that needs no sign-in', async () => {
    const arabic = uniqueEmail('nl-ar');
    const english = uniqueEmail('nl-en');
    const waiting = uniqueEmail('nl-wait');
    await subscribe(arabic, 'ar');
    await subscribe(english, 'en');
    await subscribe(waiting, 'en');
    expect((await confirm((await confirmLink(arabic)).token)).statusCode).toBe(200);
    expect((await confirm((await confirmLink(english)).token)).statusCode).toBe(200);

    const sent = await sendNewsletter();
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.queued).toBeGreaterThanOrEqual(2);
    expect(await mailsTo(waiting, 'newsletter')).toHaveLength(0);
    const [ar] = await mailsTo(arabic, 'newsletter');
    const [en] = await mailsTo(english, 'newsletter');
    expect(ar).toMatchObject({ lang: 'ar', subject: 'جديد نبراس' });
    expect(ar!.htmlBody).toMatch(/<html lang="ar" dir="rtl">/);
    expect(en).toMatchObject({ lang: 'en', subject: 'News from Nibras' });
    expect(en!.htmlBody).not.toContain('<script>');
    expect(en!.htmlBody).toContain('See you soon &amp; take care.');

    const link = new RegExp(`${PUBLIC_URL}/newsletter/unsubscribe/([0-9a-f-]{36})`).exec(en!.textBody)!;
    expect(en!.htmlBody).toContain(`href="${link[0]}"`);
    expect(en!.textBody).toContain(translate('en', 'api.newsletter.mail.unsubscribe'));
    expect(link[0]).toBe(`${PUBLIC_URL}${mailLinks.newsletterUnsubscribe(link[1]!)}`);

    // No authorization header: the link alone unsubscribes.
    const gone = await unsubscribe(link[1]!);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe(translate('en', 'api.newsletter.unsubscribed'));
    expect((await listed(english)).total).toBe(0);
    const twice = await unsubscribe(link[1]!, 'ar');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.token).toBe(translate('ar', 'api.newsletter.unsubscribe_link_invalid'));

    // The next newsletter skips them; the Arabic subscriber still gets it.
    await sendNewsletter({ subject_en: 'Second issue', subject_ar: 'العدد الثاني' });
    expect(await mailsTo(english, 'newsletter')).toHaveLength(1);
    expect(await mailsTo(arabic, 'newsletter')).toHaveLength(2);
  });

  it('sent through the SMTP server, a newsletter carries the one-click unsubscribe headers (RFC 8058), and that POST unsubscribes', async () => {
    const email = uniqueEmail('oneclick');
    await subscribe(email, 'en');
    expect((await confirm((await confirmLink(email)).token)).statusCode).toBe(200);
    expect((await sendNewsletter({ subject_en: 'One click' })).statusCode).toBe(200);

    const server = await startSmtpServer();
    const { db } = await testDatabase();
    const unpark = await parkOtherPendingMail(db, [email]);
    const worker = new MailWorker({ db, transport: smtpTransport(`smtp://127.0.0.1:${server.port}`), from: 'Nibras <no-reply@test.example>', maxAttempts: 3, retryBaseMs: 20, pollMs: 50 });
    worker.start();
    try {
      await server.waitFor((received) => received.some((m) => m.to.includes(email) && m.subject === 'One click'));
    } finally {
      await worker.stop();
      await server.close();
      await unpark();
    }
    const mail = server.received.find((m) => m.to.includes(email) && m.subject === 'One click')!;
    const page = new RegExp(`${PUBLIC_URL}/newsletter/unsubscribe/([0-9a-f-]{36})`).exec(mail.text)!;
    expect(mail.headers['list-unsubscribe']).toBe(`<${PUBLIC_URL}/api/newsletter/unsubscribe/${page[1]}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const url = mail.headers['list-unsubscribe']!.slice(1, -1).replace(PUBLIC_URL, '');
    const post = (body: string) => suite.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
    expect((await post('List-Unsubscribe=Something')).statusCode).toBe(400);
    expect((await listed(email)).total).toBe(1);
    expect((await post('List-Unsubscribe=One-Click')).statusCode).toBe(200);
    expect((await listed(email)).total).toBe(0);
    expect((await post('List-Unsubscribe=One-Click')).statusCode).toBe(400);
  });

  it('sending needs an admin and both languages', async () => {
    const participant = await signedIn(suite.app, 'participant');
    expect((await suite.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: participant.auth, payload: {} })).statusCode).toBe(403);
    const missing = await suite.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: admin, payload: { subject_ar: 'عنوان', body_ar: 'نص طويل بما يكفي' } });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['body_en', 'subject_en']);
  });
});
