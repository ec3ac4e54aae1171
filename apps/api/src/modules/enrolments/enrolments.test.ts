import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { apiSuite, createUser, GOOD_PASSWORD, loginAs, loginPath, signedIn, testDatabase, uniqueEmail, uniqueIp } from '../../../test/harness';
import { createCourse, enrollParticipant } from '../../../test/factories';
import { multipartWithFields } from '../authoring/authoring.test-kit';
import { courses, enrollments, mailOutbox, orders, passwordResetTokens, users } from '../../db/schema';
import { enrollmentCountNow } from '../../db/enrolment-count';
import { NO_PASSWORD } from '../../lib/passwords';
import { translate } from '../../lib/i18n';

const PUBLIC_URL = 'https://nibras.test';
const suite = apiSuite({ config: { publicUrl: PUBLIC_URL } });
const en = { 'accept-language': 'en' };

let admin: { auth: Record<string, string>; user: { id: number } };
beforeAll(async () => {
  admin = await signedIn(suite.app, 'admin');
});

function csvUpload(url: string, csv: string | Buffer, dryRun: boolean, headers: Record<string, string> = admin.auth) {
  const form = multipartWithFields({ dryRun: String(dryRun) }, { name: 'people.csv', type: 'text/csv', bytes: Buffer.isBuffer(csv) ? csv : Buffer.from(csv) });
  return suite.inject({ method: 'POST', url, headers: { ...headers, ...en, ...form.headers }, payload: form.payload });
}
const enrolCsv = (courseId: number, csv: string | Buffer, dryRun: boolean) => csvUpload(`/api/admin/enrolments/course/${courseId}/csv`, csv, dryRun);
const importCsv = (csv: string | Buffer, dryRun: boolean) => csvUpload('/api/admin/enrolments/import', csv, dryRun);
const enrolOne = (payload: object, headers = admin.auth) => suite.inject({ method: 'POST', url: '/api/admin/enrolments/one', headers: { ...headers, ...en }, payload });

async function countOf(courseId: number): Promise<number> {
  const { db } = await testDatabase();
  const [row] = await db.select({ n: enrollmentCountNow }).from(courses).where(eq(courses.id, courseId));
  return row!.n;
}

async function accountsWith(emails: string[]) {
  const { db } = await testDatabase();
  return db.select().from(users).where(inArray(sql`lower(${users.email})`, emails.map((e) => e.toLowerCase())));
}

async function mailsTo(emails: string[]) {
  const { db } = await testDatabase();
  return db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, emails));
}

async function enrolmentsOf(courseId: number) {
  const { db } = await testDatabase();
  return db.select().from(enrollments).where(eq(enrollments.courseId, courseId));
}

/**
 * A file with every kind of bad line, in Excel's clothes (a byte order mark, CRLF, a quoted name with a comma), and
 * the accounts it meets: one participant already enrolled, one who is not, one deactivated.
 */
async function mixedFile() {
  const course = await createCourse();
  const enrolled = (await enrollParticipant(course.id)).participant;
  const existing = await createUser('participant', { name: 'Existing Learner' });
  const deactivated = await createUser('participant');
  const { db } = await testDatabase();
  await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, deactivated.id));
  const layla = uniqueEmail('layla');
  const omar = uniqueEmail('omar');
  const nameless = uniqueEmail('nameless');
  const short = uniqueEmail('short');
  const lines = [
    'email,name', // 1
    `${layla},ليلى حسن`, // 2: new
    'not-an-email,Someone', // 3: invalid_email
    `${layla.toUpperCase()},Layla again`, // 4: duplicate of 2
    `${nameless},`, // 5: missing_name
    `${enrolled.email},Whoever`, // 6: already_enrolled
    `${existing.email.toUpperCase()}`, // 7: existing, no name needed
    `${deactivated.email},Deactivated`, // 8: deactivated
    `"${omar}","Omar, Jr ""the second"""`, // 9: new, quoted
    '', // 10: blank, skipped
    `${short},x`, // 11: bad_name
  ];
  const csv = `\uFEFF${lines.join('\r\n')}\r\n`;
  return { course, csv, enrolled, existing, deactivated, newEmails: [layla, omar], badEmails: [nameless, short], allNew: [layla, omar, nameless, short] };
}

