// test:area authoring
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Role } from '@nibras/contract';
import { createCategory } from '../../api/test/factories';
import { seedSession, waitForPath } from './support/browser';
import { auditAll, LANGUAGES, settled, type Language } from './support/audit';
import { apiLogin, categoryListed, newAccount, type LoginData } from './support/server';
import { e2eSuite } from './support/suite';
import { labelled, tr } from './support/translations';

// Uploaded covers land in this test server's own folder.
const e2e = e2eSuite({ dataDir: mkdtempSync(path.join(tmpdir(), 'nibras-web-authoring-editor-')) }, { shareContext: true });

// A valid 1×1 PNG: the server decides the type by the bytes, so it must be a real image.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function unique(): string {
  return Math.random().toString(36).slice(2, 8);
}

async function signedIn(role: Role) {
  const account = await newAccount(role);
  const login = await apiLogin(e2e.server, role, account);
  return { login, id: Number(login.localId) };
}

async function api<T>(login: LoginData, method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
  const response = await fetch(`${e2e.server.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${login.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** A draft course of `role`'s own making (an admin names the instructor), through the API. */
async function draftCourse(role: 'instructor' | 'admin', login: LoginData, extra: Record<string, unknown> = {}) {
  const category = await createCategory();
  const title = `Course ${unique()}`;
  const { id } = await api<{ id: number }>(login, 'POST', `/api/${role}/course/addUpdate/step1`, { title, category_id: category.id, language: 'en', level: 'beginner', price: 0, ...extra });
  return { id, title };
}

async function openAs(page: Page, role: Role, login: LoginData, url: string, language: Language = 'en') {
  await seedSession(page, role, login, { language });
  await page.goto(url);
  await settled(page);
}

const stepEntry = (page: Page, step: number) => page.getByTestId(`editor-step-${step}`);

async function stepComplete(page: Page, step: number, complete: boolean) {
  await page.waitForFunction(([n, value]) => document.querySelector(`[data-testid="editor-step-${n}"]`)?.getAttribute('data-complete') === value, [step, String(complete)] as const);
}

describe('course editor, instructor', () => {
  it('creates a course in step 1, writes the content with the toolbar, keeps edits on "Stay", uploads a cover, and marks the steps complete', async () => {
    const { page } = await e2e.open();
    const { login } = await signedIn('instructor');
    const category = await createCategory();
    await categoryListed(e2e.server, category.id);
    const title = `Calligraphy ${unique()}`;

    await openAs(page, 'instructor', login, '/instructor/courses/new');
    await page.getByRole('heading', { level: 1, name: tr('en', 'authoring.editor.newCourse') }).waitFor();
    // Until step 1 creates the course, the other steps cannot be opened.
    expect(await stepEntry(page, 2).getByRole('link').count()).toBe(0);
    expect(await stepEntry(page, 2).locator('[aria-disabled="true"]').count()).toBe(1);
    expect(await stepEntry(page, 1).getByRole('link').getAttribute('aria-current')).toBe('step');

    await page.getByLabel(labelled('en', 'authoring.step1.title')).fill(title);
    await page.getByLabel(labelled('en', 'authoring.step1.subtitle')).fill('From pen to page');
    await page.getByTestId('step1-category').click();
    await page.getByRole('option', { name: category.nameEn, exact: true }).click();
    await page.getByRole('button', { name: tr('en', 'authoring.step1.create') }).click();

    await page.waitForURL(/\/instructor\/courses\/\d+\/edit\/2$/);
    const courseId = Number(/courses\/(\d+)\//.exec(page.url())![1]);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByTestId('editor-notice').waitFor();
    await stepComplete(page, 1, true);
    expect(await stepEntry(page, 2).getAttribute('data-complete')).toBe('false');
    expect(await page.getByTestId('course-status').getAttribute('data-status')).toBe('draft');

    // Step 2: plain text, then bold text through the toolbar, and one learn point.
    const description = page.getByRole('textbox', { name: tr('en', 'authoring.step2.description') });
    await description.click();
    await page.keyboard.type('Learn the ');
    await page.getByRole('button', { name: tr('en', 'authoring.richText.bold') }).click();
    expect(await page.getByRole('button', { name: tr('en', 'authoring.richText.bold') }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('naskh script');
    const learnLine = page.getByRole('textbox', { name: tr('en', 'authoring.step2.line', { list: tr('en', 'authoring.step2.learn'), n: 1 }) });
    await learnLine.fill('Holding the reed pen');

    // Leaving a dirty step asks first; "Stay" keeps every edit.
    await stepEntry(page, 3).getByRole('link').click();
    const dialog = page.getByRole('dialog', { name: tr('en', 'authoring.editor.unsaved.title') });
    await dialog.waitFor();
    // The dialog's close button means "Stay" too; this is the visible one.
    await dialog.getByTestId('unsaved-stay').click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/instructor/courses/${courseId}/edit/2`);
    expect(await description.innerHTML()).toContain('<b>naskh script</b>');
    expect(await learnLine.inputValue()).toBe('Holding the reed pen');

    await page.getByTestId('step-save').click();
    await stepComplete(page, 2, true);
    const step2 = await api<{ description: string; learn_points: string[] }>(login, 'GET', `/api/instructor/course/edit/step2/${courseId}`);
    expect(step2.description).toMatch(/Learn the <(b|strong)>naskh script<\/(b|strong)>/);
    expect(step2.learn_points).toEqual(['Holding the reed pen']);

    // Saved: moving on does not ask.
    await stepEntry(page, 3).getByRole('link').click();
    await waitForPath(page, `/instructor/courses/${courseId}/edit/3`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await stepEntry(page, 3).getAttribute('data-complete')).toBe('false');

    // Step 3: a real image through the file button, with the percentage and the preview.
    await page.getByTestId('media-cover').getByRole('button', { name: tr('en', 'authoring.step3.coverChoose') }).waitFor();
    await page.getByTestId('file-cover').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    const progress = page.getByTestId('upload-progress-cover');
    await progress.getByText(tr('en', 'authoring.step3.percent', { value: 100 }), { exact: true }).waitFor();
    // Finished, the bar goes away.
    await progress.waitFor({ state: 'detached' });
    const preview = page.getByTestId('cover-preview');
    await preview.waitFor();
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('[data-testid="cover-preview"]')?.naturalWidth ?? 0) > 0);
    await stepComplete(page, 3, true);
    expect(await stepEntry(page, 4).getAttribute('data-complete')).toBe('false');
  });

  it('saving tags of an incomplete course keeps it a draft and links to the steps still missing', async () => {
    const { page } = await e2e.open();
    const { login } = await signedIn('instructor');
    const { id } = await draftCourse('instructor', login);

    await openAs(page, 'instructor', login, `/instructor/courses/${id}/edit/6`);
    const tags = page.getByRole('combobox', { name: labelled('en', 'authoring.step6.tags') });
    await tags.fill('calligraphy');
    await tags.press('Enter');
    await page.getByRole('button', { name: tr('en', 'authoring.step6.submit') }).click();
    await stepComplete(page, 6, true);
    // Steps 2 and 4 are still missing: the course stays a draft, and the step names link to them.
    expect(await page.getByTestId('course-status').getAttribute('data-status')).toBe('draft');
    await page.getByTestId('editor-notice').waitFor();
    const missing = page.getByTestId('missing-steps');
    await missing.getByRole('link', { name: tr('en', 'authoring.editor.step4') }).click();
    await waitForPath(page, `/instructor/courses/${id}/edit/4`);
  });

  it('leaving the editor with unsaved changes asks first, and "Leave without saving" goes and drops them', async () => {
    const { page } = await e2e.open();
    const { login } = await signedIn('instructor');
    const { id, title } = await draftCourse('instructor', login);
    await openAs(page, 'instructor', login, `/instructor/courses/${id}/edit/1`);
    await page.getByLabel(labelled('en', 'authoring.step1.title')).fill(`${title} changed`);
    await page.getByRole('link', { name: tr('en', 'authoring.editor.backToCourses') }).click();
    const dialog = page.getByRole('dialog', { name: tr('en', 'authoring.editor.unsaved.title') });
    await dialog.getByTestId('unsaved-leave').click();
    await waitForPath(page, '/instructor/courses');
    const saved = await api<{ title: string }>(login, 'GET', `/api/instructor/course/edit/step1/${id}`);
    expect(saved.title).toBe(title);
  });

  it('a course list opened again inside the app shows what the editor just saved', async () => {
    const { page } = await e2e.open();
    const { login } = await signedIn('instructor');
    const { id, title } = await draftCourse('instructor', login);
    const renamed = `${title} renamed`;

    await openAs(page, 'instructor', login, '/instructor/courses');
    const row = page.getByTestId('course-row').filter({ has: page.getByTestId('course-row-title').getByText(title, { exact: true }) });
    await row.getByRole('link', { name: tr('en', 'authoring.list.editCourse', { title }) }).click();
    await waitForPath(page, `/instructor/courses/${id}/edit/1`);
    await page.getByLabel(labelled('en', 'authoring.step1.title')).first().fill(renamed);
    await page.getByTestId('step-save').click();
    await page.getByTestId('editor-notice').waitFor();

    // Back through the menu, without a reload: the list was fetched a moment ago, yet shows the new title.
    await page.getByRole('link', { name: tr('en', 'authoring.nav.courses') }).first().click();
    await waitForPath(page, '/instructor/courses');
    await page.getByTestId('course-row-title').getByText(renamed, { exact: true }).waitFor();
  });

  it('shows the not-found state for a step that does not exist', async () => {
    const { page } = await e2e.open();
    const { login } = await signedIn('instructor');
    const { id } = await draftCourse('instructor', login);
    await openAs(page, 'instructor', login, `/instructor/courses/${id}/edit/7`);
    await page.getByTestId('not-found').waitFor();
  });
});

