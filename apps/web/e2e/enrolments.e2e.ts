// test:area enrolments
import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createCourse } from '../../api/test/factories';
import { testDatabase } from '../../api/test/harness';
import { users } from '../../api/src/db/schema';
import { seedSession, waitForPath } from './support/browser';
import { auditAll, axeViolations, LANGUAGES, settled } from './support/audit';
import { apiLogin, newAccount } from './support/server';
import { e2eSuite } from './support/suite';
import { labelled, tr } from './support/translations';

const e2e = e2eSuite({}, { shareContext: true });

// Admins work at 1280 px, but this screen is also promised at 375 px: the journey runs on a phone's width, in Arabic.
describe('enrolling people in bulk', () => {
  it('from the menu: pick a course, check a CSV list (the report names each bad line), then run it for real', async ({ onTestFinished }) => {
    const { page } = await e2e.open({ width: 375 }, onTestFinished);
    const tag = Math.random().toString(36).slice(2, 8);
    const course = await createCourse({ title: `دورة الخط العربي ${tag}` });
    const [amal, omar] = [`amal.${tag}@bulk.example`, `omar.${tag}@bulk.example`];
    const good = [amal, omar];
    await seedSession(page, 'admin', await apiLogin(e2e.server, 'admin', await newAccount('admin')));
    await page.goto('/admin/dashboard');
    await settled(page);
    await page.getByRole('button', { name: tr('ar', 'shell.menu.open') }).click();
    await page.getByRole('link', { name: tr('ar', 'enrolments.nav') }).click();
    await waitForPath(page, '/admin/enrolments');

    const picker = page.getByRole('combobox', { name: labelled('ar', 'enrolments.course.label') });
    await picker.fill(tag);
    await page.getByRole('option', { name: course.title }).click();
    const csv = ['email,name', `${amal},آمال يوسف`, 'not-an-email,Someone', `"${omar}","Omar, Jr"`, `${amal.toUpperCase()},Again`].join('\r\n');
    await page.getByTestId('enrolments-csv').locator('input[type="file"]').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) });
    await page.getByRole('button', { name: tr('ar', 'enrolments.csv.check') }).click();

    const report = page.getByTestId('enrolments-report');
    await report.getByRole('heading', { name: tr('ar', 'enrolments.report.dryTitle') }).waitFor();
    await report.getByText(tr('ar', 'enrolments.report.wouldCreate', { count: 2 })).waitFor();
    const rows = page.getByTestId('enrolments-problems').locator('tbody tr');
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringContaining(tr('ar', 'enrolments.problem.invalid_email')),
      expect.stringContaining(tr('ar', 'enrolments.problem.duplicate', { line: 2 })),
    ]);
    expect(await rows.first().locator('td').first().innerText()).toBe('3');
    // Nothing written by the dry run.
    const { db } = await testDatabase();
    expect(await db.select().from(users).where(inArray(users.email, good))).toEqual([]);
    // The report on a phone: no axe violation, nothing wider than the screen.
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByTestId('enrolments-run').click();
    await page.getByTestId('enrolments-csv-done').waitFor();
    await report.getByRole('heading', { name: tr('ar', 'enrolments.report.doneTitle') }).waitFor();
    await report.getByText(tr('ar', 'enrolments.report.enrolled', { count: 2 })).waitFor();
    expect((await db.select().from(users).where(inArray(users.email, good))).map((u) => u.name).sort()).toEqual(['Omar, Jr', 'آمال يوسف'].sort());
  });
});

describe('accessibility of the enrolments screen', () => {
  for (const language of LANGUAGES) {
    it(`in ${language}: no serious or critical axe violation, nothing off-screen at 1280 or 375 px`, async ({ onTestFinished }) => {
      expect(await auditAll(e2e, { language, role: 'admin', paths: ['/admin/enrolments'], finished: onTestFinished })).toEqual([]);
    });
  }
});