const EXPECTED_PROBLEMS = [
  { line: 3, reason: 'invalid_email', sameAs: null },
  { line: 4, reason: 'duplicate', sameAs: 2 },
  { line: 5, reason: 'missing_name', sameAs: null },
  { line: 6, reason: 'already_enrolled', sameAs: null },
  { line: 8, reason: 'deactivated', sameAs: null },
  { line: 11, reason: 'bad_name', sameAs: null },
];

describe('who may enrol', () => {
  it('refuses participants and instructors (403) and anyone signed out (401) on every route', async () => {
    const course = await createCourse();
    for (const role of ['participant', 'instructor'] as const) {
      const { auth } = await signedIn(suite.app, role);
      expect((await enrolOne({ courseId: course.id, email: uniqueEmail(), name: 'Someone' }, auth)).statusCode).toBe(403);
      expect((await csvUpload(`/api/admin/enrolments/course/${course.id}/csv`, `email,name\n${uniqueEmail()},A B\n`, false, auth)).statusCode).toBe(403);
      expect((await csvUpload('/api/admin/enrolments/import', `email,name\n${uniqueEmail()},A B\n`, false, auth)).statusCode).toBe(403);
    }
    expect((await enrolOne({ courseId: course.id, email: uniqueEmail(), name: 'Someone' }, {})).statusCode).toBe(401);
    expect((await csvUpload('/api/admin/enrolments/import', `email,name\n${uniqueEmail()},A B\n`, false, {})).statusCode).toBe(401);
    expect(await enrolmentsOf(course.id)).toEqual([]);
  });
});

