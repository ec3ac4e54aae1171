import { describe, expect, it } from 'vitest';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { mailLinks, NOTIFICATIONS_BY_ROLE } from '@nibras/contract';
import { apiSuite, createUser, GOOD_PASSWORD, loginAs, signedIn, testDatabase, uniqueEmail, uniqueIp } from '../../../test/harness';
import { addLectures, createCourse } from '../../../test/factories';
import { lectureProgress, mailOutbox, users } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { caller, completeCourse, createDraft } from '../authoring/authoring.test-kit';
import { addAssessment, client, ok, openAttempt, rightAnswer, submit } from '../quiz/quiz.test-kit';

/**
 * Notification mails (docs/mail.md), read from the outbox as the worker would send them: each kind
 * queued for the right recipient, in the recipient's language (users.lang, not the language of the
 * request that caused it), with a link under PUBLIC_URL to the screen of the web app that
 * mailLinks names (apps/web/src/app/mail-links.test.ts checks those against the route table).
 */
const PUBLIC_URL = 'https://nibras.test';

const suite = apiSuite({ config: { publicUrl: PUBLIC_URL } });

async function mailsTo(email: string, kind?: string, afterId = 0) {
  const { db } = await testDatabase();
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), gt(mailOutbox.id, afterId), ...(kind ? [eq(mailOutbox.kind, kind)] : [])))
    .orderBy(desc(mailOutbox.id));
}

async function lastMailId() {
  const { db } = await testDatabase();
  const [row] = await db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
  return row?.id ?? 0;
}

/** The one button link of a mail: absolute, under PUBLIC_URL, the same in both parts. */
function linkOf(mail: { textBody: string; htmlBody: string }): string {
  const links = [...mail.textBody.matchAll(/^https?:\/\/\S+$/gm)].map((m) => m[0]);
  expect(links).toHaveLength(1);
  expect(mail.htmlBody).toContain(`href="${links[0]}"`);
  return links[0]!;
}

async function setLang(userId: number, lang: 'ar' | 'en') {
  const { db } = await testDatabase();
  await db.update(users).set({ lang }).where(eq(users.id, userId));
}

async function langOf(userId: number) {
  const { db } = await testDatabase();
  const [row] = await db.select({ lang: users.lang, mailOptOuts: users.mailOptOuts }).from(users).where(eq(users.id, userId));
  return row!;
}