describe('course editor, admin', () => {
  it('saving step 6 goes to the course list', async () => {
    const { page } = await e2e.open();
    const { login } = await signedIn('admin');
    const instructor = await signedIn('instructor');
    const { id } = await draftCourse('admin', login, { instructor_id: instructor.id });

    await openAs(page, 'admin', login, `/admin/courses/${id}/edit/6`);
    const tags = page.getByRole('combobox', { name: labelled('en', 'authoring.step6.tags') });
    await tags.fill('reviewed');
    await tags.press('Enter');
    await page.getByRole('button', { name: tr('en', 'authoring.step6.submit') }).click();
    await waitForPath(page, '/admin/courses');
    const saved = await api<{ tags: { name: string }[] }>(login, 'GET', `/api/admin/course/edit/step6/${id}`);
    expect(saved.tags.map((tag) => tag.name)).toEqual(['reviewed']);
  });

  it('asks an admin creating a course for the instructor and shows the server\'s field message', async () => {
    const { page } = await e2e.open();
    const { login } = await signedIn('admin');
    const category = await createCategory();
    await categoryListed(e2e.server, category.id);
    await openAs(page, 'admin', login, '/admin/courses/new');
    await page.getByLabel(labelled('en', 'authoring.step1.title')).fill(`Admin course ${unique()}`);
    await page.getByTestId('step1-category').click();
    await page.getByRole('option', { name: category.nameEn, exact: true }).click();
    await page.getByRole('button', { name: tr('en', 'authoring.step1.create') }).click();
    await page.getByTestId('step-error').waitFor();
    // The message sits next to the instructor field, not only at the top.
    const field = page.getByRole('combobox', { name: labelled('en', 'members.picker.label') });
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/admin/courses/new');
  });
});