describe('a CSV list into a course', () => {
  it('dry run: writes nothing, reports each bad line with its number and reason, and counts what would happen', async () => {
    const f = await mixedFile();
    const countBefore = await countOf(f.course.id);
    const res = await enrolCsv(f.course.id, f.csv, true);
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ dryRun: true, course: { id: f.course.id, title: f.course.title }, lines: 9, created: 2, enrolled: 3, existing: 1 });
    expect(report.problems.map(({ line, reason, sameAs }: { line: number; reason: string; sameAs: number | null }) => ({ line, reason, sameAs }))).toEqual(EXPECTED_PROBLEMS);
    expect(report.problems[0].email).toBe('not-an-email');
    expect(res.json().message).toBe(translate('en', 'api.enrolments.csv.checked'));

    expect(await accountsWith(f.allNew)).toEqual([]);
    expect(await enrolmentsOf(f.course.id)).toHaveLength(1);
    expect(await mailsTo([...f.allNew, f.existing.email, f.enrolled.email])).toEqual([]);
    expect(await countOf(f.course.id)).toBe(countBefore);
  });

  it('real run: the same report; accounts, grants (no order) and mails made once; the count exact; a second run changes nothing', async () => {
    const f = await mixedFile();
    const countBefore = await countOf(f.course.id);
    const dry = (await enrolCsv(f.course.id, f.csv, true)).json().data;
    const res = await enrolCsv(f.course.id, f.csv, false);
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report).toEqual({ ...dry, dryRun: false });
    expect(res.json().message).toBe(translate('en', 'api.enrolments.csv.done'));

    // Accounts: only the two good new lines, participants without a usable password, Arabic, names cleaned.
    const made = await accountsWith(f.allNew);
    expect(made.map((u) => u.email).sort()).toEqual([...f.newEmails].sort());
    for (const account of made) expect(account).toMatchObject({ role: 'participant', passwordHash: NO_PASSWORD, lang: 'ar' });
    expect(made.map((u) => u.name).sort()).toEqual(['Omar, Jr "the second"', 'ليلى حسن'].sort());

    // Enrolments: the two new accounts and the existing participant, granted by the admin, no order.
    const rows = await enrolmentsOf(f.course.id);
    const granted = rows.filter((r) => r.grantedBy !== null);
    expect(granted.map((r) => r.participantId).sort()).toEqual([...made.map((u) => u.id), f.existing.id].sort());
    for (const row of granted) expect(row).toMatchObject({ grantedBy: admin.user.id, orderId: null, grantedAt: expect.any(Date) });
    const { db } = await testDatabase();
    expect(await db.select().from(orders).where(inArray(orders.participantId, [...made.map((u) => u.id), f.existing.id]))).toEqual([]);
    expect(await countOf(f.course.id)).toBe(countBefore + 3);

    // Mails: an Arabic invitation with a set-password link to each new account, "enrolled" to the existing one.
    const mails = await mailsTo([...f.allNew, f.existing.email, f.enrolled.email, f.deactivated.email]);
    expect(mails.map((m) => [m.toAddress, m.kind]).sort()).toEqual([...f.newEmails.map((e) => [e, 'invitation']), [f.existing.email, 'course_granted']].sort());
    const invitation = mails.find((m) => m.kind === 'invitation')!;
    expect(invitation.lang).toBe('ar');
    expect(invitation.subject).toBe(translate('ar', 'api.invitation.mail.subject'));
    expect(invitation.textBody).toContain(f.course.title);
    expect(invitation.textBody).toContain(translate('ar', 'api.invitation.mail.expiry', { count: 7 }));
    expect(invitation.textBody).toMatch(new RegExp(`${PUBLIC_URL}/reset-password/participant/\\d+/[A-Za-z0-9_-]{43}`));
    const enrolledMail = mails.find((m) => m.kind === 'course_granted')!;
    expect(enrolledMail.textBody).toContain(`${PUBLIC_URL}/participant/learn/${f.course.id}`);

    // Run again: nothing new, each line now reported already enrolled (or as before).
    const again = (await enrolCsv(f.course.id, f.csv, false)).json().data;
    expect(again).toMatchObject({ created: 0, enrolled: 0, existing: 0 });
    expect(again.problems.filter((p: { reason: string }) => p.reason === 'already_enrolled').map((p: { line: number }) => p.line)).toEqual([2, 6, 7, 9]);
    expect(await accountsWith(f.allNew)).toHaveLength(2);
    expect(await enrolmentsOf(f.course.id)).toHaveLength(rows.length);
    expect(await mailsTo([...f.allNew, f.existing.email])).toHaveLength(3);
    expect(await countOf(f.course.id)).toBe(countBefore + 3);
  });

  it('writes a list longer than a batch, in batches, with the count exact', async () => {
    const course = await createCourse();
    const emails = Array.from({ length: 1_203 }, (_, i) => uniqueEmail(`many${i}`));
    const csv = ['email,name', ...emails.map((e, i) => `${e},${i % 2 ? 'سارة أحمد' : 'Sam Smith'} ${i}`)].join('\n');
    const res = await enrolCsv(course.id, csv, false);
    expect(res.json().data).toMatchObject({ lines: 1_203, created: 1_203, enrolled: 1_203, problems: [] });
    expect(await countOf(course.id)).toBe(1_203);
    expect((await enrolmentsOf(course.id)).length).toBe(1_203);
  });

  it('the invitation link sets the first password (a link that lasts days, not the reset\'s hour), then the account signs in', async () => {
    const course = await createCourse();
    const email = uniqueEmail('invited');
    await enrolCsv(course.id, `email,name\n${email},Nadia Karim\n`, false);
    const [account] = await accountsWith([email]);
    // No password works before it is set.
    const refused = await suite.app.inject({ method: 'POST', url: loginPath('participant'), remoteAddress: uniqueIp(), payload: { email, password: GOOD_PASSWORD } });
    expect(refused.statusCode).toBe(401);
    const { db } = await testDatabase();
    const [token] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, account!.id));
    expect(token!.kind).toBe('invitation');
    const days = (token!.expiresAt.getTime() - token!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    const [mail] = await mailsTo([email]);
    const match = /\/reset-password\/participant\/(\d+)\/([A-Za-z0-9_-]+)/.exec(mail!.textBody)!;
    const link = { user: 'participant', id: Number(match[1]), hash: match[2] };
    expect(link.id).toBe(account!.id);
    expect((await suite.post('/api/check', link)).json().data).toEqual({ email, invitation: true });
    const set = await suite.post('/api/reset_password', { ...link, password: 'Amber-orchard-84', confirm_password: 'Amber-orchard-84' });
    expect(set.statusCode).toBe(200);
    const session = await loginAs(suite.app, 'participant', email, 'Amber-orchard-84');
    // The granted course opens in the player like a bought one.
    const learn = await suite.inject({ method: 'GET', url: `/api/participant/learn/${course.id}`, headers: { authorization: `Bearer ${session.token}` } });
    expect(learn.statusCode).toBe(200);
  });

  it('refuses a whole file that is not CSV text, too long, without an email column or with a quote left open: 4xx on `file`, nothing written', async () => {
    const course = await createCourse();
    const someone = uniqueEmail('whole');
    const cases: [string | Buffer, number, string][] = [
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 415, 'api.enrolments.csv.not_text'],
      [Buffer.concat([Buffer.from(`email,name\n${someone},`), Buffer.from([0xc3, 0x28]), Buffer.from('\n')]), 415, 'api.enrolments.csv.not_text'],
      ['name,phone\nAli,123\n', 400, 'api.enrolments.csv.no_email_column'],
      ['email,name\n\n', 400, 'api.enrolments.csv.empty'],
      ['', 400, 'api.enrolments.csv.empty'],
      [`email,name\n${someone},Ali\n${uniqueEmail()},"Open quote\n`, 400, 'api.enrolments.csv.broken'],
      [['email,name', ...Array.from({ length: 30 }, (_, i) => (i === 7 ? `${someone}${i},"Smith, Jr" 2` : `${someone}${i},Name ${i}`))].join('\n'), 400, 'api.enrolments.csv.broken 9'],
      [['email,name', ...Array.from({ length: 10_001 }, (_, i) => `${someone}${i},Name ${i}`)].join('\n'), 400, 'api.enrolments.csv.too_many_lines'],
    ];
    for (const [csv, status, key] of cases) {
      const res = await enrolCsv(course.id, csv, false);
      expect(res.statusCode, key).toBe(status);
      expect(Object.keys(res.json().errors)).toEqual(['file']);
      // The line that breaks, not an earlier one: the third line, the ninth.
      if (key === 'api.enrolments.csv.broken') expect(res.json().errors.file).toBe(translate('en', key, { line: 3 }));
      if (key === 'api.enrolments.csv.broken 9') expect(res.json().errors.file).toBe(translate('en', 'api.enrolments.csv.broken', { line: 9 }));
    }
    expect(await enrolmentsOf(course.id)).toEqual([]);
    expect(await accountsWith([someone])).toEqual([]);
  });

  it('answers 404 for a course that is missing or deleted, 409 for one not approved, before reading the file', async () => {
    const draft = await createCourse({ approveStatus: 'draft' });
    const deleted = await createCourse({ deletedAt: new Date() });
    const csv = `email,name\n${uniqueEmail()},Ali Omar\n`;
    expect((await enrolCsv(2_147_483_647, csv, true)).statusCode).toBe(404);
    expect((await enrolCsv(deleted.id, csv, true)).statusCode).toBe(404);
    expect((await enrolCsv(draft.id, csv, true)).statusCode).toBe(409);
    const noFlag = multipartWithFields({ dryRun: 'maybe' }, { name: 'a.csv', type: 'text/csv', bytes: Buffer.from(csv) });
    const bad = await suite.inject({ method: 'POST', url: `/api/admin/enrolments/course/${draft.id}/csv`, headers: { ...admin.auth, ...en, ...noFlag.headers }, payload: noFlag.payload });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['dryRun']);
  });
});

