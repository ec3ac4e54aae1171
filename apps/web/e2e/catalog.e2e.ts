// test:area catalog categories search ratings
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { addLectures, createCategory, createCourse, enrollParticipant } from '../../api/test/factories';
import { createUser, GOOD_PASSWORD, testDatabase } from '../../api/test/harness';
import { refreshCourseSearchText } from '../../api/src/modules/search/search.service';
import { auditAll, LANGUAGES } from './support/audit';
import { seedSession, waitForPath } from './support/browser';
import { NO_TRANSITIONS, textContrast } from './support/contrast';
import { apiLogin, newAccount, type TestServer } from './support/server';
import { e2eSuite } from './support/suite';
import { labelled, tr } from './support/translations';

// Lecture videos are served from the data directory's uploads folder (as in the API's learn tests).
const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-catalog-e2e-'));
mkdirSync(path.join(dataDir, 'uploads', 'videos'), { recursive: true });
copyFileSync(new URL('../../api/src/seed/media/clip-a.mp4', import.meta.url), path.join(dataDir, 'uploads', 'videos', 'clip-a.mp4'));

const e2e = e2eSuite({ dataDir });

function unique(): string {
  return randomBytes(4).toString('hex');
}

/** A public course, searchable (its search text refreshed as the authoring service does). */
async function publicCourse(values: Parameters<typeof createCourse>[0] = {}) {
  const course = await createCourse(values);
  await refreshCourseSearchText((await testDatabase()).db, course.id);
  return course;
}

async function rateThroughApi(server: TestServer, courseId: number, stars: number, message: string) {
  const { participant } = await enrollParticipant(courseId);
  const login = await apiLogin(server, 'participant', { email: participant.email, name: participant.name, password: GOOD_PASSWORD });
  const response = await fetch(`${server.baseUrl}/api/participant/rating/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
    body: JSON.stringify({ course_id: courseId, rating: stars, rating_message: message }),
  });
  expect(response.status).toBe(200);
}

async function signedInParticipant(page: Page, account?: { email: string; name: string }) {
  const login = await apiLogin(e2e.server, 'participant', account ? { ...account, password: GOOD_PASSWORD } : await newAccount('participant'));
  await seedSession(page, 'participant', login);
  return login;
}

function card(page: Page, title: string) {
  return page.getByTestId('course-card').filter({ has: page.getByRole('heading', { name: title }) });
}

describe('home', () => {
  // One test: the server caches the home data for 15 s and rows written straight to the database do not drop it.
  it('shows a newly published course among the newest and its category with a course count, both linked', async () => {
    const title = `Home course ${unique()}`;
    const category = await createCategory();
    const course = await publicCourse({ title, categoryId: category.id });
    const { page } = await e2e.open();
    await page.goto('/');
    const newest = page.getByTestId('home-newest');
    await newest.getByRole('heading', { name: title }).waitFor();
    await expect(newest.getByTestId('course-card').filter({ hasText: title }).textContent()).resolves.toContain(category.nameAr);
    await newest.getByRole('link', { name: title }).click();
    await waitForPath(page, `/course-details/${course.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    await page.goto('/');
    const link = page.getByTestId('category-list').getByRole('link', { name: new RegExp(category.nameAr) });
    await expect(link.textContent()).resolves.toContain(tr('ar', 'catalog.home.categoryCount', { count: 1 }));
    await link.click();
    await waitForPath(page, `/category/${category.slug}`);
    await page.getByRole('heading', { level: 1, name: category.nameAr }).waitFor();
  });
});