// Every step of the editor but 4 and 5 (authoring-outline.e2e.ts) once per language: axe once, the layout at
// 1280 and at 375 px (support/audit.ts). Step 3 shows its uploaded cover.
describe('course editor accessibility: no serious or critical axe violation, one h1, landmarks, nothing off-screen at 1280 or 375 px', () => {
  for (const language of LANGUAGES) {
    it(`a new course and steps 1 and 2 in ${language}`, async ({ onTestFinished }) => {
      const { login } = await signedIn('instructor');
      const { id } = await draftCourse('instructor', login);
      const paths = ['/instructor/courses/new', `/instructor/courses/${id}/edit/1`, `/instructor/courses/${id}/edit/2`];
      expect(await auditAll(e2e, { language, role: 'instructor', login, paths, finished: onTestFinished })).toEqual([]);
    });
    it(`steps 3, with its cover, and 6 in ${language}`, async ({ onTestFinished }) => {
      const { login } = await signedIn('instructor');
      const { id } = await draftCourse('instructor', login);
      const form = new FormData();
      form.append('id', String(id));
      form.append('field', 'cover');
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'cover.png');
      const uploaded = await fetch(`${e2e.server.baseUrl}/api/instructor/course/step3/upload`, { method: 'POST', headers: { authorization: `Bearer ${login.token}` }, body: form });
      expect(uploaded.status).toBe(200);
      const paths = [`/instructor/courses/${id}/edit/3`, `/instructor/courses/${id}/edit/6`];
      expect(await auditAll(e2e, { language, role: 'instructor', login, paths, finished: onTestFinished })).toEqual([]);
    });
  }
});
