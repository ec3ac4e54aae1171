// test:area dashboard learning
import { describe, it } from 'vitest';
import type { Role } from '@nibras/contract';
import { seedSession } from './support/browser';
import { auditAll, axeViolations, LANGUAGES, settled } from './support/audit';
import { apiLogin, newAccount } from './support/server';
import { e2eSuite } from './support/suite';
import { tr } from './support/translations';

const e2e = e2eSuite({}, { shareContext: true });

const SIGNED_IN_PAGES: Record<Role, string[]> = {
  admin: ['/admin/dashboard', '/admin/Assessment', '/admin/messages', '/admin/messages/user', '/admin/reviews', '/admin/questions'],
  instructor: ['/instructor/dashboard', '/instructor/my-profile', '/instructor/assessment-summary', '/instructor/no-such-screen', '/instructor/messages', '/instructor/reviews', '/instructor/questions'],
  participant: ['/participant/dashboard', '/participant/my-profile', '/participant/my-assessment', '/participant/messages'],
};

// One test at a time: each already keeps a core busy with axe, and the test timeout must
// measure its own work, not a queue.
// Every screen once per language: axe once, the layout at 1280 and at 375 px (support/audit.ts).
describe('accessibility of the signed-in areas: no serious or critical axe violation, one h1, landmarks, nothing off-screen at 1280 or 375 px', () => {
  for (const language of LANGUAGES) {
    for (const role of ['admin', 'instructor', 'participant'] as const) {
      it(`${role} area in ${language}`, async ({ onTestFinished, expect }) => {
        expect(await auditAll(e2e, { language, role, paths: SIGNED_IN_PAGES[role], finished: onTestFinished })).toEqual([]);
      });
    }
  }

  it('at 375 px the sidebar is hidden from keyboard and screen readers until the burger opens it', async ({ onTestFinished, expect }) => {
    const { page } = await e2e.open({ width: 375 }, onTestFinished);
    await seedSession(page, 'participant', await apiLogin(e2e.server, 'participant', await newAccount('participant')));
    await page.goto('/participant/dashboard');
    await settled(page);
    const sidebar = page.locator('#role-shell-sidebar');
    const sidebarLink = sidebar.getByRole('link', { name: tr('ar', 'shell.nav.profile') });
    expect(await sidebar.getAttribute('inert')).not.toBeNull();
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('#role-shell-sidebar'))).toBe(false);
    }
    const burger = page.getByRole('button', { name: tr('ar', 'shell.menu.open') });
    await burger.click();
    await sidebarLink.waitFor();
    expect(await sidebar.getAttribute('inert')).toBeNull();
    expect(await page.getByRole('button', { name: tr('ar', 'shell.menu.close') }).getAttribute('aria-expanded')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await sidebarLink.click();
    await page.getByRole('heading', { level: 1, name: tr('ar', 'profile.title') }).waitFor();
    await page.locator('#role-shell-sidebar[inert]').waitFor({ state: 'attached' });
  });
});