describe('importing participants without a course', () => {
  it('makes and invites the new accounts, counts the existing ones, enrols nobody; again changes nothing', async () => {
    const existing = await createUser('participant');
    const fresh = uniqueEmail('import');
    const csv = `${fresh};Huda Salem\n${existing.email};\n`; // no header: the first line is already an email; semicolons
    const dry = (await importCsv(csv, true)).json().data;
    expect(dry).toMatchObject({ dryRun: true, course: null, lines: 2, created: 1, enrolled: 0, existing: 1, problems: [] });
    expect(await accountsWith([fresh])).toEqual([]);
    const real = (await importCsv(csv, false)).json().data;
    expect(real).toEqual({ ...dry, dryRun: false });
    const [account] = await accountsWith([fresh]);
    expect(account).toMatchObject({ name: 'Huda Salem', passwordHash: NO_PASSWORD });
    const { db } = await testDatabase();
    expect(await db.select().from(enrollments).where(eq(enrollments.participantId, account!.id))).toEqual([]);
    const mails = await mailsTo([fresh, existing.email]);
    expect(mails.map((m) => [m.toAddress, m.kind])).toEqual([[fresh, 'invitation']]);
    expect(mails[0]!.textBody).not.toContain(translate('ar', 'api.invitation.mail.course', { course: '' }).slice(0, 8));
    const again = (await importCsv(csv, false)).json().data;
    expect(again).toMatchObject({ created: 0, existing: 2 });
    expect(await mailsTo([fresh, existing.email])).toHaveLength(1);
  });
});

