// test:area theme shell
import { describe, it, type onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import type { Role } from '@nibras/contract';
import { seedSession } from './support/browser';
import { axeViolations, settled, type Language } from './support/audit';
import { unreadableTexts } from './support/contrast';
import { apiLogin, newAccount } from './support/server';
import { e2eSuite } from './support/suite';
import { tr } from './support/translations';

const e2e = e2eSuite({}, { shareContext: true });
const THEME_KEY = 'nibras.theme';

/** A signed-in `role` on its dashboard in `language`, with `theme` stored beforehand if given. */
async function openArea(role: Role, language: Language, finished: typeof onTestFinished, options: { width?: number; theme?: object } = {}): Promise<Page> {
  const { page } = await e2e.open({ width: options.width ?? 1280 }, finished);
  const extra: Record<string, string> = { language };
  if (options.theme) extra[THEME_KEY] = JSON.stringify(options.theme);
  await seedSession(page, role, await apiLogin(e2e.server, role, await newAccount(role)), extra);
  await page.goto(`/${role}/dashboard`);
  await settled(page);
  return page;
}

async function openPanel(page: Page, language: Language): Promise<void> {
  await page.getByRole('button', { name: tr(language, 'theme.open') }).click();
  await page.getByRole('dialog', { name: tr(language, 'theme.title') }).waitFor();
}

function radio(page: Page, language: Language, key: string) {
  return page.getByRole('dialog').getByRole('radio', { name: tr(language, key), exact: true });
}

/** A choice in a named group of the panel (several groups share labels, e.g. fixed and static). */
function choice(page: Page, language: Language, group: string, key: string) {
  return page.getByRole('dialog').getByRole('radiogroup', { name: tr(language, group) }).getByRole('radio', { name: tr(language, key), exact: true });
}

async function choose(page: Page, language: Language, group: string, key: string): Promise<void> {
  await choice(page, language, group, key).check();
}

const shellAttribute = (page: Page, name: string) => page.getByTestId('role-shell').getAttribute(name);

const DESKTOP = { sidebar: 'full', layout: 'vertical', background: 'light', sidebarPosition: 'fixed', headerPosition: 'fixed', container: 'wide', direction: 'auto', font: 'poppins', color: 'color_1', band: 'desktop' };

describe('theme settings panel (spec sections 3 to 5)', () => {
  for (const role of ['admin', 'instructor', 'participant'] as const) {
    it(`in the ${role} area the panel opens, a change applies and survives a reload`, async ({ onTestFinished, expect }) => {
      const page = await openArea(role, 'en', onTestFinished);
      expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('light');
      await openPanel(page, 'en');
      await choose(page, 'en', 'theme.background', 'theme.background.dark');
      await choose(page, 'en', 'theme.container', 'theme.container.wide-boxed');
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
      expect(await shellAttribute(page, 'data-container')).toBe('wide-boxed');
      await page.reload();
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
      expect(await shellAttribute(page, 'data-container')).toBe('wide-boxed');
      await openPanel(page, 'en');
      expect(await radio(page, 'en', 'theme.background.dark').isChecked()).toBe(true);
    });
  }

  it('refuses overlay in the horizontal layout with the alert, in Arabic, then in English after switching the language', async ({ onTestFinished, expect }) => {
    const page = await openArea('participant', 'ar', onTestFinished);
    await openPanel(page, 'ar');
    await choose(page, 'ar', 'theme.layout', 'theme.layout.horizontal');
    for (const language of ['ar', 'en'] as const) {
      if (language === 'en') {
        // The same page in English: the language switch in the header, no reload.
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        await page.getByRole('banner').getByRole('button', { name: tr('ar', 'language.switch') }).click();
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
        await openPanel(page, 'en');
      }
      // A click, not check(): the refused radio stays unchecked.
      await choice(page, language, 'theme.sidebar', 'theme.sidebar.overlay').click();
      const alert = page.getByRole('alert').filter({ hasText: tr(language, 'theme.alert.overlayHorizontal') });
      await alert.waitFor();
      if (language === 'en') expect((await alert.textContent())?.trim()).toBe('Sorry! Overlay is not possible in Horizontal layout.');
      expect(await radio(page, language, 'theme.sidebar.full').isChecked()).toBe(true);
      expect(await shellAttribute(page, 'data-layout')).toBe('horizontal');
      expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)) ?? '{}')).toMatchObject({ layout: 'horizontal', sidebar: 'full' });
    }
  });

  it('switching to horizontal while overlay is on forces full, and the navigation becomes a bar under the header', async ({ onTestFinished, expect }) => {
    const page = await openArea('admin', 'ar', onTestFinished);
    await openPanel(page, 'ar');
    await choose(page, 'ar', 'theme.sidebar', 'theme.sidebar.overlay');
    await expect.poll(() => shellAttribute(page, 'data-sidebar')).toBe('overlay');
    await choose(page, 'ar', 'theme.layout', 'theme.layout.horizontal');
    await expect.poll(() => radio(page, 'ar', 'theme.sidebar.full').isChecked()).toBe(true);
    expect(await shellAttribute(page, 'data-layout')).toBe('horizontal');
    const bar = page.locator('header nav#role-shell-sidebar');
    expect(await bar.getByRole('link', { name: tr('ar', 'shell.nav.dashboard') }).isVisible()).toBe(true);
  });

  it('a boxed container forces overlay', async ({ onTestFinished, expect }) => {
    const page = await openArea('instructor', 'en', onTestFinished);
    await openPanel(page, 'en');
    await choose(page, 'en', 'theme.container', 'theme.container.boxed');
    await expect.poll(() => shellAttribute(page, 'data-sidebar')).toBe('overlay');
    expect(await radio(page, 'en', 'theme.sidebar.overlay').isChecked()).toBe(true);
    expect(await shellAttribute(page, 'data-container')).toBe('boxed');
  });

  // The sidebar the window's width gives a stored theme that has no band yet, one width per test.
  for (const [width, sidebar] of [[375, 'overlay'], [900, 'mini'], [1366, 'full']] as const) {
    it(`the window width sets the sidebar: ${sidebar} at ${width} px${width === 375 ? ', in the vertical layout' : ''}`, async ({ onTestFinished, expect }) => {
      const page = await openArea('participant', 'en', onTestFinished, { width, theme: { ...DESKTOP, sidebar: 'compact', layout: width === 375 ? 'horizontal' : 'vertical', band: null } });
      expect(await shellAttribute(page, 'data-sidebar')).toBe(sidebar);
      expect(await shellAttribute(page, 'data-layout')).toBe('vertical');
    });
  }

  it('the sidebar changes again when the window enters another band, and within the band the user\'s choice holds', async ({ onTestFinished, expect }) => {
    const page = await openArea('participant', 'en', onTestFinished, { width: 1366 });
    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(() => shellAttribute(page, 'data-sidebar')).toBe('mini');
    await openPanel(page, 'en');
    await choose(page, 'en', 'theme.sidebar', 'theme.sidebar.compact');
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.reload();
    await settled(page);
    expect(await shellAttribute(page, 'data-sidebar')).toBe('compact');
  });

  it('fonts come from the app itself, and an Arabic page has the chosen pair Arabic face loaded', async ({ onTestFinished, expect }) => {
    // A cold cache: every font the page uses is requested.
    const { page } = await e2e.open({ fresh: true }, onTestFinished);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await seedSession(page, 'participant', await apiLogin(e2e.server, 'participant', await newAccount('participant')), { language: 'ar' });
    await page.goto('/participant/dashboard');
    await settled(page);
    const loaded = (family: string) => page.evaluate((name) => [...document.fonts].some((face) => face.family.replaceAll('"', '') === name && face.status === 'loaded') && document.fonts.check(`16px "${name}"`, 'ب'), family);
    expect(await loaded('Tajawal')).toBe(true);
    await openPanel(page, 'ar');
    for (const [font, arabic] of [['roboto', 'Noto Kufi Arabic'], ['nunito', 'Almarai'], ['opensans', 'Noto Sans Arabic'], ['HelveticaNeue', 'IBM Plex Sans Arabic']] as const) {
      await choose(page, 'ar', 'theme.font', `theme.font.${font}`);
      await expect.poll(() => loaded(arabic)).toBe(true);
    }
    const origin = new URL(e2e.server.baseUrl).origin;
    const fonts = requests.filter((url) => /\.(woff2?|ttf|otf)(\?|$)/.test(url));
    expect(fonts.length).toBeGreaterThanOrEqual(5);
    expect(requests.filter((url) => new URL(url).origin !== origin && !url.startsWith('data:'))).toEqual([]);
  });

  for (const [role, language] of [['participant', 'ar'], ['participant', 'en'], ['admin', 'ar'], ['instructor', 'en']] as const) {
    it(`the dark background passes axe and every text reads at AA: ${role} dashboard, panel, profile and messages in ${language}`, async ({ onTestFinished, expect }) => {
      const page = await openArea(role, language, onTestFinished, { theme: { ...DESKTOP, background: 'dark' } });
      expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(await axeViolations(page)).toEqual([]);
      // axe leaves text it cannot place on a background as "incomplete": measure every text too.
      await page.locator('main h1').waitFor();
      expect(await unreadableTexts(page)).toEqual([]);
      await openPanel(page, language);
      expect(await axeViolations(page)).toEqual([]);
      expect(await unreadableTexts(page, '[role="dialog"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      // Screens with their own style sheets: the profile form and the message centre, through the menu.
      for (const [screen, link] of [[`/${role}/my-profile`, 'shell.nav.profile'], [`/${role}/messages`, 'messages.nav']] as const) {
        await page.getByRole('navigation', { name: tr(language, 'shell.nav.label') }).getByRole('link', { name: tr(language, link) }).click();
        await page.waitForURL((url) => url.pathname === screen);
        await settled(page);
        await page.locator('main h1').waitFor();
        expect(await unreadableTexts(page), screen).toEqual([]);
      }
    });
  }

  it('direction overrides the language: rtl in English', async ({ onTestFinished, expect }) => {
    const page = await openArea('admin', 'en', onTestFinished);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await openPanel(page, 'en');
    await choose(page, 'en', 'theme.direction', 'theme.direction.rtl');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });

  it('the panel works with the keyboard', async ({ onTestFinished, expect }) => {
    const page = await openArea('participant', 'en', onTestFinished);
    const gear = page.getByRole('button', { name: tr('en', 'theme.open') });
    await gear.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: tr('en', 'theme.title') });
    await dialog.waitFor();
    // Tab until the layout group's chosen radio has focus, then the arrow key picks the next one.
    for (let presses = 0; presses < 40; presses += 1) {
      await page.keyboard.press('Tab');
      const inLayout = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name === 'layout');
      if (inLayout) break;
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('vertical');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => shellAttribute(page, 'data-layout')).toBe('horizontal');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('theme-open');
  });
});
