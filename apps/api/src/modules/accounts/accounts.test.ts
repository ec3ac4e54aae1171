import { describe, expect, it } from 'vitest';
import { apiSuite, createUser, GOOD_PASSWORD, loginAs, signedIn, uniqueEmail, uniqueIp } from '../../../test/harness';
import { testDatabase } from '../../../test/harness';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { commonPasswordCount } from '../../lib/passwords';

const suite = apiSuite();

const registerPath = { participant: '/api/participant/register', instructor: '/api/instructor/Register' } as const;

describe.each(['participant', 'instructor'] as const)('%s registration and login', (role) => {
  it('registers, stores an argon2id hash, and signs in with the spec session shape', async () => {
    const email = uniqueEmail(role);
    const reg = await suite.inject({ method: 'POST', url: registerPath[role], payload: { name: 'Salma Test', email, password: GOOD_PASSWORD } });
    expect(reg.statusCode).toBe(200);
    expect(reg.json()).toMatchObject({ success: true, status: true, message: 'تم إنشاء الحساب بنجاح', data: { name: 'Salma Test', email } });
    expect(reg.body).not.toContain('argon2');

    const { db } = await testDatabase();
    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const res = await suite.inject({ method: 'POST', url: `/api/${role}/login`, headers: { 'accept-language': 'en' }, payload: { email, password: GOOD_PASSWORD, returnSecureToken: true } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data)).toEqual(expect.arrayContaining(['email', 'token', 'localId', 'expiresIn', 'refreshToken', 'message']));
    expect(data).toMatchObject({ email, localId: String(row!.id), expiresIn: 3600, message: 'Login Successfully Completed' });
    expect(data.token.split('.')).toHaveLength(3);
  });

  it('treats emails as unique per role, case-insensitively, with a field message', async () => {
    const email = uniqueEmail(role);
    await createUser(role, { email });
    const res = await suite.inject({ method: 'POST', url: registerPath[role], headers: { 'accept-language': 'en' }, payload: { name: 'Copy Cat', email: email.toUpperCase(), password: GOOD_PASSWORD } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, status: false, errors: { email: 'An account with this email already exists.' } });
    // The same address may hold an account of another role.
    const other = role === 'participant' ? 'instructor' : 'participant';
    const again = await suite.inject({ method: 'POST', url: registerPath[other], payload: { name: 'Other Role', email, password: GOOD_PASSWORD } });
    expect(again.statusCode).toBe(200);
  });
});

describe.each(['participant', 'instructor'] as const)('%s registration', (role) => {
  it('stores the name as plain text: an entity-encoded tag is removed, not decoded into markup', async () => {
    const reg = await suite.inject({ method: 'POST', url: registerPath[role], headers: { 'x-forwarded-for': uniqueIp() }, payload: { name: '&lt;img src=x onerror=alert(1)&gt;Salma', email: uniqueEmail(role), password: GOOD_PASSWORD } });
    expect(reg.statusCode).toBe(200);
    expect(reg.json().data.name).toBe('Salma');
  });
});

