// test:area accounts shell
import { describe, it, type onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import type { Role } from '@nibras/contract';
import { readSession, waitForPath } from './support/browser';
import { newAccount } from './support/server';
import { e2eSuite } from './support/suite';
import { tr } from './support/translations';

const e2e = e2eSuite();

interface Focused {
  name: string | null;
  tag: string;
  visibleIndicator: boolean;
}

/** The focused element and whether it shows a focus ring (outline or box-shadow). */
async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: null, tag: 'body', visibleIndicator: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    return { name: el.getAttribute('name'), tag: el.tagName.toLowerCase(), visibleIndicator: outline || shadow };
  });
}

/** Tabs from the top of the page until the field `name` has focus; every stop must show focus. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (!now.visibleIndicator) throw new Error(`no focus ring on <${now.tag} name=${now.name}>`);
    if (now.name === name) return;
  }
  throw new Error(`Tab never reached the ${name} field`);
}

async function typeInto(page: Page, name: string, value: string): Promise<void> {
  const now = await focused(page);
  if (now.name !== name) throw new Error(`expected focus on ${name}, found <${now.tag} name=${now.name}>`);
  if (!now.visibleIndicator) throw new Error(`no focus ring on the ${name} field`);
  await page.keyboard.type(value);
}

async function openScreen(path: string, finished: typeof onTestFinished): Promise<Page> {
  const { page } = await e2e.open({}, finished);
  await page.goto(path);
  await page.locator('h1').waitFor();
  return page;
}

describe.concurrent('every form works with the keyboard alone, with a visible focus ring', () => {
  // The instructors' and participants' login screens: after their sign-up, below.
  it('admin login: Tab into the fields, type, Enter signs in', async ({ onTestFinished, expect }) => {
    const account = await newAccount('admin');
    const page = await openScreen('/admin/login', onTestFinished);
    await tabTo(page, 'email');
    await typeInto(page, 'email', account.email);
    await page.keyboard.press('Tab');
    await typeInto(page, 'password', account.password);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/admin/dashboard');
    expect(await readSession(page, 'admin')).not.toBeNull();
  });

  for (const role of ['instructor', 'participant'] as const satisfies Role[]) {
    it(`${role} register then login: ${role === 'participant' ? 'the first Tab reaches the skip link, which moves focus to the main content; ' : ''}Tab into the fields, type, Enter signs up; on the login screen that follows, back into the fields, type, Enter signs in`, async ({ onTestFinished, expect }) => {
      const page = await openScreen(`/${role}/register`, onTestFinished);
      if (role === 'participant') {
        // Every public screen starts with the skip link.
        await page.keyboard.press('Tab');
        const skip = page.getByRole('link', { name: tr('ar', 'common.skipToContent') });
        expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
        expect((await focused(page)).visibleIndicator).toBe(true);
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => document.activeElement?.tagName === 'MAIN');
      }
      const email = `keys-${role}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@test.example`;
      await tabTo(page, 'name');
      await typeInto(page, 'name', 'Keyboard User');
      await page.keyboard.press('Tab');
      await typeInto(page, 'email', email);
      await page.keyboard.press('Tab');
      await typeInto(page, 'password', 'Steady-lantern-42');
      await page.keyboard.press('Enter');
      await waitForPath(page, `/${role}/login`);
      await page.getByText(tr('ar', 'api.auth.signup_success')).waitFor();

      // The login screen fills in the new address and puts the focus on the password; back to the email field with Shift+Tab.
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'password');
      expect((await focused(page)).visibleIndicator).toBe(true);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('ControlOrMeta+A');
      await typeInto(page, 'email', email);
      await page.keyboard.press('Tab');
      await typeInto(page, 'password', 'Steady-lantern-42');
      await page.keyboard.press('Enter');
      await waitForPath(page, `/${role}/dashboard`);
      expect(await readSession(page, role)).not.toBeNull();
    });
  }
});
