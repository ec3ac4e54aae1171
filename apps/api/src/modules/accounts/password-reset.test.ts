import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { apiSuite, buildTestApp, createUser, GOOD_PASSWORD, loginAs, testDatabase, uniqueEmail, uniqueIp, testConfig } from '../../../test/harness';
import { mailOutbox, passwordResetTokens, users } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { FORGET_ANSWER_FLOOR_MS } from './password-reset.service';

const PUBLIC_URL = 'https://nibras.test';
const NEW_PASSWORD = 'Copper-harbour-57';

const suite = apiSuite({ config: { publicUrl: PUBLIC_URL } });

async function mailsTo(email: string) {
  const { db } = await testDatabase();
  return db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id));
}

function forget(email: string, role: 'participant' | 'instructor', opts: { lang?: string; ip?: string } = {}) {
  return suite.inject({
    method: 'POST',
    url: '/api/forget_password',
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    headers: opts.lang ? { 'accept-language': opts.lang } : {},
    payload: { email, role },
  });
}

/** Asks for a link and reads it from the queued mail, as the recipient would. */
async function requestLink(role: 'participant' | 'instructor', email: string, lang?: string) {
  const res = await forget(email, role, lang ? { lang } : {});
  expect(res.statusCode).toBe(200);
  const [mail] = await mailsTo(email);
  const match = new RegExp(`${PUBLIC_URL}/reset-password/(participant|instructor)/(\\d+)/([A-Za-z0-9_-]+)`).exec(mail!.textBody)!;
  return { mail: mail!, url: match[0], link: { user: match[1] as 'participant' | 'instructor', id: Number(match[2]), hash: match[3]! } };
}

const { post } = suite;

describe.each(['participant', 'instructor'] as const)('%s forgot and reset password', (role) => {
  it('mails a link to /reset-password/{role}/{id}/{token}, in the language of the request; only the token\'s SHA-256 is stored', async () => {
    const user = await createUser(role);
    const { mail, link } = await requestLink(role, user.email, 'en');
    expect(link).toMatchObject({ user: role, id: user.id });
    expect(Buffer.from(link.hash, 'base64url')).toHaveLength(32);
    expect(mail).toMatchObject({ kind: 'password_reset', lang: 'en', subject: translate('en', 'api.passwordReset.mail.subject') });
    expect(mail.htmlBody).toMatch(/<html lang="en" dir="ltr">/);
    expect(mail.htmlBody).toContain(`href="${PUBLIC_URL}/reset-password/${role}/${user.id}/${link.hash}"`);
    const { db } = await testDatabase();
    const tokens = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).toBe(createHash('sha256').update(link.hash).digest('base64url'));
    expect(JSON.stringify(tokens)).not.toContain(link.hash);
    expect(tokens[0]!.expiresAt.getTime() - tokens[0]!.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
    expect(tokens[0]!.expiresAt.getTime() - tokens[0]!.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);

    // Arabic by default.
    const other = await createUser(role);
    const arabic = await requestLink(role, other.email);
    expect(arabic.mail.lang).toBe('ar');
    expect(arabic.mail.htmlBody).toMatch(/<html lang="ar" dir="rtl">/);
  });

  it('checks the link, sets the new password under the registration rules, ends every session and uses the link up', async () => {
    const user = await createUser(role);
    const before = await loginAs(suite.app, role, user.email);
    const { link } = await requestLink(role, user.email);

    const check = await post('/api/check', link, { 'accept-language': 'en' });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ success: true, data: { email: user.email, invitation: false } });

    const mismatch = await post('/api/reset_password', { ...link, password: NEW_PASSWORD, confirm_password: 'something-else-99' }, { 'accept-language': 'en' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ confirm_password: translate('en', 'api.passwordReset.mismatch') });
    const short = await post('/api/reset_password', { ...link, password: 'short', confirm_password: 'short' }, { 'accept-language': 'en' });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().errors)).toContain('password');
    const common = await post('/api/reset_password', { ...link, password: 'password123', confirm_password: 'password123' }, { 'accept-language': 'en' });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual({ password: translate('en', 'api.validation.password_common') });

    const done = await post('/api/reset_password', { ...link, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD }, { 'accept-language': 'en' });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(translate('en', 'api.passwordReset.done'));

    // Every session of the account ended: the old refresh token and access token stop working.
    const refresh = await post('/api/auth/refresh', { refreshToken: before.refreshToken });
    expect(refresh.statusCode).toBe(401);
    const profile = await suite.inject({ method: 'GET', url: `/api/${role}/profile`, headers: { authorization: `Bearer ${before.token}` } });
    expect(profile.statusCode).toBe(401);
    // The new password signs in; the old one no longer does.
    await loginAs(suite.app, role, user.email, NEW_PASSWORD);
    const old = await post(`/api/${role}/login`, { email: user.email, password: GOOD_PASSWORD, returnSecureToken: true });
    expect(old.statusCode).toBe(401);
    // Single use.
    const again = await post('/api/reset_password', { ...link, password: 'Another-lantern-12', confirm_password: 'Another-lantern-12' }, { 'accept-language': 'en' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ hash: translate('en', 'api.passwordReset.link_invalid') });
    expect((await post('/api/check', link)).statusCode).toBe(400);
  });

  it('refuses a link that expired, was tampered with, or names another account or role', async () => {
    const user = await createUser(role);
    const { link } = await requestLink(role, user.email);
    const otherRole = role === 'participant' ? 'instructor' : 'participant';
    for (const bad of [
      { ...link, hash: `${link.hash.slice(0, -1)}${link.hash.endsWith('A') ? 'B' : 'A'}` },
      { ...link, id: link.id + 1 },
      { ...link, user: otherRole },
    ]) {
      const res = await post('/api/check', bad, { 'accept-language': 'en' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ hash: translate('en', 'api.passwordReset.link_invalid') });
    }
    expect((await post('/api/check', link)).statusCode).toBe(200);
    // The id as the link has it (digits) is the same id; anything else is a field error.
    expect((await post('/api/check', { ...link, id: String(link.id) })).statusCode).toBe(200);
    const notANumber = await post('/api/check', { ...link, id: true });
    expect(notANumber.statusCode).toBe(400);
    expect(Object.keys(notANumber.json().errors)).toEqual(['id']);
    const { db } = await testDatabase();
    await db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.userId, user.id));
    expect((await post('/api/check', link)).statusCode).toBe(400);
    const expired = await post('/api/reset_password', { ...link, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    await loginAs(suite.app, role, user.email); // the password did not change
  });
});