describe('password rules', () => {
  it('ships a list of at least 10,000 common passwords', () => {
    expect(commonPasswordCount).toBeGreaterThanOrEqual(10_000);
  });

  it.each([
    ['short', 'Ab1!xyz', 'password'],
    ['too long', 'x'.repeat(129), 'password'],
    ['common', 'password123', 'password'],
    ['common, other case', 'Iloveyou1', 'password'],
  ])('refuses a %s password with a field message', async (_label, password, field) => {
    const res = await suite.inject({ method: 'POST', url: '/api/participant/register', headers: { 'accept-language': 'en' }, payload: { name: 'Weak Pass', email: uniqueEmail(), password } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toMatch(/characters|common/);
  });

  it('accepts 8 and 128 characters', async () => {
    for (const password of ['Zq8#mK2v', `${'Qx7!'.repeat(32)}`]) {
      const res = await suite.inject({ method: 'POST', url: '/api/participant/register', payload: { name: 'Edge Case', email: uniqueEmail(), password } });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

describe('login failures', () => {
  it('gives a wrong password and an unknown email the same 401 body, translated', async () => {
    const user = await createUser('instructor');
    const wrong = await suite.inject({ method: 'POST', url: '/api/instructor/login', payload: { email: user.email, password: 'Not-the-password-1', returnSecureToken: true } });
    const unknown = await suite.inject({ method: 'POST', url: '/api/instructor/login', payload: { email: uniqueEmail(), password: 'Not-the-password-1', returnSecureToken: true } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toMatchObject({ success: false, status: false, message: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.' });
    const en = await suite.inject({ method: 'POST', url: '/api/instructor/login', headers: { 'accept-language': 'en-GB,en;q=0.9' }, payload: { email: user.email, password: 'nope-nope-nope' } });
    expect(en.json().message).toBe('The email or password is incorrect.');
  });

  it('looks at no more than 5 passwords for one account when wrong ones arrive all at once: 5 get 401, the rest 429', async () => {
    const user = await createUser('participant');
    const ip = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => suite.app.inject({ method: 'POST', url: '/api/participant/login', remoteAddress: ip, payload: { email: user.email, password: 'Not-the-password-1' } })),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
  });

  it('does not let an account of one role sign in on another role', async () => {
    const user = await createUser('participant');
    const res = await suite.inject({ method: 'POST', url: '/api/admin/login', payload: { email: user.email, password: GOOD_PASSWORD, returnSecureToken: true } });
    expect(res.statusCode).toBe(401);
  });
});

describe.each([
  ['participant', '/api/participant/profile', '/api/participant/changepassword'],
  ['instructor', '/api/instructor/profile', '/api/instructor/change-password'],
  ['admin', '/api/admin/edit', '/api/admin/change-password'],
] as const)('%s profile', (role, profilePath, changePath) => {
  it('reads and updates the profile without leaking the hash', async () => {
    const { user, auth } = await signedIn(suite.app, role);
    const res = await suite.inject({ method: 'GET', url: profilePath, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, email: user.email, role });
    expect(res.body).not.toMatch(/password|argon2/i);

    const upd = await suite.inject({ method: 'POST', url: `/api/${role}/update`, headers: auth, payload: { name: 'نور الدين', bio: 'مرحبا', headline: 'Teacher', phone: '+966 500 000 000' } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ name: 'نور الدين', bio: 'مرحبا', headline: 'Teacher', phone: '+966 500 000 000' });
    const again = await suite.inject({ method: 'GET', url: profilePath, headers: auth });
    expect(again.json().data).toMatchObject({ name: 'نور الدين', bio: 'مرحبا', phone: '+966 500 000 000' });
  });

  it('keeps the name, bio and headline plain text, whether markup arrives raw or entity-encoded', async () => {
    const { user, auth } = await signedIn(suite.app, role);
    const payload = { name: 'نور <b>الدين</b>', bio: 'مرحبا &amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt; 1 < 2', headline: '&#60;svg onload=alert(1)&#62;Teacher' };
    const upd = await suite.inject({ method: 'POST', url: `/api/${role}/update`, headers: auth, payload });
    expect(upd.statusCode).toBe(200);
    const { db } = await testDatabase();
    const [stored] = await db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ name: 'نور الدين', bio: 'مرحبا  1 < 2', headline: 'Teacher' });

    // Nothing left once the markup is gone: refused on the field, and the saved name stays.
    const empty = await suite.inject({ method: 'POST', url: `/api/${role}/update`, headers: auth, payload: { name: '&lt;b&gt;&lt;/b&gt;' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('name');
    const [kept] = await db.select().from(users).where(eq(users.id, user.id));
    expect(kept!.name).toBe('نور الدين');
  });

  it('changes the password: the old one stops working, other sessions end, this one stays', async () => {
    const user = await createUser(role);
    const first = await loginAs(suite.app, role, user.email);
    const second = await loginAs(suite.app, role, user.email);
    const newPassword = 'Quiet-harbour-7741';
    const wrongOld = await suite.inject({ method: 'POST', url: changePath, headers: { authorization: `Bearer ${first.token}` }, payload: { old_password: 'wrong-one-123', new_password: newPassword } });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().errors).toHaveProperty('old_password');

    const res = await suite.inject({ method: 'POST', url: changePath, headers: { authorization: `Bearer ${first.token}` }, payload: { old_password: GOOD_PASSWORD, new_password: newPassword } });
    expect(res.statusCode, res.body).toBe(200);

    expect((await suite.inject({ method: 'GET', url: profilePath, headers: { authorization: `Bearer ${first.token}` } })).statusCode).toBe(200);
    expect((await suite.inject({ method: 'GET', url: profilePath, headers: { authorization: `Bearer ${second.token}` } })).statusCode).toBe(401);
    const refreshOther = await suite.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: second.refreshToken } });
    expect(refreshOther.statusCode).toBe(401);

    const oldLogin = await suite.inject({ method: 'POST', url: `/api/${role}/login`, payload: { email: user.email, password: GOOD_PASSWORD, returnSecureToken: true } });
    expect(oldLogin.statusCode).toBe(401);
    await loginAs(suite.app, role, user.email, newPassword);
  });

  it('changes the email only with the current password, and keeps the old email otherwise', async () => {
    const { user, auth } = await signedIn(suite.app, role);
    const newEmail = uniqueEmail(role);
    const en = { ...auth, 'accept-language': 'en' };
    const without = await suite.inject({ method: 'POST', url: `/api/${role}/update`, headers: en, payload: { name: user.name, email: newEmail } });
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toEqual({ current_password: 'Enter your current password to change the email.' });
    const wrong = await suite.inject({ method: 'POST', url: `/api/${role}/update`, headers: en, payload: { name: user.name, email: newEmail, current_password: 'not-my-password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ current_password: 'The current password is incorrect.' });
    expect((await suite.inject({ method: 'GET', url: profilePath, headers: auth })).json().data.email).toBe(user.email);

    // The same email again, or no email at all, is not a change: no password asked.
    const same = await suite.inject({ method: 'POST', url: `/api/${role}/update`, headers: auth, payload: { name: 'Same Email', email: user.email } });
    expect(same.statusCode, same.body).toBe(200);

    const right = await suite.inject({ method: 'POST', url: `/api/${role}/update`, headers: auth, payload: { name: user.name, email: newEmail, current_password: GOOD_PASSWORD } });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.email).toBe(newEmail);
    await loginAs(suite.app, role, newEmail);
  });

  it('limits wrong current passwords like logins: after 5, a 429 from any address, even with the right one', async () => {
    const { user, auth } = await signedIn(suite.app, role);
    const change = (oldPassword: string) => suite.inject({ method: 'POST', url: changePath, headers: auth, payload: { old_password: oldPassword, new_password: 'Quiet-harbour-7741' } });
    for (let i = 0; i < 3; i++) expect((await change(`wrong-guess-${i}`)).statusCode).toBe(400);
    // Guesses through the email change draw on the same count.
    for (let i = 0; i < 2; i++) {
      const res = await suite.inject({ method: 'POST', url: `/api/${role}/update`, headers: auth, payload: { name: user.name, email: uniqueEmail(role), current_password: `wrong-guess-${i}` } });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await change(GOOD_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const email = await suite.inject({ method: 'POST', url: `/api/${role}/update`, headers: auth, payload: { name: user.name, email: uniqueEmail(role), current_password: GOOD_PASSWORD } });
    expect(email.statusCode).toBe(429);
    // Nothing changed: the old password still signs in.
    await loginAs(suite.app, role, user.email);
  });

  it('a right current password clears the count of wrong ones', async () => {
    const { auth } = await signedIn(suite.app, role);
    const change = (oldPassword: string, newPassword: string) => suite.inject({ method: 'POST', url: changePath, headers: auth, payload: { old_password: oldPassword, new_password: newPassword } });
    for (let i = 0; i < 4; i++) expect((await change(`wrong-guess-${i}`, 'Quiet-harbour-7741')).statusCode).toBe(400);
    expect((await change(GOOD_PASSWORD, 'Quiet-harbour-7741')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await change(`wrong-guess-${i}`, 'Amber-meadow-5512')).statusCode).toBe(400);
    expect((await change('Quiet-harbour-7741', 'Amber-meadow-5512')).statusCode).toBe(200);
  });
});

it('GET /api/participant/name and /api/instructor/name return the name', async () => {
  for (const role of ['participant', 'instructor'] as const) {
    const { user, auth } = await signedIn(suite.app, role);
    const res = await suite.inject({ method: 'GET', url: `/api/${role}/name`, headers: auth });
    expect(res.json()).toMatchObject({ success: true, data: { name: user.name } });
  }
});

it('logout revokes the session: the access token and its refresh token stop working', async () => {
  const { session, auth } = await signedIn(suite.app, 'participant');
  const out = await suite.inject({ method: 'GET', url: '/api/participant/logout', headers: auth });
  expect(out.statusCode).toBe(200);
  expect((await suite.inject({ method: 'GET', url: '/api/participant/profile', headers: auth })).statusCode).toBe(401);
  expect((await suite.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } })).statusCode).toBe(401);
});

describe('refresh tokens', () => {
  it('rotates: a refresh returns a new pair and the new access token works', async () => {
    const { session } = await signedIn(suite.app, 'instructor');
    const res = await suite.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } });
    expect(res.statusCode).toBe(200);
    const next = res.json().data;
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect(next).toMatchObject({ email: session.email, localId: session.localId, expiresIn: 3600 });
    const profile = await suite.inject({ method: 'GET', url: '/api/instructor/profile', headers: { authorization: `Bearer ${next.token}` } });
    expect(profile.statusCode).toBe(200);
  });

  it('reusing an old refresh token revokes the whole family', async () => {
    const { session } = await signedIn(suite.app, 'participant');
    const first = (await suite.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } })).json().data;
    const reuse = await suite.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } });
    expect(reuse.statusCode).toBe(401);
    // The token issued by the legitimate refresh is now dead too, and so is its access token.
    expect((await suite.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: first.refreshToken } })).statusCode).toBe(401);
    expect((await suite.inject({ method: 'GET', url: '/api/participant/profile', headers: { authorization: `Bearer ${first.token}` } })).statusCode).toBe(401);
  });

  it('refuses an unknown refresh token', async () => {
    const res = await suite.app.inject({ method: 'POST', url: '/api/auth/refresh', remoteAddress: uniqueIp(), payload: { refreshToken: 'not-a-real-token' } });
    expect(res.statusCode).toBe(401);
  });
});
