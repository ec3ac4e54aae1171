// test:area members outreach accounts ratings
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { createCategory, createCourse, enrollParticipant } from '../../api/test/factories';
import { createUser, testDatabase } from '../../api/test/harness';
import { newsletterSubscribers, ratings, users } from '../../api/src/db/schema';
import { seedSession, seedStorage, waitForPath } from './support/browser';
import { auditAll, axeViolations, LANGUAGES, settled, type Language } from './support/audit';
import { apiLogin, categoryListed, newAccount, type LoginData } from './support/server';
import { e2eSuite } from './support/suite';
import { labelled, tr } from './support/translations';
import { textContrast } from './support/contrast';

const e2e = e2eSuite({}, { shareContext: true });

function unique(): string {
  return Math.random().toString(36).slice(2, 8);
}

async function adminLogin(): Promise<LoginData> {
  return apiLogin(e2e.server, 'admin', await newAccount('admin'));
}

async function openAs(page: Page, login: LoginData, path: string, language: Language = 'ar') {
  await seedSession(page, 'admin', login, { language });
  await page.goto(path);
  await settled(page);
}

async function api<T>(login: LoginData, method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
  const response = await fetch(`${e2e.server.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${login.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

const rowOf = (page: Page, text: string) => page.getByTestId('member-row').filter({ hasText: text });

async function searchList(page: Page, text: string) {
  await page.getByTestId('member-search').fill(text);
  await page.getByTestId('member-search').press('Enter');
}

// The journeys run once, in Arabic at 1280 px (docs/testing.md); every screen they pass is audited in both
// languages at 1280 and 375 px at the end of the file.
describe('admin instructors and participants', () => {
  it('instructors, then participants through the menu: add, edit and delete through the screens', async ({ onTestFinished }) => {
    const { page } = await e2e.open({}, onTestFinished);
    const login = await adminLogin();
    await openAs(page, login, '/admin/instructor');
    for (const role of ['instructor', 'participant'] as const) {
      if (role === 'participant') {
        await page.getByRole('link', { name: tr('ar', 'members.participant.nav') }).first().click();
        await waitForPath(page, '/admin/participant');
      }
      const tag = unique();
      const email = `new-${tag}@people.example`;
      await page.getByTestId('member-new').click();
      await waitForPath(page, `/admin/${role}/add`);
      // The browser's own check first: nothing is sent until the fields are right.
      await page.getByTestId('member-save').click();
      expect(await page.getByLabel(labelled('ar', 'members.field.name')).getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel(labelled('ar', 'members.field.name')).fill(`أسامة ${tag}`);
      await page.getByLabel(labelled('ar', 'members.field.email')).fill(email);
      await page.getByLabel(labelled('ar', 'members.field.password')).fill('Quiet-harbour-71');
      await page.getByTestId('member-save').click();
      // Success goes to the list, which says so once.
      await waitForPath(page, `/admin/${role}`);
      await page.getByTestId('member-result').getByText(tr('ar', `api.members.${role}.added`)).waitFor();
      // Found with the bare alef although it was written with a hamza.
      await searchList(page, `اسامه ${tag}`);
      await rowOf(page, email).waitFor();
      // The whole list stays on screen until the search's answer replaces it.
      await expect.poll(() => page.getByTestId('member-row').count()).toBe(1);

      await rowOf(page, email).getByRole('link', { name: tr('ar', 'members.editNamed', { name: `أسامة ${tag}` }) }).click();
      const name = page.getByLabel(labelled('ar', 'members.field.name'));
      await name.waitFor();
      expect(await name.inputValue()).toBe(`أسامة ${tag}`);
      await name.fill(`Usama ${tag}`);
      await page.getByTestId('member-save').click();
      await waitForPath(page, `/admin/${role}`);
      await page.getByTestId('member-result').getByText(tr('ar', `api.members.${role}.updated`)).waitFor();
      await searchList(page, `usama ${tag}`);
      await rowOf(page, `Usama ${tag}`).waitFor();

      await rowOf(page, email).getByRole('button', { name: tr('ar', 'members.deleteNamed', { name: `Usama ${tag}` }) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(tr('ar', `members.${role}.deleteText`, { name: `Usama ${tag}` })).waitFor();
      // Going back keeps the account.
      await dialog.getByRole('button', { name: tr('ar', 'members.keep') }).first().click();
      await dialog.waitFor({ state: 'detached' });
      await rowOf(page, email).waitFor();
      await rowOf(page, email).getByRole('button', { name: tr('ar', 'members.deleteNamed', { name: `Usama ${tag}` }) }).click();
      await page.getByTestId('member-delete-confirm').click();
      await page.getByTestId('member-result').getByText(tr('ar', `api.members.${role}.removed`)).waitFor();
      await page.getByText(tr('ar', 'members.noMatch.empty.title')).waitFor();
    }
  });

  // That a deactivated account cannot sign in, keeps its data and can sign in again once reactivated: members.test.ts.
  it('an instructor with courses is deactivated instead, shown so, and reactivated from the list and from the edit form', async ({ onTestFinished }) => {
    const { page } = await e2e.open({}, onTestFinished);
    const login = await adminLogin();
    const tag = unique();
    const instructor = await createUser('instructor', { name: `Author ${tag}` });
    await createCourse({ instructorId: instructor.id });
    await openAs(page, login, '/admin/instructor');
    await searchList(page, instructor.email);
    await rowOf(page, instructor.email).getByRole('button', { name: tr('ar', 'members.deleteNamed', { name: `Author ${tag}` }) }).click();
    await page.getByTestId('member-delete-confirm').click();
    await page.getByTestId('member-result').getByText(tr('ar', 'api.members.instructor.deactivated')).waitFor();
    const row = rowOf(page, instructor.email);
    await row.locator('[data-status="deactivated"]').waitFor();
    expect(await row.getByTestId('member-status').textContent()).toBe(tr('ar', 'members.statusName.deactivated'));
    // Signing in now says why it fails, once the password is right.
    const { page: visitor } = await e2e.open({}, onTestFinished);
    await seedStorage(visitor, { language: 'ar' });
    await visitor.goto('/instructor/login');
    await visitor.getByLabel(labelled('ar', 'auth.email')).fill(instructor.email);
    await visitor.getByLabel(labelled('ar', 'auth.password')).fill(instructor.password);
    await visitor.getByLabel(labelled('ar', 'auth.password')).press('Enter');
    await visitor.getByTestId('auth-error').getByText(tr('ar', 'api.members.account_disabled')).waitFor();

    await row.getByRole('button', { name: tr('ar', 'members.reactivateNamed', { name: `Author ${tag}` }) }).click();
    await page.getByTestId('member-result').getByText(tr('ar', 'api.members.instructor.reactivated')).waitFor();
    await row.locator('[data-status="active"]').waitFor();

    // The edit form of a deactivated account says so and offers the way back too; the notice goes once
    // the account, fetched again, is active.
    await api(login, 'GET', `/api/admin/instructor/delete/${instructor.id}`);
    await row.getByRole('link', { name: tr('ar', 'members.editNamed', { name: `Author ${tag}` }) }).click();
    await waitForPath(page, `/admin/instructor/edit/${instructor.id}`);
    const notice = page.getByTestId('member-deactivated');
    await notice.waitFor();
    await notice.getByRole('button', { name: tr('ar', 'members.reactivate') }).click();
    await notice.waitFor({ state: 'detached' });
  });

  it('an admin creating a course picks the instructor by searching their name', async ({ onTestFinished }) => {
    const { page } = await e2e.open({}, onTestFinished);
    const login = await adminLogin();
    const tag = unique();
    const instructor = await createUser('instructor', { name: `فاطمة ${tag}` });
    const category = await createCategory();
    await categoryListed(e2e.server, category.id);
    await openAs(page, login, '/admin/courses/new');
    // The subtitle's label starts with the title's ("العنوان الفرعي"): the title comes first.
    await page.getByLabel(labelled('ar', 'authoring.step1.title')).first().fill(`Admin course ${tag}`);
    await page.getByTestId('step1-category').click();
    await page.getByRole('option', { name: category.nameAr, exact: true }).click();
    const picker = page.getByRole('combobox', { name: labelled('ar', 'members.picker.label') });
    // Typed without the taa marbuta's dots: the server's folding finds her.
    await picker.fill(`فاطمه ${tag}`);
    await page.getByRole('option', { name: `فاطمة ${tag} · ${instructor.email}` }).click();
    await page.getByRole('button', { name: tr('ar', 'authoring.step1.create') }).click();
    await page.waitForURL(/\/admin\/courses\/\d+\/edit\/2$/);
    const id = Number(/courses\/(\d+)\//.exec(page.url())![1]);
    // What the page sent: the course belongs to the instructor picked.
    const saved = await api<{ instructor: { id: number } }>(login, 'GET', `/api/admin/course/edit/step1/${id}`);
    expect(saved.instructor.id).toBe(instructor.id);
  });
});

describe('admin subscribers and contact messages', () => {
  it('downloads the confirmed subscribers as CSV, marks the unconfirmed ones, and removes one after confirmation', async ({ onTestFinished }) => {
    const { page } = await e2e.open({}, onTestFinished);
    const login = await adminLogin();
    const email = `reader-${unique()}@people.example`;
    const waiting = `waiting-${unique()}@people.example`;
    for (const address of [email, waiting]) {
      await fetch(`${e2e.server.baseUrl}/api/newsletter/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: address }) });
    }
    // The first one confirmed through the mailed link (docs/mail.md; the link itself: newsletter.e2e.ts).
    const { db } = await testDatabase();
    await db.update(newsletterSubscribers).set({ confirmedAt: new Date(), confirmTokenHash: null }).where(eq(newsletterSubscribers.email, email));
    await openAs(page, login, '/admin/subscribers');
    const badge = page.getByTestId('subscriber-row').filter({ hasText: waiting }).getByTestId('subscriber-waiting');
    await badge.getByText(tr('ar', 'subscribers.waiting')).waitFor();
    // Readable: its text was once the colour of its background (issue 25, point 7).
    expect(await textContrast(badge.getByText(tr('ar', 'subscribers.waiting')))).toBeGreaterThanOrEqual(4.5);
    // The download says which subscribers it holds.
    expect(await page.getByTestId('subscribers-download').textContent()).toBe(tr('ar', 'subscribers.download'));
    expect(await page.getByTestId('subscriber-row').filter({ hasText: email }).getByTestId('subscriber-waiting').count()).toBe(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('subscribers-download').click()]);
    expect(download.suggestedFilename()).toBe('nibras-subscribers.csv');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain(email);
    expect(bytes.toString('utf8')).not.toContain(waiting);

    await page.getByTestId('subscribers-search').fill(email);
    await page.getByTestId('subscribers-search').press('Enter');
    await page.getByRole('button', { name: tr('ar', 'subscribers.removeNamed', { email }) }).click();
    await page.getByTestId('subscriber-remove-confirm').click();
    await page.getByTestId('subscribers-result').getByText(tr('ar', 'api.subscribers.removed')).waitFor();
    await page.getByText(tr('ar', 'subscribers.noMatch.empty.title')).waitFor();
  });

  it('marks a contact message read and deletes it after confirmation', async ({ onTestFinished }) => {
    const { page } = await e2e.open({}, onTestFinished);
    const login = await adminLogin();
    const subject = `Question ${unique()}`;
    await fetch(`${e2e.server.baseUrl}/api/contact-us/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Sara', email: 'sara@example.com', subject, message: 'Is there a free course for beginners?' }) });
    await openAs(page, login, '/admin/contact-messages');
    await page.getByTestId('contact-messages-search').fill(subject);
    await page.getByTestId('contact-messages-search').press('Enter');
    const message = page.getByTestId('contact-message').filter({ hasText: subject });
    expect(await message.getAttribute('data-read')).toBe('false');
    await message.getByRole('button', { name: tr('ar', 'contactMessages.markRead') }).click();
    await page.locator('[data-testid="contact-message"][data-read="true"]').filter({ hasText: subject }).waitFor();
    await message.getByRole('button', { name: tr('ar', 'contactMessages.delete') }).click();
    await page.getByTestId('contact-message-delete-confirm').click();
    await page.getByTestId('contact-messages-result').getByText(tr('ar', 'api.subscribers.message_removed')).waitFor();
    await page.getByText(tr('ar', 'contactMessages.noMatch.empty.title')).waitFor();
  });
});

describe('admin profile', () => {
  // That a new password ends the account's other sessions: accounts.test.ts ("admin profile", "changes the password").
  it('saves the details (fetched again), and a new password goes to the dashboard', async ({ onTestFinished }) => {
    const { page } = await e2e.open({}, onTestFinished);
    const account = await newAccount('admin');
    const login = await apiLogin(e2e.server, 'admin', account);
    await openAs(page, login, '/admin/my-profile');
    const name = page.getByLabel(labelled('ar', 'profile.name'));
    await name.fill(`Head admin ${unique()}`);
    const newName = await name.inputValue();
    const refetched = page.waitForResponse((r) => r.url().endsWith('/api/admin/edit') && r.request().method() === 'GET');
    await page.getByRole('button', { name: tr('ar', 'profile.save') }).click();
    await page.getByTestId('profile-saved').waitFor();
    await refetched;
    expect((await api<{ name: string }>(login, 'GET', '/api/admin/edit')).name).toBe(newName);

    await page.getByLabel(labelled('ar', 'profile.password.old')).fill(account.password);
    await page.getByLabel(labelled('ar', 'profile.password.new')).fill('Brand-new-lantern-42');
    await page.getByLabel(labelled('ar', 'profile.password.confirm')).fill('Brand-new-lantern-42');
    await page.getByRole('button', { name: tr('ar', 'profile.password.submit') }).click();
    await waitForPath(page, '/admin/dashboard');
  });
});

// Every screen of the file once per language: axe once, the layout at 1280 and at 375 px (support/audit.ts).
describe('accessibility of the admin people screens: no serious or critical axe violation, one h1, landmarks, nothing off-screen at 1280 or 375 px', () => {
  for (const language of LANGUAGES) {
    it(`the lists and the new account form in ${language}`, async ({ onTestFinished }) => {
      expect(await auditAll(e2e, { language, role: 'admin', paths: ['/admin/instructor', '/admin/participant', '/admin/instructor/add'], finished: onTestFinished })).toEqual([]);
    });
    it(`the edit form of an account and of a deactivated one, and a new course's instructor picker, in ${language}`, async ({ onTestFinished }) => {
      const member = await createUser('participant', { name: 'مشارك للتعديل' });
      const deactivated = (await enrollParticipant((await createCourse()).id)).participant;
      await testDatabase().then(({ db }) => db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, deactivated.id)));
      const paths = [`/admin/participant/edit/${member.id}`, `/admin/participant/edit/${deactivated.id}`, '/admin/courses/new'];
      expect(await auditAll(e2e, { language, role: 'admin', paths, finished: onTestFinished })).toEqual([]);
    });
    it(`subscribers, contact messages and the profile in ${language}`, async ({ onTestFinished }) => {
      expect(await auditAll(e2e, { language, role: 'admin', paths: ['/admin/subscribers', '/admin/contact-messages', '/admin/my-profile'], finished: onTestFinished })).toEqual([]);
    });
  }
});

describe('review moderation (docs/reviews.md)', () => {
  it('an admin hides a review with a reason from the reviews screen (the dialog and the list with a hidden review: axe)', async ({ onTestFinished }) => {
    const course = await createCourse({ categoryId: (await createCategory()).id, price: 0 });
    const { participant } = await enrollParticipant(course.id);
    const { db } = await testDatabase();
    const text = `رابط إعلاني ${unique()}`;
    await db.insert(ratings).values({ participantId: participant.id, courseId: course.id, rating: 1, message: text });
    const { page } = await e2e.open({}, onTestFinished);
    await openAs(page, await adminLogin(), '/admin/reviews');
    const item = page.getByTestId('review-item').filter({ hasText: text });
    await item.getByTestId('review-hide').click();
    await page.getByTestId('review-hide-reason').fill('يحتوي على إعلان');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('review-hide-do').click();
    await page.getByTestId('review-result').waitFor();
    await item.getByTestId('review-hidden-reason').filter({ hasText: 'يحتوي على إعلان' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