describe('enrolling one participant', () => {
  it('an existing participant: enrolled without a new account, an "enrolled" mail, a grant; a second time is a 409 on email', async () => {
    const course = await createCourse();
    const participant = await createUser('participant');
    const res = await enrolOne({ courseId: course.id, email: participant.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ course: { id: course.id, title: course.title }, participant: { id: participant.id, name: participant.name, email: participant.email }, created: false });
    expect(await accountsWith([participant.email])).toHaveLength(1);
    const [row] = await enrolmentsOf(course.id);
    expect(row).toMatchObject({ participantId: participant.id, grantedBy: admin.user.id, orderId: null });
    expect((await mailsTo([participant.email])).map((m) => m.kind)).toEqual(['course_granted']);
    expect(await countOf(course.id)).toBe(1);

    const twice = await enrolOne({ courseId: course.id, email: participant.email });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual({ email: translate('en', 'api.enrolments.already_enrolled') });
  });

  it('honours the participant\'s opt-out of the "enrolled" mail, still enrolling them', async () => {
    const course = await createCourse();
    const participant = await createUser('participant');
    const { db } = await testDatabase();
    await db.update(users).set({ mailOptOuts: ['course_granted'] }).where(eq(users.id, participant.id));
    expect((await enrolOne({ courseId: course.id, email: participant.email })).statusCode).toBe(200);
    expect(await enrolmentsOf(course.id)).toHaveLength(1);
    expect(await mailsTo([participant.email])).toEqual([]);
  });

  it('a new email: a name is needed (400 on name), then an account is made, enrolled and invited', async () => {
    const course = await createCourse();
    const email = uniqueEmail('one');
    const nameless = await enrolOne({ courseId: course.id, email });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().errors).toEqual({ name: translate('en', 'api.enrolments.name_required') });
    const bad = await enrolOne({ courseId: course.id, email: 'nobody', name: 'A' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['email']);
    expect(await accountsWith([email])).toEqual([]);

    const res = await enrolOne({ courseId: course.id, email, name: '  يوسف   <b>القحطاني</b> ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ created: true, participant: { name: 'يوسف القحطاني', email } });
    expect(res.json().message).toBe(translate('en', 'api.enrolments.one.invited'));
    const { db } = await testDatabase();
    const [row] = await db.select().from(enrollments).where(and(eq(enrollments.courseId, course.id), eq(enrollments.participantId, res.json().data.participant.id)));
    expect(row!.grantedBy).toBe(admin.user.id);
    expect((await mailsTo([email])).map((m) => m.kind)).toEqual(['invitation']);
  });

  it('refuses a deactivated participant (409 on email) and a course not approved (409)', async () => {
    const course = await createCourse();
    const gone = await createUser('participant');
    const { db } = await testDatabase();
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    const res = await enrolOne({ courseId: course.id, email: gone.email });
    expect(res.statusCode).toBe(409);
    expect(Object.keys(res.json().errors)).toEqual(['email']);
    const draft = await createCourse({ approveStatus: 'pending' });
    expect((await enrolOne({ courseId: draft.id, email: uniqueEmail(), name: 'Ali Omar' })).statusCode).toBe(409);
    expect(await enrolmentsOf(course.id)).toEqual([]);
  });
});