describe('category page', () => {
  it('pages through 14 courses 12 at a time and sorts by price, keeping both in the URL', async () => {
    const category = await createCategory();
    const tag = unique();
    for (let i = 0; i < 14; i++) await publicCourse({ categoryId: category.id, title: `Cat ${tag} ${String(i).padStart(2, '0')}`, price: 10 + i });
    const { page } = await e2e.open({ locale: 'en-US' });
    await page.goto(`/category/${category.slug}`);
    await page.getByRole('heading', { level: 1, name: category.nameAr }).waitFor();
    await page.getByTestId('course-card').first().waitFor();
    expect(await page.getByTestId('course-card').count()).toBe(12);

    await page.getByRole('button', { name: tr('ar', 'catalog.pagination.page', { page: 2 }) }).click();
    await page.waitForURL(/[?&]page=2/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="course-card"]').length === 2);

    await page.getByTestId('sort-select').click();
    await page.getByRole('option', { name: tr('ar', 'catalog.sort.price_desc') }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_desc' && !url.searchParams.has('page'));
    await page.getByTestId('course-card').first().getByRole('heading', { name: `Cat ${tag} 13` }).waitFor();
    expect(await page.getByTestId('course-card').count()).toBe(12);

    // The URL alone restores the state.
    await page.goto(`/category/${category.slug}?sort=price_asc&page=2`);
    await page.getByTestId('course-card').first().getByRole('heading', { name: `Cat ${tag} 12` }).waitFor();
    expect(await page.getByTestId('course-card').count()).toBe(2);
  });

  it('shows a not-found state for an unknown category', async () => {
    const { page } = await e2e.open();
    await page.goto(`/category/no-such-${unique()}`);
    await page.getByRole('heading', { level: 1, name: tr('ar', 'catalog.category.notFound.title') }).waitFor();
  });
});

describe('course card', () => {
  it('says the rating and the counts as short one-line facts, with no parentheses, in both languages at 375 and 1366 px', async () => {
    const category = await createCategory();
    const title = `بطاقة دورة لتحليل البيانات بعنوان طويل ${unique()}`;
    const course = await publicCourse({ title, categoryId: category.id });
    await addLectures(course.id, 11, { durationSeconds: 600 });
    // Two learners who each rate it: 11 lectures, 2 learners, 2 ratings, 1 h 50 min.
    await rateThroughApi(e2e.server, course.id, 5, 'Great');
    await rateThroughApi(e2e.server, course.id, 4, 'Good');
    for (const language of LANGUAGES) {
      for (const width of [375, 1366]) {
        const { page } = await e2e.open({ width });
        await page.goto(`/category/${category.slug}?lang=${language}`);
        const facts = card(page, title).getByTestId('course-facts');
        await facts.waitFor();
        const text = (await card(page, title).textContent()) ?? '';
        expect(text, `${language} ${width}px`).not.toMatch(/[()]/);
        for (const phrase of [tr(language, 'catalog.card.lectures', { count: 11 }), tr(language, 'catalog.card.enrolled', { count: 2 }), tr(language, 'catalog.rating.count', { count: 2 })]) {
          expect(text, `${language} ${width}px`).toContain(phrase);
        }
        // The whole sentence for screen readers, the short one on screen.
        await card(page, title).getByText(tr(language, 'catalog.rating.label', { average: '4.5', count: 2 })).waitFor({ state: 'attached' });
        // Each fact sits on one line: the middles of its text's line boxes lie within a few pixels
        // (a second line would sit a whole line, 15 px or more, lower).
        const tops = await facts.locator('li').evaluateAll((items) =>
          items.map((item) => {
            const tops: number[] = [];
            const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (node.parentElement?.closest('.visually-hidden')) continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const rect of range.getClientRects()) if (rect.width > 0) tops.push(rect.top + rect.height / 2);
            }
            return tops;
          }),
        );
        expect(tops.length).toBe(5);
        for (const lines of tops) {
          expect(lines.length).toBeGreaterThan(0);
          expect(Math.max(...lines) - Math.min(...lines), `${language} ${width}px: ${JSON.stringify(tops)}`).toBeLessThan(8);
        }
      }
    }
  });
});

describe('search', () => {
  it('finds an Arabic course written with a different hamza and highlights the match', async () => {
    const tag = unique();
    const title = `أساسيات الإحصاء ${tag}`;
    await publicCourse({ title, language: 'ar' });
    const { page } = await e2e.open();
    await page.goto('/');
    await page.getByTestId('header-search').fill(`اساسيات ${tag}`);
    await page.getByTestId('header-search').press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === `اساسيات ${tag}`);
    // Scoped to the results: until the search screen replaces it, the home page may still show the same course.
    const results = page.getByTestId('search-results');
    const result = results.getByTestId('course-card').filter({ has: page.getByRole('heading', { name: title }) });
    await result.waitFor();
    const marks = await result.locator('mark').allTextContents();
    expect(marks).toContain('أساسيات');
    expect(marks).toContain(tag);
    expect(await results.getByTestId('course-card').count()).toBe(1);
  });

  it('filters by price with facet counts in the URL, and says so when nothing matches', async () => {
    const tag = unique();
    await publicCourse({ title: `Filter ${tag} free` });
    await publicCourse({ title: `Filter ${tag} paid`, price: 99 });
    const { page } = await e2e.open();
    await page.goto(`/search?q=${tag}`);
    await card(page, `Filter ${tag} paid`).waitFor();
    await page.getByTestId('filter-price').click();
    await page.getByRole('option', { name: tr('ar', 'search.facet.option', { label: tr('ar', 'search.price.free'), number: 1 }) }).click();
    await page.waitForURL((url) => url.searchParams.get('price') === 'free');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="course-card"]').length === 1);
    await card(page, `Filter ${tag} free`).waitFor();

    await page.goto(`/search?q=zzqx${tag}nothing`);
    await page.getByRole('heading', { name: tr('ar', 'search.noResults.title') }).waitFor();
  });
});