describe("users.lang follows the user's requests", () => {
  it('is set at sign-up, on sign-in and on profile save from Accept-Language; a request without one changes nothing', async () => {
    const email = uniqueEmail('lang');
    const registered = await suite.inject({ method: 'POST', url: '/api/participant/register', headers: { 'accept-language': 'en-GB,en;q=0.9' }, payload: { name: 'Lina', email, password: GOOD_PASSWORD } });
    expect(registered.statusCode).toBe(200);
    const id = registered.json().data.id as number;
    expect((await langOf(id)).lang).toBe('en');

    // The welcome mail, in English, linking to the participant's dashboard.
    const [welcome] = await mailsTo(email, 'welcome');
    expect(welcome).toMatchObject({ lang: 'en', subject: translate('en', 'api.notify.welcome.subject') });
    expect(linkOf(welcome!)).toBe(`${PUBLIC_URL}${mailLinks.dashboard('participant')}`);
    expect(welcome!.htmlBody).toMatch(/<html lang="en" dir="ltr">/);

    await suite.app.inject({ method: 'POST', url: '/api/participant/login', remoteAddress: uniqueIp(), headers: { 'accept-language': 'ar' }, payload: { email, password: GOOD_PASSWORD, returnSecureToken: true } });
    expect((await langOf(id)).lang).toBe('ar');
    // No Accept-Language (an API client): the language stays.
    const session = await loginAs(suite.app, 'participant', email);
    expect((await langOf(id)).lang).toBe('ar');
    const saved = await suite.inject({ method: 'POST', url: '/api/participant/update', headers: { authorization: `Bearer ${session.token}`, 'accept-language': 'en' }, payload: { name: 'Lina' } });
    expect(saved.statusCode).toBe(200);
    expect((await langOf(id)).lang).toBe('en');
  });

  it('an instructor signing up in Arabic gets an Arabic welcome, right to left, linking to the instructor dashboard; the name is escaped', async () => {
    const email = uniqueEmail('welcome');
    const res = await suite.inject({ method: 'POST', url: '/api/instructor/Register', headers: { 'accept-language': 'ar' }, payload: { name: 'سامي & <شركاه>', email, password: GOOD_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const [welcome] = await mailsTo(email, 'welcome');
    expect(welcome).toMatchObject({ lang: 'ar', subject: translate('ar', 'api.notify.welcome.subject') });
    expect(welcome!.htmlBody).toMatch(/<html lang="ar" dir="rtl">/);
    expect(linkOf(welcome!)).toBe(`${PUBLIC_URL}${mailLinks.dashboard('instructor')}`);
    expect(welcome!.textBody).toContain(translate('ar', 'api.notify.welcome.intro.instructor'));
    expect(welcome!.htmlBody).toContain('سامي &amp;');
    expect(welcome!.htmlBody).not.toContain('<شركاه>');
  });
});

describe('course submitted and reviewed', () => {
  it('a submitted course mails every active admin who has not turned it off, each in their language; the review mails the instructor in theirs, with the message', async () => {
    const { db } = await testDatabase();
    const english = await createUser('admin', { name: 'Admin <b>En</b>' });
    const arabic = await createUser('admin', { name: 'مشرف' });
    const optedOut = await createUser('admin');
    const disabled = await createUser('admin');
    await setLang(english.id, 'en');
    await db.update(users).set({ mailOptOuts: ['course_submitted'] }).where(eq(users.id, optedOut.id));
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, disabled.id));

    const instructor = await signedIn(suite.app, 'instructor');
    await setLang(instructor.user.id, 'ar');
    const api = caller(suite.app, 'instructor', instructor.auth);
    const course = await createDraft(api, { title: 'خط النسخ' });
    // Every active admin hears of every submission: on the server database other test files submit
    // courses at the same time, so count only the mails about this course.
    const aboutThisCourse = async (email: string) =>
      (await mailsTo(email, 'course_submitted')).filter((mail) => linkOf(mail) === `${PUBLIC_URL}${mailLinks.adminCourse(course.id)}`);
    expect(await aboutThisCourse(english.email)).toHaveLength(0);
    await completeCourse(api, course.id);

    const [toEnglish] = await aboutThisCourse(english.email);
    expect(toEnglish).toMatchObject({ lang: 'en', subject: translate('en', 'api.notify.course_submitted.subject', { course: 'خط النسخ' }) });
    expect(toEnglish!.htmlBody).toContain('Admin &lt;b&gt;En&lt;/b&gt;');
    expect(toEnglish!.textBody).toContain(instructor.user.name);
    expect(linkOf(toEnglish!)).toBe(`${PUBLIC_URL}${mailLinks.adminCourse(course.id)}`);
    const [toArabic] = await aboutThisCourse(arabic.email);
    expect(toArabic).toMatchObject({ lang: 'ar' });
    expect(await mailsTo(optedOut.email, 'course_submitted')).toHaveLength(0);
    expect(await mailsTo(disabled.email, 'course_submitted')).toHaveLength(0);

    // The admin rejects in English; the Arabic instructor reads it in Arabic, with the admin's message (escaped).
    const reviewer = await signedIn(suite.app, 'admin');
    const adminApi = caller(suite.app, 'admin', reviewer.auth);
    const rejected = await adminApi.post('/api/admin/course/approvestatus', { id: course.id, approve_status: 'rejected', message: 'Add a <lecture> on ink & paper.' });
    expect(rejected.statusCode).toBe(200);
    const [rejection] = await mailsTo(instructor.user.email, 'course_reviewed');
    expect(rejection).toMatchObject({ lang: 'ar', subject: translate('ar', 'api.notify.course_reviewed.subject.rejected', { course: 'خط النسخ' }) });
    expect(rejection!.textBody).toContain(translate('ar', 'api.notify.course_reviewed.message'));
    expect(rejection!.htmlBody).toContain('ink &amp; paper.');
    expect(rejection!.htmlBody).not.toContain('<lecture>');
    expect(linkOf(rejection!)).toBe(`${PUBLIC_URL}${mailLinks.instructorCourse(course.id)}`);

    // Saved again (step 6): submitted again, the admins hear again; then approved.
    expect((await api.post('addUpdate/step6', { id: course.id, tags: ['calligraphy'] })).statusCode).toBe(200);
    expect(await aboutThisCourse(english.email)).toHaveLength(2);
    expect((await adminApi.post('/api/admin/course/approvestatus', { id: course.id, approve_status: 'approved', message: '' })).statusCode).toBe(200);
    const [approval] = await mailsTo(instructor.user.email, 'course_reviewed');
    expect(approval).toMatchObject({ lang: 'ar', subject: translate('ar', 'api.notify.course_reviewed.subject.approved', { course: 'خط النسخ' }) });
    expect(approval!.textBody).not.toContain(translate('ar', 'api.notify.course_reviewed.message'));
  });
});

describe('orders', () => {
  it('a paid course: "order received" with the reference when ordered, "order paid" when the admin confirms, each in the participant\'s language', async () => {
    const course = await createCourse({ price: 120, title: 'Watercolour' });
    await addLectures(course.id, 1);
    const participant = await signedIn(suite.app, 'participant');
    await setLang(participant.user.id, 'en');
    const ordered = await suite.inject({ method: 'POST', url: '/api/participant/enrollcourse/order', headers: { ...participant.auth, 'accept-language': 'ar' }, payload: { course_id: course.id } });
    expect(ordered.statusCode).toBe(200);
    const order = ordered.json().data.order;
    const [received] = await mailsTo(participant.user.email, 'order_received');
    expect(received).toMatchObject({ lang: 'en', subject: translate('en', 'api.notify.order_received.subject', { course: 'Watercolour' }) });
    expect(received!.textBody).toContain(order.reference);
    expect(received!.textBody).toContain('120');
    expect(linkOf(received!)).toBe(`${PUBLIC_URL}${mailLinks.participantOrders()}`);
    expect(await mailsTo(participant.user.email, 'order_paid')).toHaveLength(0);

    const admin = await signedIn(suite.app, 'admin');
    expect((await suite.inject({ method: 'POST', url: '/api/admin/order/confirm', headers: admin.auth, payload: { order_id: order.id } })).statusCode).toBe(200);
    const [paid] = await mailsTo(participant.user.email, 'order_paid');
    expect(paid).toMatchObject({ lang: 'en', subject: translate('en', 'api.notify.order_paid.subject', { course: 'Watercolour' }) });
    expect(linkOf(paid!)).toBe(`${PUBLIC_URL}${mailLinks.learn(course.id)}`);
  });

  it('a free course is paid at once: only "order paid", in Arabic by default', async () => {
    const course = await createCourse({ price: 0 });
    await addLectures(course.id, 1);
    const participant = await signedIn(suite.app, 'participant');
    expect((await suite.inject({ method: 'POST', url: '/api/participant/enrollcourse/order', headers: participant.auth, payload: { course_id: course.id } })).statusCode).toBe(200);
    expect(await mailsTo(participant.user.email, 'order_received')).toHaveLength(0);
    const [paid] = await mailsTo(participant.user.email, 'order_paid');
    expect(paid).toMatchObject({ lang: 'ar' });
    expect(paid!.htmlBody).toMatch(/dir="rtl"/);
  });
});

describe('assessment checked and certificate earned', () => {
  it('the participant hears once when the instructor has checked the short answers, and when the certificate is issued', async () => {
    const instructor = await createUser('instructor');
    const teacher = client(suite.app, (await loginAs(suite.app, 'instructor', instructor.email)).token);
    const course = await createCourse({ instructorId: instructor.id, title: 'Naskh' });
    const outline = await addLectures(course.id, 1);
    const quiz = await addAssessment(course.id, { title: 'Final essay', questions: [{ type: 'single', points: 1, options: [['A', true], ['B', false]] }, { type: 'short', points: 3 }] });
    const participant = await signedIn(suite.app, 'participant');
    await setLang(participant.user.id, 'en');
    expect((await suite.inject({ method: 'POST', url: '/api/participant/enrollcourse/order', headers: participant.auth, payload: { course_id: course.id } })).statusCode).toBe(200);
    const { db } = await testDatabase();
    await db.insert(lectureProgress).values({ participantId: participant.user.id, lectureId: outline.lectures[0]!.id, courseId: course.id, completedAt: new Date() });

    const api = client(suite.app, participant.session.token);
    const attempt = await openAttempt(api, quiz.assessment.id);
    const result = ok(await submit(api, attempt.id, [rightAnswer(quiz.questions[0]!), { question_id: quiz.questions[1]!.id, text: 'The reed is cut at an angle' }]));
    expect(result.status).toBe('pending');
    expect(await mailsTo(participant.user.email, 'assessment_checked')).toHaveLength(0);

    const essay = result.answers.find((a: { question_id: number }) => a.question_id === quiz.questions[1]!.id);
    ok(await teacher.post('/api/quiz/insUpdateQuiz', { submission_id: result.id, marks: [{ answer_id: essay.answer_id, correct: true }] }));
    const [checked] = await mailsTo(participant.user.email, 'assessment_checked');
    expect(checked).toMatchObject({ lang: 'en', subject: translate('en', 'api.notify.assessment_checked.subject', { assessment: 'Final essay' }) });
    expect(checked!.textBody).toContain(translate('en', 'api.notify.assessment_checked.intro.passed', { assessment: 'Final essay', course: 'Naskh', score: 4, max: 4 }));
    expect(linkOf(checked!)).toBe(`${PUBLIC_URL}${mailLinks.assessment(quiz.assessment.id)}`);

    const [certificate] = await mailsTo(participant.user.email, 'certificate_earned');
    expect(certificate).toMatchObject({ lang: 'en', subject: translate('en', 'api.notify.certificate_earned.subject', { course: 'Naskh' }) });
    const link = linkOf(certificate!);
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/certificate/[A-Z0-9-]+$`));
    // The link's certificate exists: the public verification answers for its code.
    const code = decodeURIComponent(link.split('/').pop()!);
    expect((await suite.inject({ method: 'GET', url: `/api/public/certificate/${code}` })).statusCode).toBe(200);

    // A correction later sends nothing more, and the certificate is mailed once.
    ok(await teacher.post('/api/quiz/insUpdateQuiz', { submission_id: result.id, marks: [{ answer_id: essay.answer_id, correct: true, feedback: 'Well put.' }] }));
    expect(await mailsTo(participant.user.email, 'assessment_checked')).toHaveLength(1);
    expect(await mailsTo(participant.user.email, 'certificate_earned')).toHaveLength(1);
  });
});

describe('opt-outs in the profile', () => {
  it('are saved through the profile update, read back, limited to the role\'s kinds; an opted-out kind is not queued and the others are', async () => {
    const participant = await signedIn(suite.app, 'participant');
    const headers = { ...participant.auth, 'accept-language': 'en' };
    const fresh = await suite.inject({ method: 'GET', url: '/api/participant/profile', headers });
    expect(fresh.json().data.mail_opt_outs).toEqual([]);
    const saved = await suite.inject({ method: 'POST', url: '/api/participant/update', headers, payload: { name: 'Opt Out', mail_opt_outs: ['order_received', 'course_submitted', 'order_received'] } });
    expect(saved.statusCode).toBe(200);
    // Kinds of other roles are dropped; each kind once.
    expect(saved.json().data.mail_opt_outs).toEqual(['order_received']);
    expect((await suite.inject({ method: 'GET', url: '/api/participant/profile', headers })).json().data.mail_opt_outs).toEqual(['order_received']);
    expect((await langOf(participant.user.id)).mailOptOuts).toEqual(['order_received']);

    const bad = await suite.inject({ method: 'POST', url: '/api/participant/update', headers, payload: { name: 'Opt Out', mail_opt_outs: ['password_reset'] } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['mail_opt_outs.0']);

    const course = await createCourse({ price: 50 });
    await addLectures(course.id, 1);
    const before = await lastMailId();
    const order = (await suite.inject({ method: 'POST', url: '/api/participant/enrollcourse/order', headers, payload: { course_id: course.id } })).json().data.order;
    expect(await mailsTo(participant.user.email, 'order_received', before)).toHaveLength(0);
    const admin = await signedIn(suite.app, 'admin');
    expect((await suite.inject({ method: 'POST', url: '/api/admin/order/confirm', headers: admin.auth, payload: { order_id: order.id } })).statusCode).toBe(200);
    expect(await mailsTo(participant.user.email, 'order_paid', before)).toHaveLength(1);

    // Saving the profile without the field keeps the opt-outs; an empty list turns every kind back on.
    await suite.inject({ method: 'POST', url: '/api/participant/update', headers, payload: { name: 'Opt Out' } });
    expect((await langOf(participant.user.id)).mailOptOuts).toEqual(['order_received']);
    await suite.inject({ method: 'POST', url: '/api/participant/update', headers, payload: { name: 'Opt Out', mail_opt_outs: [] } });
    expect((await langOf(participant.user.id)).mailOptOuts).toEqual([]);
  });

  it('every role reads its opt-outs in its profile (the admin at /api/admin/edit)', async () => {
    for (const role of ['participant', 'instructor', 'admin'] as const) {
      const { auth } = await signedIn(suite.app, role);
      const kinds = [...NOTIFICATIONS_BY_ROLE[role]];
      const saved = await suite.inject({ method: 'POST', url: `/api/${role}/update`, headers: auth, payload: { name: `Test ${role}`, mail_opt_outs: kinds } });
      expect(saved.json().data.mail_opt_outs, role).toEqual(kinds);
      const read = await suite.inject({ method: 'GET', url: role === 'admin' ? '/api/admin/edit' : `/api/${role}/profile`, headers: auth });
      expect(read.json().data.mail_opt_outs, role).toEqual(kinds);
    }
  });

  it('the password reset mail is sent even with every notification turned off', async () => {
    const participant = await signedIn(suite.app, 'participant');
    await suite.inject({ method: 'POST', url: '/api/participant/update', headers: participant.auth, payload: { name: 'No mail', mail_opt_outs: [...NOTIFICATIONS_BY_ROLE.participant] } });
    expect((await suite.inject({ method: 'POST', url: '/api/forget_password', payload: { email: participant.user.email, role: 'participant' } })).statusCode).toBe(200);
    expect(await mailsTo(participant.user.email, 'password_reset')).toHaveLength(1);
  });
});

describe('a changed password (issue 25, point 7)', () => {
  it.each([
    ['participant', '/api/participant/changepassword'],
    ['instructor', '/api/instructor/change-password'],
    ['admin', '/api/admin/change-password'],
  ] as const)('mails the %s "was this you?" in its language, with a link to secure the account, even with every notification turned off', async (role, url) => {
    const { auth, user } = await signedIn(suite.app, role);
    await setLang(user.id, 'en');
    const kinds = [...NOTIFICATIONS_BY_ROLE[role]];
    await suite.inject({ method: 'POST', url: role === 'admin' ? '/api/admin/update' : `/api/${role}/update`, headers: auth, payload: { name: `Changer ${role}`, mail_opt_outs: kinds } });
    const before = await lastMailId();
    const changed = await suite.inject({ method: 'POST', url, headers: auth, payload: { old_password: GOOD_PASSWORD, new_password: 'Another-river-84' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const mails = await mailsTo(user.email, 'password_changed', before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ lang: 'en', subject: translate('en', 'api.passwordChanged.mail.subject') });
    expect(mails[0]!.textBody).toContain(translate('en', 'api.passwordChanged.mail.notYou'));
    expect(linkOf(mails[0]!)).toBe(`${PUBLIC_URL}${mailLinks.passwordHelp(role)}`);
  });
});

describe('a notification that cannot be queued', () => {
  it('does not fail the request that caused it, and the other mails still go', async () => {
    const { db } = await testDatabase();
    // The database refuses outbox rows to this one address (a trigger, dropped after the test).
    const refused = uniqueEmail('refused');
    await db.execute(sql.raw(`create or replace function refuse_test_mail() returns trigger language plpgsql as $$
      begin if new.to_address = '${refused}' then raise exception 'outbox refused'; end if; return new; end $$`));
    await db.execute(sql.raw('create trigger refuse_test_mail before insert on mail_outbox for each row execute function refuse_test_mail()'));
    try {
      const course = await createCourse({ price: 10 });
      await addLectures(course.id, 1);
      const participant = await createUser('participant', { email: refused });
      const session = await loginAs(suite.app, 'participant', refused);
      const res = await suite.inject({ method: 'POST', url: '/api/participant/enrollcourse/order', headers: { authorization: `Bearer ${session.token}` }, payload: { course_id: course.id } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.order.status).toBe('pending');
      expect(await mailsTo(participant.email)).toHaveLength(0);
      const other = await signedIn(suite.app, 'participant');
      await suite.inject({ method: 'POST', url: '/api/participant/enrollcourse/order', headers: other.auth, payload: { course_id: course.id } });
      expect(await mailsTo(other.user.email, 'order_received')).toHaveLength(1);
    } finally {
      await db.execute(sql.raw('drop trigger if exists refuse_test_mail on mail_outbox'));
      await db.execute(sql.raw('drop function if exists refuse_test_mail()'));
    }
  });
});