describe('forgot password reveals nothing', () => {
  it('answers an unknown email, another role\'s email and a real account alike, in body, headers and time', async () => {
    const user = await createUser('participant');
    const answers = [];
    for (const [email, role] of [[user.email, 'participant'], [uniqueEmail('nobody'), 'participant'], [user.email, 'instructor']] as const) {
      const started = Date.now();
      const res = await forget(email, role, { lang: 'en' });
      answers.push({ ms: Date.now() - started, status: res.statusCode, body: res.body, type: res.headers['content-type'], length: res.headers['content-length'] });
    }
    expect(answers[0]!.status).toBe(200);
    for (const a of answers.slice(1)) expect({ ...a, ms: 0 }).toEqual({ ...answers[0]!, ms: 0 });
    expect(JSON.parse(answers[0]!.body)).toEqual({ success: true, status: true, message: translate('en', 'api.passwordReset.requested'), data: {} });
    // The same floor of time for all: the work that differs is far below it.
    for (const a of answers) expect(a.ms).toBeGreaterThanOrEqual(FORGET_ANSWER_FLOOR_MS - 5);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('mails nothing to a deactivated account, and answers it like any other', async () => {
    const user = await createUser('participant');
    const { db } = await testDatabase();
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    const res = await forget(user.email, 'participant', { lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(translate('en', 'api.passwordReset.requested'));
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it('sends at most 3 links per email in an hour: a fourth request gets the same answer and no mail', async () => {
    const user = await createUser('instructor');
    const bodies = [];
    for (let i = 0; i < 4; i++) {
      const res = await forget(user.email.toUpperCase(), 'instructor', { ip: uniqueIp() });
      expect(res.statusCode).toBe(200);
      bodies.push(res.body);
    }
    expect(new Set(bodies).size).toBe(1);
    expect(await mailsTo(user.email)).toHaveLength(3);
    const { db } = await testDatabase();
    expect(await db.select().from(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id)))).toHaveLength(3);
  });

  it('limits requests per address like the other public forms (429), and refuses a bad email with a field message', async () => {
    const limited = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, formsPerAddress: 2 } });
    try {
      const ip = uniqueIp();
      const ask = () => limited.inject({ method: 'POST', url: '/api/forget_password', remoteAddress: ip, payload: { email: uniqueEmail('x'), role: 'participant' } });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      const third = await ask();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      const bad = await limited.inject({ method: 'POST', url: '/api/forget_password', remoteAddress: uniqueIp(), headers: { 'accept-language': 'en' }, payload: { email: 'not-an-email', role: 'participant' } });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['email']);
      const admin = await limited.inject({ method: 'POST', url: '/api/forget_password', remoteAddress: uniqueIp(), payload: { email: uniqueEmail('x'), role: 'admin' } });
      expect(admin.statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });

  it('counts bad links against the address like failed sign-ins (429)', async () => {
    const limited = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, loginFailuresPerAddress: 3 } });
    try {
      const ip = uniqueIp();
      const check = () => limited.inject({ method: 'POST', url: '/api/check', remoteAddress: ip, payload: { user: 'participant', id: 1, hash: 'x'.repeat(43) } });
      for (let i = 0; i < 3; i++) expect((await check()).statusCode).toBe(400);
      expect((await check()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