describe('course details', () => {
  it('shows the outline, plays a free preview, and shows the instructor and the rating', async () => {
    const instructor = await createUser('instructor', { name: `Instructor ${unique()}` });
    const title = `Details ${unique()}`;
    const course = await publicCourse({ title, instructorId: instructor.id, description: '<p>Learn <strong>well</strong></p>' });
    await addLectures(course.id, 2, { freeFirst: true, video: 'videos/clip-a.mp4', durationSeconds: 125 });
    await rateThroughApi(e2e.server, course.id, 4, `Great course ${unique()}`);

    const { page } = await e2e.open();
    await page.goto(`/course-details/${course.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByTestId('outline-lecture').allTextContents()).toEqual([expect.stringContaining('Lecture 1'), expect.stringContaining('Lecture 2')]);
    await expect(page.getByTestId('details-description').innerHTML()).resolves.toContain('<strong>well</strong>');
    await expect(page.getByTestId('details-instructor').textContent()).resolves.toContain(instructor.name);
    await expect(page.getByTestId('rating-average').textContent()).resolves.toBe('4.0');

    await page.getByTestId('preview-button').click();
    const video = page.getByTestId('preview-video');
    await video.waitFor();
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="preview-video"]');
      return !!v && (v.readyState >= 1 || v.error !== null);
    });
    const state = await video.evaluate((v: HTMLVideoElement) => ({ src: v.currentSrc, error: v.error?.code ?? null, duration: v.duration }));
    expect(state.src).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(state.error).toBeNull();
    expect(state.duration).toBeGreaterThan(0);
  });

  it("shows what participants will learn, the requirements and the audience (step 2) and plays the promo video (step 3)", async () => {
    const title = `Promo ${unique()}`;
    const course = await publicCourse({
      title,
      learnPoints: ['Read a chart', 'Clean a table'],
      requirements: ['A laptop'],
      audience: ['Analysts', 'Students'],
      promoVideo: 'videos/clip-a.mp4',
    });
    for (const language of LANGUAGES) {
      const { page } = await e2e.open();
      await page.goto(`/course-details/${course.id}?lang=${language}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const list = (id: string) => page.getByTestId(id).getByRole('listitem').allTextContents();
      await expect(page.getByTestId('details-learn').getByRole('heading', { level: 2 }).textContent()).resolves.toBe(tr(language, 'details.learn'));
      expect(await list('details-learn')).toEqual(['Read a chart', 'Clean a table']);
      expect(await list('details-requirements')).toEqual(['A laptop']);
      expect(await list('details-audience')).toEqual(['Analysts', 'Students']);
      const promo = page.getByRole('complementary', { name: tr(language, 'details.enrol.label') }).getByTestId('promo-video');
      expect(await promo.getAttribute('aria-label')).toBe(tr(language, 'details.promo', { title }));
      await promo.evaluate((v: HTMLVideoElement) => v.load());
      await page.waitForFunction(() => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid="promo-video"]');
        return !!v && (v.readyState >= 1 || v.error !== null);
      });
      const state = await promo.evaluate((v: HTMLVideoElement) => ({ error: v.error?.code ?? null, duration: v.duration }));
      expect(state).toEqual({ error: null, duration: expect.any(Number) });
      expect(state.duration).toBeGreaterThan(0);
    }
    // A course without them shows none of these sections.
    const bare = await publicCourse({ title: `Bare ${unique()}` });
    const { page } = await e2e.open();
    await page.goto(`/course-details/${bare.id}`);
    await page.getByRole('heading', { level: 1, name: bare.title }).waitFor();
    expect(await page.getByTestId('details-learn').count()).toBe(0);
    expect(await page.getByTestId('promo-video').count()).toBe(0);
  });

  it('a signed-out visitor pressing the heart signs in and comes back to the course, then toggles it', async () => {
    const title = `Wish ${unique()}`;
    const course = await publicCourse({ title });
    const account = await newAccount('participant');
    const { page } = await e2e.open();
    await page.goto(`/course-details/${course.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByTestId('enrol-panel').getByTestId('wishlist-toggle').click();
    await page.waitForURL((url) => url.pathname === '/participant/login' && url.searchParams.get('returnTo') === `/course-details/${course.id}`);
    await page.getByLabel(labelled('ar', 'auth.email')).fill(account.email);
    await page.getByLabel(labelled('ar', 'auth.password')).fill(account.password);
    await page.getByRole('button', { name: tr('ar', 'auth.login.submit') }).click();
    await waitForPath(page, `/course-details/${course.id}`);
    const heart = page.getByTestId('enrol-panel').getByTestId('wishlist-toggle');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="enrol-panel"] [data-testid="wishlist-toggle"]')?.getAttribute('aria-pressed') === 'true');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="enrol-panel"] [data-testid="wishlist-toggle"]')?.getAttribute('aria-pressed') === 'true');
    await heart.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="enrol-panel"] [data-testid="wishlist-toggle"]')?.getAttribute('aria-pressed') === 'false');
  });

  it("the wishlist button's label reads at 4.5:1 or more, saved and not, at rest, hovered and focused, in both languages", async () => {
    const title = `Contrast ${unique()}`;
    const course = await publicCourse({ title });
    const account = await newAccount('participant');
    const login = await apiLogin(e2e.server, 'participant', account);
    const { page } = await e2e.open();
    const heart = page.getByTestId('enrol-panel').getByTestId('wishlist-toggle');
    const measured: Record<string, number> = {};
    for (const language of LANGUAGES) {
      await seedSession(page, 'participant', login, { language });
      await page.goto(`/course-details/${course.id}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.addStyleTag({ content: NO_TRANSITIONS });
      for (const saved of [false, true]) {
        if ((await heart.getAttribute('aria-pressed')) !== String(saved)) {
          await heart.click();
          await expect.poll(() => heart.getAttribute('aria-pressed')).toBe(String(saved));
        }
        await page.mouse.move(0, 0);
        await page.locator('h1').focus();
        measured[`${language} ${saved ? 'saved' : 'not saved'} at rest`] = await textContrast(heart);
        await heart.hover();
        measured[`${language} ${saved ? 'saved' : 'not saved'} hovered`] = await textContrast(heart);
        await page.mouse.move(0, 0);
        await heart.focus();
        measured[`${language} ${saved ? 'saved' : 'not saved'} focused`] = await textContrast(heart);
      }
    }
    expect(Object.keys(measured)).toHaveLength(12);
    const unreadable = Object.entries(measured).filter(([, ratio]) => ratio < 4.5);
    expect(unreadable).toEqual([]);
  });

  it('enrols a participant in a free course and offers to start learning', async () => {
    const title = `Free ${unique()}`;
    const course = await publicCourse({ title });
    const { page } = await e2e.open();
    await signedInParticipant(page);
    await page.goto(`/course-details/${course.id}`);
    await page.getByTestId('enrol-button').click();
    await page.getByTestId('enrol-success').waitFor();
    expect(await page.getByTestId('learn-link').getAttribute('href')).toBe(`/participant/learn/${course.id}`);
    await page.reload();
    await page.getByRole('link', { name: tr('ar', 'details.enrol.continue') }).waitFor();
  });

  it('shows bank transfer instructions with the reference for a paid course', async () => {
    const course = await publicCourse({ title: `Paid ${unique()}`, price: 250 });
    const { page } = await e2e.open();
    await signedInParticipant(page);
    await page.goto(`/course-details/${course.id}`);
    await page.getByTestId('enrol-button').click();
    await page.getByTestId('payment-instructions').waitFor();
    const reference = (await page.getByTestId('payment-reference').textContent())?.trim();
    expect(reference).toMatch(/\S{4,}/);
    // After a reload the pending order still shows how to pay, with the same reference, and no second order button.
    await page.reload();
    await page.getByTestId('payment-instructions').waitFor();
    expect((await page.getByTestId('payment-reference').textContent())?.trim()).toBe(reference);
    expect(await page.getByTestId('enrol-button').count()).toBe(0);
  });

  it('an enrolled participant rates the course and the summary and reviews update at once', async () => {
    const title = `Rate ${unique()}`;
    const course = await publicCourse({ title });
    const { participant } = await enrollParticipant(course.id);
    const { page } = await e2e.open();
    await signedInParticipant(page, participant);
    await page.goto(`/course-details/${course.id}`);
    await page.getByTestId('rating-form').waitFor();
    await expect(page.getByTestId('rating-average').textContent()).resolves.toBe('—');
    await page.getByRole('radio', { name: tr('ar', 'details.rate.stars', { count: 5 }) }).check();
    const message = `Excellent ${unique()}`;
    await page.getByLabel(tr('ar', 'details.rate.message')).fill(message);
    await page.getByRole('button', { name: tr('ar', 'details.rate.submit') }).click();
    await page.getByTestId('rating-success').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="rating-average"]')?.textContent === '5.0');
    await page.getByTestId('reviews').getByText(message).waitFor();
  });

  it('a course that is not public sends the visitor home with a message', async () => {
    const course = await createCourse({ title: `Hidden ${unique()}`, approveStatus: 'pending' });
    const { page } = await e2e.open();
    await page.goto(`/course-details/${course.id}`);
    await waitForPath(page, '/');
    await page.getByTestId('home-notice').waitFor();
  });

  it('shows no enrol or wishlist buttons to an instructor', async () => {
    const course = await publicCourse({ title: `Teach ${unique()}` });
    const { page } = await e2e.open();
    await seedSession(page, 'instructor', await apiLogin(e2e.server, 'instructor', await newAccount('instructor')));
    await page.goto(`/course-details/${course.id}`);
    await page.getByTestId('details-price').waitFor();
    expect(await page.getByTestId('enrol-button').count()).toBe(0);
    expect(await page.getByTestId('wishlist-toggle').count()).toBe(0);
  });
});

