// test:area shell
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Role } from '@nibras/contract';
import { addLectures, createCategory, createCourse } from '../../api/test/factories';
import { GOOD_PASSWORD } from '../../api/test/harness';
import { LANGUAGES, resize, settled, type Language } from './support/audit';
import { seedSession, seedStorage } from './support/browser';
import { apiLogin, newAccount, type TestAccount } from './support/server';
import { e2eSuite } from './support/suite';

// The product as people see it, saved into test-artifacts/screenshots/ by `npm run screenshots` (not by `npm test`:
// vitest.screenshots.config.ts); docs/screenshots/ holds two of them for the README.
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test-artifacts/screenshots');
const WIDTHS = [375, 1366] as const;
const HEIGHT: Record<(typeof WIDTHS)[number], number> = { 375: 812, 1366: 900 };

const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-screenshots-'));
mkdirSync(path.join(dataDir, 'uploads', 'videos'), { recursive: true });
copyFileSync(new URL('../../api/src/seed/media/clip-a.mp4', import.meta.url), path.join(dataDir, 'uploads', 'videos', 'clip-a.mp4'));
const e2e = e2eSuite({ dataDir });

/** The width and height a PNG file says it has (its IHDR chunk). */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function shoot(page: Page, name: string, width: number): Promise<string> {
  await settled(page);
  // Fonts and the images in view in place, animations done. Only images in the viewport: a lazy
  // image below the fold (a long home page in a worker's shared database) never loads, so its
  // `complete` stays false until it is scrolled to.
  await page.waitForFunction(() => {
    const inView = (image: HTMLImageElement) => {
      const box = image.getBoundingClientRect();
      return box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    };
    return document.fonts.status === 'loaded' && [...document.images].filter(inView).every((image) => image.complete);
  });
  await page.waitForTimeout(300);
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  expect(pngSize(file).width).toBe(width);
  return file;
}

describe('screenshots of the main screens, in Arabic and English, at 375 and 1366 px', () => {
  it('saves home, course details, player, course builder and admin dashboard', async () => {
    mkdirSync(OUT, { recursive: true });
    const instructor = await newAccount('instructor', 'د. هالة منصور');
    const participant = await newAccount('participant', 'Layla Hassan');
    const admin = await newAccount('admin', 'Admin');
    const category = await createCategory({ nameAr: 'علم البيانات', nameEn: 'Data science' });
    const instructorLogin = await apiLogin(e2e.server, 'instructor', instructor);
    const course = await createCourse({
      title: 'مدخل إلى تحليل البيانات',
      subtitle: 'من جداول البيانات إلى الرسوم البيانية',
      description: '<p>دورة عملية تأخذك خطوة بخطوة من تنظيف البيانات إلى عرضها.</p>',
      language: 'ar',
      categoryId: category.id,
      instructorId: Number(instructorLogin.localId),
      learnPoints: ['تنظيف الجداول وترتيبها', 'قراءة الرسوم البيانية', 'طرح الأسئلة الصحيحة على البيانات'],
      requirements: ['حاسوب واتصال بالإنترنت'],
      audience: ['الطلاب', 'المحللون المبتدئون'],
    });
    await addLectures(course.id, 3, { freeFirst: true, video: 'videos/clip-a.mp4', durationSeconds: 8 });
    const participantLogin = await apiLogin(e2e.server, 'participant', participant);
    const enrolled = await fetch(`${e2e.server.baseUrl}/api/participant/enrollcourse/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${participantLogin.token}` },
      body: JSON.stringify({ course_id: course.id }),
    });
    expect(enrolled.status).toBe(200);

    // One page a role, loaded once per language (the language from storage, as the app keeps it); each load is shot at
    // both widths by resizing the window.
    const as = async (role: Role | null, account: TestAccount | null) => {
      const { page } = await e2e.open({ width: WIDTHS[0], height: HEIGHT[WIDTHS[0]] });
      if (role && account) await seedSession(page, role, await apiLogin(e2e.server, role, { ...account, password: GOOD_PASSWORD }));
      return page;
    };
    const [visitor, learner, teacher, boss] = [await as(null, null), await as('participant', participant), await as('instructor', instructor), await as('admin', admin)];
    const saved: string[] = [];
    /** Opens the address in the language (at the first width), waits for what must be there, and shoots it at every width. */
    const shootAll = async (page: Page, name: string, language: Language, url: string, ready: () => Promise<void> = async () => undefined) => {
      await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT[WIDTHS[0]] });
      // Before a page's first load its storage is seeded; after, the app's own storage is written.
      if (page.url() === 'about:blank') await seedStorage(page, { language });
      else await page.evaluate((value) => localStorage.setItem('language', value), language);
      await page.goto(url);
      await ready();
      for (const width of WIDTHS) {
        await resize(page, width, HEIGHT[width]);
        saved.push(await shoot(page, `${name}-${language}-${width}`, width));
      }
    };
    for (const language of LANGUAGES) {
      await shootAll(visitor, 'home', language, `/?lang=${language}`);
      await shootAll(visitor, 'course-details', language, `/course-details/${course.id}?lang=${language}`, () => visitor.getByRole('heading', { level: 1, name: course.title }).waitFor());
      await shootAll(learner, 'player', language, `/participant/learn/${course.id}`, () => learner.locator('video.learn-video').waitFor());
      await shootAll(teacher, 'builder', language, `/instructor/courses/${course.id}/edit/2`);
      await shootAll(boss, 'admin-dashboard', language, '/admin/dashboard', () => boss.getByTestId('figure-courses-pending').waitFor());
    }
    expect(saved).toHaveLength(20);
    expect(new Set(saved).size).toBe(20);
  }, 240_000); // Ten loads in four roles' sessions, each shot at two widths.
});
