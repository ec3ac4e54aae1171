import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { createCategory, createCourse, enrollParticipant } from '../../api/test/factories';
import { createUser, testDatabase } from '../../api/test/harness';
import { newsletterSubscribers, users } from '../../api/src/db/schema';
import { seedSession, seedStorage, waitForPath } from './support/browser';
import { auditAll, LANGUAGES, settled, type Language } from './support/audit';
import { apiLogin, categoryListed, newAccount, type LoginData } from './support/server';
import { e2eSuite } from './support/suite';
import { labelled, tr } from './support/translations';

const e2e = e2eSuite();

function unique(): string {
  return Math.random().toString(36).slice(2, 8);
}

async function adminLogin(): Promise<LoginData> {
  return apiLogin(e2e.server, 'admin', await newAccount('admin'));
}

async function openAs(page: Page, login: LoginData, path: string, language: Language = 'en') {
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

describe('admin instructors and participants', () => {
  for (const role of ['instructor', 'participant'] as const) {
    it(`${role}s: add, edit and delete through the screens`, async ({ onTestFinished }) => {
      const { page } = await e2e.open({}, onTestFinished);
      const login = await adminLogin();
      const tag = unique();
      const email = `new-${tag}@people.example`;
      await openAs(page, login, `/admin/${role}`);
      await page.getByTestId('member-new').click();
      await waitForPath(page, `/admin/${role}/add`);
      // The browser's own check first: nothing is sent until the fields are right.
      await page.getByTestId('member-save').click();
      expect(await page.getByLabel(labelled('en', 'members.field.name')).getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel(labelled('en', 'members.field.name')).fill(`أسامة ${tag}`);
      await page.getByLabel(labelled('en', 'members.field.email')).fill(email);
      await page.getByLabel(labelled('en', 'members.field.password')).fill('Quiet-harbour-71');
      await page.getByTestId('member-save').click();
      // Success goes to the list, which says so once.
      await waitForPath(page, `/admin/${role}`);
      await page.getByTestId('member-result').getByText(tr('en', `api.members.${role}.added`)).waitFor();
      // Found with the bare alef although it was written with a hamza.
      await searchList(page, `اسامه ${tag}`);
      await rowOf(page, email).waitFor();
      // The whole list stays on screen until the search's answer replaces it.
      await expect.poll(() => page.getByTestId('member-row').count()).toBe(1);

      await rowOf(page, email).getByRole('link', { name: tr('en', 'members.editNamed', { name: `أسامة ${tag}` }) }).click();
      const name = page.getByLabel(labelled('en', 'members.field.name'));
      await name.waitFor();
      expect(await name.inputValue()).toBe(`أسامة ${tag}`);
      await name.fill(`Usama ${tag}`);
      await page.getByTestId('member-save').click();
      await waitForPath(page, `/admin/${role}`);
      await page.getByTestId('member-result').getByText(tr('en', `api.members.${role}.updated`)).waitFor();
      await searchList(page, `usama ${tag}`);
      await rowOf(page, `Usama ${tag}`).waitFor();

      await rowOf(page, email).getByRole('button', { name: tr('en', 'members.deleteNamed', { name: `Usama ${tag}` }) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(tr('en', `members.${role}.deleteText`, { name: `Usama ${tag}` })).waitFor();
      // Going back keeps the account.
      await dialog.getByRole('button', { name: tr('en', 'members.keep') }).first().click();
      await dialog.waitFor({ state: 'detached' });
      await rowOf(page, email).waitFor();
      await rowOf(page, email).getByRole('button', { name: tr('en', 'members.deleteNamed', { name: `Usama ${tag}` }) }).click();
      await page.getByTestId('member-delete-confirm').click();
      await page.getByTestId('member-result').getByText(tr('en', `api.members.${role}.removed`)).waitFor();
      await page.getByText(tr('en', 'members.noMatch.empty.title')).waitFor();
    });
  }

  it('an instructor with courses is deactivated instead, shown so, and reactivated from the list', async ({ onTestFinished }) => {
    const { page } = await e2e.open({}, onTestFinished);
    const login = await adminLogin();
    const tag = unique();
    const instructor = await createUser('instructor', { name: `Author ${tag}` });
    await createCourse({ instructorId: instructor.id });
    await openAs(page, login, '/admin/instructor');
    await searchList(page, instructor.email);
    await rowOf(page, instructor.email).getByRole('button', { name: tr('en', 'members.deleteNamed', { name: `Author ${tag}` }) }).click();
    await page.getByTestId('member-delete-confirm').click();
    await page.getByTestId('member-result').getByText(tr('en', 'api.members.instructor.deactivated')).waitFor();
    const row = rowOf(page, instructor.email);
    await row.locator('[data-status="deactivated"]').waitFor();
    expect(await row.getByTestId('member-status').textContent()).toBe(tr('en', 'members.statusName.deactivated'));
    // Signing in now says why it fails, once the password is right.
    const { page: visitor } = await e2e.open({}, onTestFinished);
    await seedStorage(visitor, { language: 'en' });
    await visitor.goto('/instructor/login');
    await visitor.getByLabel(labelled('en', 'auth.email')).fill(instructor.email);
    await visitor.getByLabel(labelled('en', 'auth.password')).fill(instructor.password);
    await visitor.getByLabel(labelled('en', 'auth.password')).press('Enter');
    await visitor.getByTestId('auth-error').getByText(tr('en', 'api.members.account_disabled')).waitFor();

    await row.getByRole('button', { name: tr('en', 'members.reactivateNamed', { name: `Author ${tag}` }) }).click();
    await page.getByTestId('member-result').getByText(tr('en', 'api.members.instructor.reactivated')).waitFor();
    await row.locator('[data-status="active"]').waitFor();
    await apiLogin(e2e.server, 'instructor', { email: instructor.email, name: instructor.name, password: instructor.password });

    // The edit form of a deactivated account says so and offers the way back too.
    await api(login, 'GET', `/api/admin/instructor/delete/${instructor.id}`);
    await page.goto(`/admin/instructor/edit/${instructor.id}`);
    const notice = page.getByTestId('member-deactivated');
    await notice.waitFor();
    await notice.getByRole('button', { name: tr('en', 'members.reactivate') }).click();
    await notice.waitFor({ state: 'detached' });
    expect((await api<{ status: string }>(login, 'GET', `/api/admin/instructor/edit/${instructor.id}`)).status).toBe('active');
  });

  it('an admin creating a course picks the instructor by searching their name', async ({ onTestFinished }) => {
    const { page } = await e2e.open({}, onTestFinished);
    const login = await adminLogin();
    const tag = unique();
    const instructor = await createUser('instructor', { name: `فاطمة ${tag}` });
    const category = await createCategory();
    await categoryListed(e2e.server, category.id);
    await openAs(page, login, '/admin/courses/new');
    await page.getByLabel(labelled('en', 'authoring.step1.title')).fill(`Admin course ${tag}`);
    await page.getByTestId('step1-category').click();
    await page.getByRole('option', { name: category.nameEn, exact: true }).click();
    const picker = page.getByRole('combobox', { name: labelled('en', 'members.picker.label') });
    // Typed without the taa marbuta's dots: the server's folding finds her.
    await picker.fill(`فاطمه ${tag}`);
    await page.getByRole('option', { name: `فاطمة ${tag} · ${instructor.email}` }).click();
    await page.getByRole('button', { name: tr('en', 'authoring.step1.create') }).click();
    await page.waitForURL(/\/admin\/courses\/\d+\/edit\/2$/);
    const id = Number(/courses\/(\d+)\//.exec(page.url())![1]);
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
    await page.getByTestId('subscriber-row').filter({ hasText: waiting }).getByTestId('subscriber-waiting').getByText(tr('en', 'subscribers.waiting')).waitFor();
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
    await page.getByRole('button', { name: tr('en', 'subscribers.removeNamed', { email }) }).click();
    await page.getByTestId('subscriber-remove-confirm').click();
    await page.getByTestId('subscribers-result').getByText(tr('en', 'api.subscribers.removed')).waitFor();
    await page.getByText(tr('en', 'subscribers.noMatch.empty.title')).waitFor();
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
    await message.getByRole('button', { name: tr('en', 'contactMessages.markRead') }).click();
    await page.locator('[data-testid="contact-message"][data-read="true"]').filter({ hasText: subject }).waitFor();
    await message.getByRole('button', { name: tr('en', 'contactMessages.delete') }).click();
    await page.getByTestId('contact-message-delete-confirm').click();
    await page.getByTestId('contact-messages-result').getByText(tr('en', 'api.subscribers.message_removed')).waitFor();
    await page.getByText(tr('en', 'contactMessages.noMatch.empty.title')).waitFor();
  });
});

describe('admin profile', () => {
  it('saves the details (fetched again), and a new password goes to the dashboard and ends the other sessions', async ({ onTestFinished }) => {
    const { page } = await e2e.open({}, onTestFinished);
    const account = await newAccount('admin');
    const login = await apiLogin(e2e.server, 'admin', account);
    const other = await apiLogin(e2e.server, 'admin', account);
    await openAs(page, login, '/admin/my-profile');
    const name = page.getByLabel(labelled('en', 'profile.name'));
    await name.fill(`Head admin ${unique()}`);
    const newName = await name.inputValue();
    const refetched = page.waitForResponse((r) => r.url().endsWith('/api/admin/edit') && r.request().method() === 'GET');
    await page.getByRole('button', { name: tr('en', 'profile.save') }).click();
    await page.getByTestId('profile-saved').waitFor();
    await refetched;
    expect((await api<{ name: string }>(login, 'GET', '/api/admin/edit')).name).toBe(newName);

    await page.getByLabel(labelled('en', 'profile.password.old')).fill(account.password);
    await page.getByLabel(labelled('en', 'profile.password.new')).fill('Brand-new-lantern-42');
    await page.getByLabel(labelled('en', 'profile.password.confirm')).fill('Brand-new-lantern-42');
    await page.getByRole('button', { name: tr('en', 'profile.password.submit') }).click();
    await waitForPath(page, '/admin/dashboard');
    const stale = await fetch(`${e2e.server.baseUrl}/api/admin/edit`, { headers: { authorization: `Bearer ${other.token}` } });
    expect(stale.status).toBe(401);
    expect((await api<{ name: string }>(login, 'GET', '/api/admin/edit')).name).toBe(newName);
  });
});

describe('accessibility of the admin people screens', () => {
  for (const language of LANGUAGES) {
    for (const width of [1280, 375]) {
      it(`no serious or critical axe violation, one h1, no sideways scroll in ${language} at ${width} px`, async ({ onTestFinished }) => {
        const member = await createUser('participant', { name: 'مشارك للتعديل' });
        const deactivated = (await enrollParticipant((await createCourse()).id)).participant;
        await testDatabase().then(({ db }) => db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, deactivated.id)));
        const paths = [
          '/admin/instructor',
          '/admin/participant',
          '/admin/instructor/add',
          `/admin/participant/edit/${member.id}`,
          `/admin/participant/edit/${deactivated.id}`,
          '/admin/subscribers',
          '/admin/contact-messages',
          '/admin/my-profile',
        ];
        expect(await auditAll(e2e, { language, width, role: 'admin', paths, finished: onTestFinished })).toEqual([]);
      });
    }
  }
});