describe('newsletter and contact', () => {
  it('the footer newsletter form shows a field error for a bad address, then subscribes', async () => {
    const { page } = await e2e.open();
    await page.goto('/about');
    const form = page.getByTestId('newsletter-form');
    const email = form.getByRole('textbox', { name: tr('ar', 'newsletter.email') });
    await email.fill('not-an-email');
    await form.getByRole('button', { name: tr('ar', 'newsletter.submit') }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="newsletter-form"] input')?.getAttribute('aria-invalid') === 'true');
    await email.fill(`news-${unique()}@example.com`);
    await form.getByRole('button', { name: tr('ar', 'newsletter.submit') }).click();
    await page.getByTestId('newsletter-success').waitFor();
  });

  it('the contact form shows field errors under the fields, then sends and clears', async () => {
    const { page } = await e2e.open();
    await page.goto('/contact-us');
    await page.getByRole('button', { name: tr('ar', 'contact.submit') }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="contact-form"] [aria-invalid="true"]').length >= 2);
    await page.getByLabel(labelled('ar', 'contact.name')).fill('سارة');
    await page.getByLabel(labelled('ar', 'contact.email')).fill(`contact-${unique()}@example.com`);
    await page.getByLabel(labelled('ar', 'contact.message')).fill('أود معرفة مواعيد الدورات القادمة من فضلكم.');
    await page.getByRole('button', { name: tr('ar', 'contact.submit') }).click();
    await page.getByTestId('contact-success').waitFor();
    expect(await page.getByLabel(labelled('ar', 'contact.name')).inputValue()).toBe('');
    expect(await page.getByLabel(labelled('ar', 'contact.message')).inputValue()).toBe('');
  });
});

describe('accessibility of the catalog pages', () => {
  let paths: string[] | undefined;
  async function catalogPaths() {
    if (paths) return paths;
    const category = await createCategory();
    const tag = unique();
    const course = await publicCourse({ title: `Audit ${tag}`, categoryId: category.id, description: '<p>Audit</p>' });
    await addLectures(course.id, 2, { freeFirst: true, video: 'videos/clip-a.mp4' });
    await rateThroughApi(e2e.server, course.id, 3, 'Fine');
    paths = ['/', `/category/${category.slug}`, `/search?q=${tag}`, `/course-details/${course.id}`, '/contact-us'];
    return paths;
  }
  for (const language of LANGUAGES) {
    for (const width of [1280, 375]) {
      it(`has no serious or critical findings in ${language} at ${width}px`, async () => {
        const findings = await auditAll(e2e, { language, paths: await catalogPaths(), width, finished: onTestFinished });
        expect(findings).toEqual([]);
      });
    }
  }
});
