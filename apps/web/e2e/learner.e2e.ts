// test:area learning certificates dashboard
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addLectures, createCourse, rewindCreditClock } from '../../api/test/factories';
import { seedSession, waitForPath } from './support/browser';
import { auditAll, axeViolations, LANGUAGES, settled, type Language } from './support/audit';
import { apiLogin, newAccount, type LoginData } from './support/server';
import { e2eSuite } from './support/suite';
import { labelled, tr } from './support/translations';

// The test server's data directory holds the seed's 8-second H.264 clip as a lecture video.
const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-web-learn-'));
mkdirSync(path.join(dataDir, 'uploads', 'videos'), { recursive: true });
copyFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../api/src/seed/media/clip-a.mp4'),
  path.join(dataDir, 'uploads', 'videos', 'clip-a.mp4'),
);
const e2e = e2eSuite({ dataDir });

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');

function unique(): string {
  return Math.random().toString(36).slice(2, 8);
}

async function api<T>(login: LoginData, method: 'GET' | 'POST', url: string, body?: object): Promise<{ status: number; json: { data: T; errors?: Record<string, string> } }> {
  const response = await fetch(`${e2e.server.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${login.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as { data: T } };
}

/** A participant with an Arabic name, signed in through the API. */
async function participant(name = `سارة المتعلمة ${unique()}`) {
  const account = await newAccount('participant', name);
  return { account, login: await apiLogin(e2e.server, 'participant', account) };
}

/** A free course of `count` 8-second lectures with the real clip, the participant enrolled through the API. */
async function enrolledCourse(login: LoginData, count: number, title = `دورة التصوير ${unique()}`) {
  const course = await createCourse({ price: 0, title, language: 'ar' });
  const { lectures } = await addLectures(course.id, count, { video: 'videos/clip-a.mp4', durationSeconds: 8 });
  const order = await api(login, 'POST', '/api/participant/enrollcourse/order', { course_id: course.id });
  expect(order.status).toBe(200);
  return { course, lectures };
}

async function openAs(page: Page, login: LoginData, url: string, language: Language = 'ar') {
  await seedSession(page, 'participant', login, { language });
  await page.goto(url);
  await settled(page);
}

const video = (page: Page) => page.locator('video.learn-video');

/** Waits until the browser has the video's metadata, or fails with the media error it reports. */
async function videoReady(page: Page): Promise<number> {
  await page.waitForFunction(
    () => {
      const v = document.querySelector<HTMLVideoElement>('video.learn-video');
      return !!v && (v.readyState > 0 || v.error !== null);
    },
    undefined,
    { timeout: 20_000 },
  );
  return video(page).evaluate((v: HTMLVideoElement) => {
    if (v.error) throw new Error(`the video failed to load: code ${v.error.code} ${v.error.message}`);
    return v.readyState;
  });
}

/** Plays the current lecture (muted, at `rate`) until `until` seconds or its end. */
async function play(page: Page, until: number | 'end', rate = 1) {
  await video(page).evaluate(async (v: HTMLVideoElement, r) => {
    v.muted = true;
    v.playbackRate = r;
    await v.play();
  }, rate);
  if (until === 'end') {
    await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('video.learn-video')?.ended === true, undefined, { timeout: 30_000 });
  } else {
    await page.waitForFunction((t) => (document.querySelector<HTMLVideoElement>('video.learn-video')?.currentTime ?? 0) >= t, until, { timeout: 30_000 });
  }
}

function progressResponse(page: Page) {
  return page.waitForResponse((r) => r.url().endsWith('/api/participant/learn/progress') && r.request().method() === 'POST');
}

/** Pause and ended report at once; the one that matters is the answer where `test` holds. */
function progressResponseWhere(page: Page, test: (data: { completed: boolean; certificate: unknown }) => boolean) {
  return page.waitForResponse(
    async (r) => r.url().endsWith('/api/participant/learn/progress') && r.request().method() === 'POST' && test(((await r.json()) as { data: { completed: boolean; certificate: unknown } }).data),
    { timeout: 40_000 },
  );
}

describe('lecture player', () => {
  it('plays the lecture video, saves progress, resumes after a reload, moves between lectures, marks completion and leads to the certificate', async () => {
    const { page } = await e2e.open();
    const { account, login } = await participant();
    const { course, lectures } = await enrolledCourse(login, 2);
    const [first, second] = lectures as [(typeof lectures)[number], (typeof lectures)[number]];

    await openAs(page, login, `/participant/learn/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    expect(await video(page).getAttribute('src')).toMatch(new RegExp(`^/api/media/lecture/${first.id}\\?t=`));
    expect(await videoReady(page)).toBeGreaterThan(0);
    expect(await video(page).evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(8);

    // Play three seconds, pause: the pause reports the position and what was played.
    await play(page, 3);
    const paused = progressResponse(page);
    await video(page).evaluate((v: HTMLVideoElement) => v.pause());
    const saved = (await (await paused).json()) as { data: { positionSeconds: number; watchedSeconds: number; completed: boolean } };
    expect(saved.data.positionSeconds).toBeGreaterThanOrEqual(3);
    expect(saved.data.watchedSeconds).toBeGreaterThanOrEqual(2);
    expect(saved.data.completed).toBe(false);

    // Reopening resumes where the participant stopped.
    await page.reload();
    await settled(page);
    await videoReady(page);
    await page.waitForFunction((t) => (document.querySelector<HTMLVideoElement>('video.learn-video')?.currentTime ?? 0) >= t, saved.data.positionSeconds);
    expect(await video(page).evaluate((v: HTMLVideoElement) => Math.floor(v.currentTime))).toBe(saved.data.positionSeconds);

    // Next and previous lecture.
    const previousButton = page.getByRole('button', { name: tr('ar', 'learn.previous') });
    const nextButton = page.getByRole('button', { name: tr('ar', 'learn.next') });
    expect(await previousButton.isDisabled()).toBe(true);
    // Changing lecture reports where the previous one stopped.
    const change = progressResponse(page);
    await nextButton.click();
    expect(JSON.parse((await change).request().postData() ?? '{}')).toMatchObject({ lecture_id: first.id, position_seconds: saved.data.positionSeconds });
    await page.getByTestId('lecture-title').filter({ hasText: second.title }).waitFor();
    expect(await video(page).getAttribute('data-lecture-id')).toBe(String(second.id));
    expect(await nextButton.isDisabled()).toBe(true);
    await previousButton.click();
    await page.getByTestId('lecture-title').filter({ hasText: first.title }).waitFor();
    await videoReady(page);

    // Watch the rest of the first lecture: it completes (90 %) and the outline marks it.
    await page.waitForFunction((t) => (document.querySelector<HTMLVideoElement>('video.learn-video')?.currentTime ?? 0) >= t, saved.data.positionSeconds);
    await rewindCreditClock(Number(login.localId), 30);
    const ended = progressResponseWhere(page, (d) => d.completed);
    await play(page, 'end', 2);
    expect(((await (await ended).json()) as { data: { completed: boolean } }).data.completed).toBe(true);
    await page.locator(`[data-testid="outline-lecture-${first.id}"][data-completed="true"]`).waitFor();
    expect(await page.getByTestId(`outline-lecture-${first.id}`).textContent()).toContain('✓');
    expect(await page.getByTestId(`outline-lecture-${second.id}`).getAttribute('data-completed')).toBe('false');
    await page.getByTestId('course-progress').filter({ hasText: tr('ar', 'learn.progress.summary', { percent: 50, done: 1, count: 2 }) }).waitFor();

    // The second lecture from the outline, watched to the end, completes the course.
    await page.getByTestId(`outline-lecture-${second.id}`).click();
    await page.getByTestId('lecture-title').filter({ hasText: second.title }).waitFor();
    await videoReady(page);
    const last = progressResponseWhere(page, (d) => d.certificate != null);
    await play(page, 'end', 2);
    const done = (await (await last).json()) as { data: { certificate: { code: string } | null } };
    expect(done.data.certificate?.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const alert = page.getByTestId('certificate-alert');
    await alert.getByText(tr('ar', 'learn.done.title')).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The certificate page: public, the participant's Arabic name, the PDF.
    await alert.getByRole('link', { name: tr('ar', 'learn.certificate.open') }).click();
    await waitForPath(page, `/certificate/${done.data.certificate?.code}`);
    await page.getByTestId('certificate-participant').filter({ hasText: account.name }).waitFor();
    expect(await page.getByTestId('certificate-course').textContent()).toBe(course.title);
    // The card sits in the middle of the page.
    const card = page.getByTestId('certificate');
    const offCentre = await card.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const outer = el.parentElement!.getBoundingClientRect();
      return Math.abs(box.left + box.width / 2 - (outer.left + outer.width / 2));
    });
    expect(offCentre).toBeLessThan(2);
    const pdfHref = await page.getByRole('link', { name: tr('ar', 'certificatePage.download') }).getAttribute('href');
    expect(pdfHref).toBe(`/api/public/certificate/${done.data.certificate?.code}/pdf`);
    const pdf = await fetch(`${e2e.server.baseUrl}${pdfHref}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('when a lecture ends, says which comes next and moves on to it, unless the learner stays', async () => {
    const { page } = await e2e.open();
    const { login } = await participant();
    const { course, lectures } = await enrolledCourse(login, 3);
    const [first, second] = lectures as [(typeof lectures)[number], (typeof lectures)[number]];
    await openAs(page, login, `/participant/learn/${course.id}`);
    await page.getByTestId('lecture-title').filter({ hasText: first.title }).waitFor();
    await videoReady(page);
    await play(page, 'end', 4);
    const upNext = page.getByTestId('up-next');
    expect(await upNext.getAttribute('role')).toBe('status');
    await upNext.getByText(tr('ar', 'learn.upNext.title')).waitFor();
    expect(await upNext.textContent()).toContain(second.title);
    // On its own after the countdown, and it says so.
    await page.getByTestId('lecture-title').filter({ hasText: second.title }).waitFor({ timeout: 15_000 });
    await upNext.getByText(tr('ar', 'learn.upNext.nowPlaying', { title: second.title })).waitFor();
    expect(await video(page).getAttribute('data-lecture-id')).toBe(String(second.id));

    // The second one ends too; this time the learner stays.
    await videoReady(page);
    await play(page, 'end', 4);
    await upNext.getByRole('button', { name: tr('ar', 'learn.upNext.stay') }).click();
    expect(await upNext.textContent()).toBe('');
    await page.waitForTimeout(6000);
    expect(await page.getByTestId('lecture-title').textContent()).toBe(second.title);
  });

  it('tells a participant who is not enrolled, with a link to the course details', async () => {
    const { page } = await e2e.open();
    const { login } = await participant();
    const course = await createCourse();
    await openAs(page, login, `/participant/learn/${course.id}`);
    await page.getByRole('heading', { level: 1, name: tr('ar', 'learn.notEnrolled.title') }).waitFor();
    expect(await page.getByRole('link', { name: tr('ar', 'learn.notEnrolled.details') }).getAttribute('href')).toBe(`/course-details/${course.id}`);
  });

  for (const language of LANGUAGES) {
    it(`at 375 px in ${language}: the outline sits below the video, nothing scrolls sideways, no serious axe violation`, async () => {
      const { page } = await e2e.open({ width: 375, height: 800 });
      const { login } = await participant();
      const { course } = await enrolledCourse(login, 3);
      await openAs(page, login, `/participant/learn/${course.id}`, language);
      await videoReady(page);
      const layout = await page.evaluate(() => {
        const v = document.querySelector('video.learn-video')!.getBoundingClientRect();
        const outline = document.querySelector('.learn-outline')!.getBoundingClientRect();
        // Wider than the page's box only if something sticks out sideways (the box leaves room for a scroll bar).
        return { below: outline.top >= v.bottom, sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth };
      });
      expect(layout).toEqual({ below: true, sideways: false });
      // Keyboard: the outline's lectures are buttons reachable with Tab.
      await page.getByTestId(/^outline-lecture-/).nth(1).focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('lecture-title').filter({ hasText: 'Lecture 2' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

describe('certificate page', () => {
  it('shows a clear not-found state for an unknown code, without a session', async () => {
    const { page } = await e2e.open();
    await page.goto('/certificate/NOPE-NOPE-NOPE');
    await settled(page);
    await page.getByRole('heading', { name: tr('ar', 'certificatePage.notFound.title') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/certificate/NOPE-NOPE-NOPE');
  });
});

describe('participant dashboard', () => {
  it('shows enrolled and completed counts, courses in progress with their progress and a Continue link', async () => {
    const { page } = await e2e.open();
    const { login } = await participant();
    const a = await enrolledCourse(login, 2);
    await enrolledCourse(login, 1);
    const lecture = a.lectures[0]!;
    await api(login, 'POST', '/api/participant/learn/progress', { lecture_id: lecture.id, position_seconds: 1, played_seconds: 1 });
    await rewindCreditClock(Number(login.localId), 30);
    await api(login, 'POST', '/api/participant/learn/progress', { lecture_id: lecture.id, position_seconds: 8, played_seconds: 8 });

    await openAs(page, login, '/participant/dashboard', 'en');
    expect(await page.getByTestId('pdash-enrolled').textContent()).toBe('2');
    expect(await page.getByTestId('pdash-completed').textContent()).toBe('0');
    const card = page.getByTestId('pdash-course').filter({ hasText: a.course.title });
    await card.getByText(tr('en', 'pdash.progress', { percent: 50, done: 1, count: 2 })).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('link', { name: tr('en', 'pdash.continueCourse', { title: a.course.title }) }).click();
    await waitForPath(page, `/participant/learn/${a.course.id}`);
    await page.getByRole('heading', { level: 1, name: a.course.title }).waitFor();
  });

  it('shows empty states to a new participant', async () => {
    const { page } = await e2e.open();
    const { login } = await participant();
    await openAs(page, login, '/participant/dashboard');
    await page.getByRole('heading', { name: tr('ar', 'pdash.inProgress.empty.title') }).waitFor();
    expect(await page.getByTestId('pdash-enrolled').textContent()).toBe('0');
  });
});

describe('my profile', () => {
  it('saves details and stays on my-profile; uploads an avatar with a percentage, refuses an SVG with the server\'s message, removes it after confirming', async () => {
    const { page } = await e2e.open();
    const { login } = await participant();
    await openAs(page, login, '/participant/my-profile');

    const newName = `ليلى ${unique()}`;
    await page.getByLabel(labelled('ar', 'profile.name')).fill(newName);
    await page.getByLabel(labelled('ar', 'profile.bio')).fill('أحب تعلّم البرمجة');
    await page.getByLabel(labelled('ar', 'profile.phone')).fill('+966 500 000 000');
    await page.getByRole('button', { name: tr('ar', 'profile.save') }).click();
    await page.getByTestId('profile-saved').waitFor();
    expect(new URL(page.url()).pathname).toBe('/participant/my-profile');
    await page.getByRole('banner').getByText(newName).waitFor();
    const profile = await api<{ name: string; bio: string; phone: string }>(login, 'GET', '/api/participant/profile');
    expect(profile.json.data).toMatchObject({ name: newName, bio: 'أحب تعلّم البرمجة', phone: '+966 500 000 000' });

    const input = page.getByTestId('avatar-input');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/participant/avatar'));
    await input.setInputFiles({ name: 'picture.png', mimeType: 'image/png', buffer: SVG });
    const refusal = (await (await refused).json()) as { errors: { file: string } };
    await page.getByTestId('avatar-error').filter({ hasText: refusal.errors.file }).waitFor();
    expect(await page.getByTestId('avatar-error').textContent()).toBe(refusal.errors.file);

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('avatar-image').waitFor();
    expect(await page.getByTestId('avatar-progress').textContent()).toBe(tr('ar', 'profile.avatar.progress', { percent: 100 }));
    const src = await page.getByTestId('avatar-image').getAttribute('src');
    expect(src).toMatch(/^\/api\/media\/avatar\/\d+/);
    // The element appears before the browser has fetched the picture: wait for it to load.
    await expect.poll(() => page.getByTestId('avatar-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    await page.getByRole('button', { name: tr('ar', 'profile.avatar.remove') }).click();
    const dialog = page.getByRole('dialog', { name: tr('ar', 'profile.avatar.confirmTitle') });
    await dialog.getByRole('button', { name: tr('ar', 'profile.avatar.confirm') }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: tr('ar', 'profile.avatar.confirm') }).click();
    await page.getByTestId('avatar-image').waitFor({ state: 'detached' });
    expect((await api<{ avatar: string | null }>(login, 'GET', '/api/participant/profile')).json.data.avatar).toBeNull();
  });

  it('changes the password with field errors for a mismatch and a wrong current password', async () => {
    const { page } = await e2e.open();
    const { account, login } = await participant();
    await openAs(page, login, '/participant/my-profile', 'en');
    const next = `Fresh-lantern-${unique()}-77`;
    await page.getByLabel(labelled('en', 'profile.password.old')).fill('wrong-password-1');
    await page.getByLabel(labelled('en', 'profile.password.new')).fill(next);
    await page.getByLabel(labelled('en', 'profile.password.confirm')).fill(`${next}x`);
    await page.getByRole('button', { name: tr('en', 'profile.password.submit') }).click();
    await page.getByText(tr('en', 'profile.password.mismatch')).waitFor();
    await page.getByLabel(labelled('en', 'profile.password.confirm')).fill(next);
    await page.getByRole('button', { name: tr('en', 'profile.password.submit') }).click();
    await page.getByText(tr('en', 'api.auth.wrong_password')).waitFor();
    await page.getByLabel(labelled('en', 'profile.password.old')).fill(account.password);
    await page.getByRole('button', { name: tr('en', 'profile.password.submit') }).click();
    await page.getByTestId('password-changed').waitFor();
    expect(await apiLogin(e2e.server, 'participant', { ...account, password: next })).toMatchObject({ email: account.email });
  });

  it('changes the email only after the current password, asked for once the email differs', async () => {
    const { page } = await e2e.open();
    const { account, login } = await participant();
    await openAs(page, login, '/participant/my-profile', 'en');
    const current = page.getByTestId('email-current-password');
    expect(await current.count()).toBe(0);
    const newEmail = `moved.${unique()}@example.com`;
    await page.getByLabel(labelled('en', 'profile.email')).fill(newEmail);
    await current.waitFor();
    const save = page.getByRole('button', { name: tr('en', 'profile.save') });
    await save.click();
    await page.getByText(tr('en', 'api.auth.current_password_required')).waitFor();
    await current.fill('wrong-password-1');
    await save.click();
    await page.getByText(tr('en', 'api.auth.wrong_password')).waitFor();
    expect((await api<{ email: string }>(login, 'GET', '/api/participant/profile')).json.data.email).toBe(account.email);
    await current.fill(account.password);
    await save.click();
    await page.getByTestId('profile-saved').waitFor();
    await current.waitFor({ state: 'detached' });
    expect(await apiLogin(e2e.server, 'participant', { ...account, email: newEmail })).toMatchObject({ email: newEmail });
  });

  it('is the same screen for instructors, with a headline', async () => {
    const { page } = await e2e.open();
    const instructor = await newAccount('instructor');
    await seedSession(page, 'instructor', await apiLogin(e2e.server, 'instructor', instructor));
    await page.goto('/instructor/my-profile');
    await settled(page);
    await page.getByLabel(labelled('ar', 'profile.headline')).fill('مدرّب تصميم');
    await page.getByRole('button', { name: tr('ar', 'profile.save') }).click();
    await page.getByTestId('profile-saved').waitFor();
    expect(new URL(page.url()).pathname).toBe('/instructor/my-profile');
  });
});

describe('wishlist, orders and the admin confirming a bank transfer', () => {
  it('removes a course from the wishlist; a pending order shows its reference; the admin confirms it and the course appears in my-courses', async () => {
    const { page } = await e2e.open();
    const { login } = await participant();
    const liked = await createCourse({ title: `دورة مفضلة ${unique()}` });
    expect((await api(login, 'POST', '/api/participant/wishlist/add', { course_id: liked.id })).status).toBe(200);

    await openAs(page, login, '/participant/wishlist');
    const card = page.getByTestId('course-card').filter({ hasText: liked.title });
    await card.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: tr('ar', 'wishlist.removeCourse', { title: liked.title }) }).click();
    await page.getByRole('heading', { name: tr('ar', 'wishlist.empty.title') }).waitFor();

    const paid = await createCourse({ title: `دورة مدفوعة ${unique()}`, price: 150 });
    const ordered = await api<{ order: { id: number; reference: string; status: string } }>(login, 'POST', '/api/participant/enrollcourse/order', { course_id: paid.id });
    expect(ordered.json.data.order.status).toBe('pending');
    const reference = ordered.json.data.order.reference;

    await page.getByRole('navigation', { name: tr('ar', 'shell.nav.label') }).getByRole('link', { name: tr('ar', 'orders.nav') }).click();
    const order = page.getByTestId('order').filter({ hasText: paid.title });
    await order.waitFor();
    expect(await order.getByTestId('order-status').textContent()).toBe(tr('ar', 'orders.status.pending'));
    expect(await order.getByTestId('order-reference').textContent()).toContain(reference);
    expect(await axeViolations(page)).toEqual([]);

    const { page: adminPage } = await e2e.open();
    const admin = await newAccount('admin');
    await seedSession(adminPage, 'admin', await apiLogin(e2e.server, 'admin', admin));
    await adminPage.goto('/admin/orders');
    await settled(adminPage);
    await adminPage.getByLabel(labelled('ar', 'adminOrders.search')).fill(reference);
    await adminPage.getByRole('button', { name: tr('ar', 'adminOrders.searchSubmit') }).click();
    const row = adminPage.getByTestId('admin-order').filter({ hasText: reference });
    await row.waitFor();
    // The unfiltered list stays on screen until the search answers, and may hold this order too.
    await adminPage.waitForFunction(() => document.querySelectorAll('[data-testid="admin-order"]').length === 1);
    await row.getByRole('button', { name: tr('ar', 'adminOrders.confirm') }).click();
    const dialog = adminPage.getByRole('dialog', { name: tr('ar', 'adminOrders.confirmTitle') });
    await dialog.getByRole('button', { name: tr('ar', 'adminOrders.confirmDo') }).waitFor();
    // axe measures contrast as drawn: wait until the dialog has faded in completely.
    await adminPage.waitForFunction(() => {
      const shown = document.querySelector('[role="dialog"]');
      return !!shown && getComputedStyle(shown).opacity === '1';
    });
    expect(await axeViolations(adminPage)).toEqual([]);
    await dialog.getByRole('button', { name: tr('ar', 'adminOrders.confirmDo') }).click();
    await adminPage.getByTestId('admin-orders-result').waitFor();
    // Pending is the default filter: the confirmed order leaves the list.
    await adminPage.getByRole('heading', { name: tr('ar', 'adminOrders.empty.title') }).waitFor();

    await page.getByRole('navigation', { name: tr('ar', 'shell.nav.label') }).getByRole('link', { name: tr('ar', 'mycourses.nav') }).click();
    await waitForPath(page, '/participant/my-courses');
    await page.getByTestId('course-card').filter({ hasText: paid.title }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/participant/orders');
    await settled(page);
    expect(await page.getByTestId('order').filter({ hasText: paid.title }).getByTestId('order-status').textContent()).toBe(tr('ar', 'orders.status.paid'));

    // A free course's enrolment is recorded as an order of 0: it says free, never paid.
    const free = await createCourse({ title: `دورة مجانية ${unique()}`, price: 0 });
    expect((await api(login, 'POST', '/api/participant/enrollcourse/order', { course_id: free.id })).status).toBe(200);
    await page.reload();
    await settled(page);
    expect(await page.getByTestId('order').filter({ hasText: free.title }).getByTestId('order-status').textContent()).toBe(tr('ar', 'orders.status.free'));
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('accessibility of the learner screens: no serious or critical axe violation, one h1, landmarks, nothing off-screen', () => {
  const participantPages = ['/participant/dashboard', '/participant/my-courses', '/participant/wishlist', '/participant/orders', '/participant/my-profile', '/participant/learn/999999'];
  for (const language of LANGUAGES) {
    it(`participant pages in ${language}`, async ({ onTestFinished, expect }) => {
      expect(await auditAll(e2e, { language, role: 'participant', paths: participantPages, finished: onTestFinished })).toEqual([]);
    });
    it(`admin orders and the certificate page in ${language}`, async ({ onTestFinished, expect }) => {
      expect(await auditAll(e2e, { language, role: 'admin', paths: ['/admin/orders'], finished: onTestFinished })).toEqual([]);
      expect(await auditAll(e2e, { language, paths: ['/certificate/NOPE-NOPE-NOPE'], finished: onTestFinished })).toEqual([]);
    });
  }
  it('at 375 px: participant pages in Arabic, admin orders in English', async ({ onTestFinished, expect }) => {
    expect(await auditAll(e2e, { language: 'ar', width: 375, role: 'participant', paths: participantPages, finished: onTestFinished })).toEqual([]);
    expect(await auditAll(e2e, { language: 'en', width: 375, role: 'admin', paths: ['/admin/orders'], finished: onTestFinished })).toEqual([]);
  });
});
