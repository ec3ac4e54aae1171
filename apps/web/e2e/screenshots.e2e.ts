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
import { LANGUAGES, settled } from './support/audit';
import { seedSession } from './support/browser';
import { apiLogin, newAccount, type TestAccount } from './support/server';
import { e2eSuite } from './support/suite';

// The product as people see it, saved as test artifacts (test-artifacts/screenshots/, kept by CI);
// docs/screenshots/ holds two of them for the README.
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test-artifacts/screenshots');
const WIDTHS = [375, 1366] as const;

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

    const as = async (role: Role | null, account: TestAccount | null, language: 'ar' | 'en', width: number) => {
      const { page } = await e2e.open({ width, height: width === 375 ? 812 : 900 });
      if (role && account) await seedSession(page, role, await apiLogin(e2e.server, role, { ...account, password: GOOD_PASSWORD }), { language });
      return page;
    };
    const saved: string[] = [];
    for (const language of LANGUAGES) {
      for (const width of WIDTHS) {
        const visitor = await as(null, null, language, width);
        await visitor.goto(`/?lang=${language}`);
        saved.push(await shoot(visitor, `home-${language}-${width}`, width));
        await visitor.goto(`/course-details/${course.id}?lang=${language}`);
        await visitor.getByRole('heading', { level: 1, name: course.title }).waitFor();
        saved.push(await shoot(visitor, `course-details-${language}-${width}`, width));

        const learner = await as('participant', participant, language, width);
        await learner.goto(`/participant/learn/${course.id}`);
        await learner.locator('video.learn-video').waitFor();
        saved.push(await shoot(learner, `player-${language}-${width}`, width));

        const teacher = await as('instructor', instructor, language, width);
        await teacher.goto(`/instructor/courses/${course.id}/edit/2`);
        saved.push(await shoot(teacher, `builder-${language}-${width}`, width));

        const boss = await as('admin', admin, language, width);
        await boss.goto('/admin/dashboard');
        await boss.getByTestId('figure-courses-pending').waitFor();
        saved.push(await shoot(boss, `admin-dashboard-${language}-${width}`, width));
      }
    }
    expect(saved).toHaveLength(20);
    expect(new Set(saved).size).toBe(20);
  }, 240_000); // Twenty pages in five roles' sessions: about 50 s alone, more beside other workers.
});
