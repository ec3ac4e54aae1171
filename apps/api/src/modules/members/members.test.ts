import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { apiSuite, createUser, GOOD_PASSWORD, loginAs, loginPath, signedIn, testDatabase, uniqueEmail, uniqueIp } from '../../../test/harness';
import { createCourse, enrollParticipant } from '../../../test/factories';
import { courses, messages, users } from '../../db/schema';
import { buildUserSearchText } from '../../lib/search-text';
import { backfillUserSearchText } from './members.queries';

const suite = apiSuite();
let admin: Record<string, string>;
beforeAll(async () => {
  admin = (await signedIn(suite.app, 'admin')).auth;
});

const en = { 'accept-language': 'en' };
const list = (role: string, body: object, page = 1) => suite.inject({ method: 'POST', url: `/api/admin/${role}/list?page=${page}`, headers: admin, payload: body });

describe.each(['instructor', 'participant'] as const)('admin %s management', (role) => {
  it('adds an account (argon2id hash, can sign in), reads, updates and lists it', async () => {
    const email = uniqueEmail(`add-${role}`);
    const added = await suite.inject({ method: 'POST', url: `/api/admin/${role}/add`, headers: { ...admin, ...en }, payload: { name: 'Layla <b>Hassan</b>', email, password: 'Quiet-harbour-71', phone: '+966 500' } });
    expect(added.statusCode).toBe(200);
    const member = added.json().data;
    expect(member).toMatchObject({ name: 'Layla Hassan', email, phone: '+966 500', status: 'active', deactivatedAt: null });
    expect(member).not.toHaveProperty('passwordHash');
    const { db } = await testDatabase();
    const [row] = await db.select().from(users).where(eq(users.id, member.id));
    expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row!.role).toBe(role);
    await loginAs(suite.app, role, email, 'Quiet-harbour-71');

    const edit = await suite.inject({ method: 'GET', url: `/api/admin/${role}/edit/${member.id}`, headers: admin });
    expect(edit.json().data).toEqual(member);

    const newEmail = uniqueEmail(`renamed-${role}`);
    const updated = await suite.inject({ method: 'POST', url: `/api/admin/${role}/update/${member.id}`, headers: admin, payload: { name: 'ليلى حسن', email: newEmail, password: '' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'ليلى حسن', email: newEmail });
    // An empty password leaves it as it was.
    await loginAs(suite.app, role, newEmail, 'Quiet-harbour-71');

    const found = (await list(role, { search: newEmail })).json().data;
    expect(found.items.map((m: { id: number }) => m.id)).toEqual([member.id]);
  });

  it('refuses a taken email (any case) with a field error, and bad fields each by name', async () => {
    const existing = await createUser(role);
    const taken = await suite.inject({ method: 'POST', url: `/api/admin/${role}/add`, headers: { ...admin, ...en }, payload: { name: 'Someone', email: existing.email.toUpperCase(), password: 'Quiet-harbour-71' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'An account with this email already exists.' });

    const other = await createUser(role);
    const clash = await suite.inject({ method: 'POST', url: `/api/admin/${role}/update/${other.id}`, headers: admin, payload: { name: 'Other', email: existing.email } });
    expect(clash.statusCode).toBe(409);
    expect(Object.keys(clash.json().errors)).toEqual(['email']);

    const bad = await suite.inject({ method: 'POST', url: `/api/admin/${role}/add`, headers: en, payload: {} });
    expect(bad.statusCode).toBe(401);
    const invalid = await suite.inject({ method: 'POST', url: `/api/admin/${role}/add`, headers: { ...admin, ...en }, payload: { name: 'A', email: 'x', password: 'short' } });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['email', 'name', 'password']);
    const common = await suite.inject({ method: 'POST', url: `/api/admin/${role}/add`, headers: { ...admin, ...en }, payload: { name: 'Someone', email: uniqueEmail(), password: 'password123' } });
    expect(common.statusCode).toBe(400);
    expect(Object.keys(common.json().errors)).toEqual(['password']);
  });

  it('answers 404 for an id of the other role or of nobody', async () => {
    const otherRole = await createUser(role === 'instructor' ? 'participant' : 'instructor');
    for (const url of [`/api/admin/${role}/edit/${otherRole.id}`, `/api/admin/${role}/delete/${otherRole.id}`, `/api/admin/${role}/edit/2147483647`]) {
      expect((await suite.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(404);
    }
    expect((await suite.inject({ method: 'POST', url: `/api/admin/${role}/update/${otherRole.id}`, headers: admin, payload: { name: 'X Y', email: uniqueEmail() } })).statusCode).toBe(404);
    // Still there: the 404 touched nothing.
    await loginAs(suite.app, otherRole.role, otherRole.email);
  });

  it('removes an account that has nothing', async () => {
    const user = await createUser(role);
    const res = await suite.inject({ method: 'GET', url: `/api/admin/${role}/delete/${user.id}`, headers: { ...admin, ...en } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ outcome: 'removed' });
    expect((await suite.inject({ method: 'GET', url: `/api/admin/${role}/edit/${user.id}`, headers: admin })).statusCode).toBe(404);
  });

  it('deactivates an account with data: it cannot sign in, its sessions end, its data stays; reactivation lets it back in', async () => {
    let user: { id: number; email: string };
    if (role === 'instructor') {
      user = await createUser('instructor');
      await createCourse({ instructorId: user.id });
    } else {
      const course = await createCourse();
      user = (await enrollParticipant(course.id)).participant;
    }
    const session = await loginAs(suite.app, role, user.email);
    const res = await suite.inject({ method: 'GET', url: `/api/admin/${role}/delete/${user.id}`, headers: { ...admin, ...en } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ outcome: 'deactivated' });
    expect(res.json().message).toMatch(/deactivated instead of deleted/);

    // The session in use and its refresh token stop working at once.
    expect((await suite.inject({ method: 'GET', url: `/api/${role}/profile`, headers: { authorization: `Bearer ${session.token}` } })).statusCode).toBe(401);
    expect((await suite.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } })).statusCode).toBe(401);
    // The right password gets a clear "disabled"; a wrong one the usual failure.
    const right = await suite.app.inject({ method: 'POST', url: loginPath(role), remoteAddress: uniqueIp(), headers: en, payload: { email: user.email, password: GOOD_PASSWORD } });
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toMatch(/disabled/);
    const wrong = await suite.app.inject({ method: 'POST', url: loginPath(role), remoteAddress: uniqueIp(), headers: en, payload: { email: user.email, password: 'Wrong-password-1' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The email or password is incorrect.');

    const shown = (await list(role, { search: user.email, status: 'deactivated' })).json().data;
    expect(shown.items).toHaveLength(1);
    expect(shown.items[0]).toMatchObject({ id: user.id, status: 'deactivated' });
    expect((await list(role, { search: user.email, status: 'active' })).json().data.total).toBe(0);

    const back = await suite.inject({ method: 'POST', url: `/api/admin/${role}/reactivate/${user.id}`, headers: admin });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ status: 'active', deactivatedAt: null });
    await loginAs(suite.app, role, user.email);
  });

  it('deactivates instead of removing an account that only has messages', async () => {
    const user = await createUser(role);
    const { db } = await testDatabase();
    const adminUser = await createUser('admin');
    await db.insert(messages).values({ fromId: user.id, toId: adminUser.id, replyFrom: role, replyTo: 'admin', msg: 'Hello' });
    const res = await suite.inject({ method: 'GET', url: `/api/admin/${role}/delete/${user.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ outcome: 'deactivated' });
    const received = await createUser(role);
    await db.insert(messages).values({ fromId: adminUser.id, toId: received.id, replyFrom: 'admin', replyTo: role, msg: 'Welcome' });
    expect((await suite.inject({ method: 'GET', url: `/api/admin/${role}/delete/${received.id}`, headers: admin })).json().data).toEqual({ outcome: 'deactivated' });
  });

  it('pages, sorts and searches names whatever their Arabic spelling', async () => {
    const tag = uniqueEmail('srt').split('@')[0]!.replace(/\W/g, '');
    const names = ['أحمد مُحَمَّد', 'زينب علي', 'بسمة يوسف'];
    for (const name of names) await createUser(role, { name, email: `${tag}.${names.indexOf(name)}@sort.example` });
    // Bare alef and no tashkeel find the hamza and the harakat; the taa marbuta is folded too.
    const arabic = (await list(role, { search: `احمد محمد` })).json().data;
    expect(arabic.items.some((m: { name: string }) => m.name === 'أحمد مُحَمَّد')).toBe(true);
    expect((await list(role, { search: `بسمه ${tag}` })).json().data.items.map((m: { name: string }) => m.name)).toEqual(['بسمة يوسف']);

    const byName = (await list(role, { search: tag, sortConfig: { key: 'name', direction: 'asc' }, perPage: 2 })).json().data;
    expect(byName.total).toBe(3);
    expect(byName.perPage).toBe(2);
    expect(byName.items.map((m: { name: string }) => m.name)).toEqual(['أحمد مُحَمَّد', 'بسمة يوسف']);
    const second = (await list(role, { search: tag, sortConfig: { key: 'name', direction: 'asc' }, perPage: 2 }, 2)).json().data;
    expect(second.items.map((m: { name: string }) => m.name)).toEqual(['زينب علي']);
    const newest = (await list(role, { search: tag })).json().data;
    expect(newest.items[0].name).toBe('بسمة يوسف');
    const bad = await list(role, { sortConfig: { key: 'password_hash' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('an admin renaming an instructor', () => {
  it('refreshes the search text of their courses at once', async () => {
    const instructor = await createUser('instructor', { name: 'Old Name' });
    const course = await createCourse({ instructorId: instructor.id });
    const res = await suite.inject({ method: 'POST', url: `/api/admin/instructor/update/${instructor.id}`, headers: admin, payload: { name: 'يوسف القحطاني', email: instructor.email } });
    expect(res.statusCode).toBe(200);
    const { db } = await testDatabase();
    const [row] = await db.select({ searchText: courses.searchText }).from(courses).where(eq(courses.id, course.id));
    expect(row!.searchText).toContain('يوسف القحطاني');
    expect(row!.searchText).not.toContain('old name');
  });
});

describe('a deactivated account', () => {
  it('is refused by a session that outlived its revocation (a login racing the deactivation)', async () => {
    const user = await createUser('participant');
    const session = await loginAs(suite.app, 'participant', user.email);
    const { db } = await testDatabase();
    // Only the flag, not the revocation the delete route also does.
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    expect((await suite.inject({ method: 'GET', url: '/api/participant/profile', headers: { authorization: `Bearer ${session.token}` } })).statusCode).toBe(401);
    expect((await suite.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } })).statusCode).toBe(401);
  });
});

describe('users.search_text', () => {
  it('is filled when an account signs up and refreshed when it changes its name or email', async () => {
    const email = uniqueEmail('selfrename');
    const reg = await suite.inject({ method: 'POST', url: '/api/participant/register', payload: { name: 'إسراء', email, password: 'Quiet-harbour-71' } });
    expect(reg.statusCode).toBe(200);
    const { db } = await testDatabase();
    const id = reg.json().data.id;
    const [row] = await db.select({ searchText: users.searchText }).from(users).where(eq(users.id, id));
    expect(row!.searchText).toBe(buildUserSearchText('إسراء', email));
    const session = await loginAs(suite.app, 'participant', email, 'Quiet-harbour-71');
    const upd = await suite.inject({ method: 'POST', url: '/api/participant/update', headers: { authorization: `Bearer ${session.token}` }, payload: { name: 'مؤمنة' } });
    expect(upd.statusCode).toBe(200);
    expect((await list('participant', { search: `مومنه ${email.split('@')[0]}` })).json().data.total).toBe(1);
  });

  it('is backfilled for rows that were written without it', async () => {
    const user = await createUser('instructor', { name: 'Backfill Person' });
    const { db } = await testDatabase();
    await db.update(users).set({ searchText: '' }).where(eq(users.id, user.id));
    expect((await list('instructor', { search: user.email })).json().data.total).toBe(0);
    expect(await backfillUserSearchText(db)).toBeGreaterThanOrEqual(1);
    expect((await list('instructor', { search: user.email })).json().data.total).toBe(1);
  });
});

describe("the admin's member lists exported", () => {
  it('as CSV and XLSX: every account the search and status keep, oldest first, headers in the caller\'s language, formula-like names defused', async () => {
    const tag = uniqueEmail('exp').split('@')[0]!;
    const a = await createUser('participant', { name: 'ريم الأولى', email: `${tag}.a@example.com` });
    const b = await createUser('participant', { name: '=cmd|calc', email: `${tag}.b@example.com` });
    const c = await createUser('participant', { name: 'Other', email: `${tag}.c@example.com` });
    const { db } = await testDatabase();
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, c.id));
    const csv = await suite.inject({ method: 'GET', url: `/api/admin/participant/export?search=${tag}&status=active`, headers: { ...admin, 'accept-language': 'ar' } });
    expect([csv.statusCode, csv.headers['content-type'], csv.headers['content-disposition']]).toEqual([200, 'text/csv; charset=utf-8', 'attachment; filename="nibras-participants.csv"']);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('الرقم,الاسم,البريد الإلكتروني,الهاتف,تاريخ الانضمام,الحالة');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2))).toEqual([
      [String(a.id), 'ريم الأولى'],
      [String(b.id), "'=cmd|calc"],
    ]);
    const xlsx = await suite.inject({ method: 'GET', url: `/api/admin/participant/export?format=xlsx&search=${tag}`, headers: { ...admin, ...en } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect([sheet.name, sheet.views[0]?.rightToLeft, sheet.rowCount]).toEqual(['Participants', false, 4]);
    expect((sheet.getRow(4).values as unknown[]).slice(1, 3)).toEqual([c.id, 'Other']);
    expect((sheet.getRow(4).values as unknown[])[6]).toBe('Deactivated');
    const participant = await signedIn(suite.app, 'participant');
    expect((await suite.inject({ method: 'GET', url: '/api/admin/participant/export', headers: participant.auth })).statusCode).toBe(403);
  });
});
