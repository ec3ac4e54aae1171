// test:area sessions
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Role } from '@nibras/contract';
import { readSession, SESSION_KEYS, seedStorage, storedSession, waitForPath } from './support/browser';
import { apiLogin, newAccount, type TestAccount } from './support/server';
import { e2eSuite } from './support/suite';
import { labelled, tr } from './support/translations';

// The server's tokens last an hour (ACCESS_TOKEN_TTL's default); the page's clock is moved instead of waited for.
// The client refreshes an active user's token a minute before it expires (a fifth of the lifetime, at most a
// minute), and counts a user active who moved within the last five minutes.
const e2e = e2eSuite();
const REFRESH_LEAD_MS = 60_000;

/**
 * Signs in with the keyboard on an already loaded page, with the page's clock installed, so that the
 * test moves the session's time (no pointer activity happens).
 */
async function signInWithKeyboard(page: Page, role: Role, account: TestAccount) {
  await page.clock.install();
  await page.goto(`/${role}/login`);
  await page.getByLabel(labelled('ar', 'auth.email')).fill(account.email);
  await page.getByLabel(labelled('ar', 'auth.password')).fill(account.password);
  await page.getByLabel(labelled('ar', 'auth.password')).press('Enter');
  await waitForPath(page, `/${role}/dashboard`);
  await page.getByRole('heading', { level: 1, name: tr('ar', 'dashboard.welcome', { name: account.name }) }).waitFor();
}

const pageNow = (page: Page) => page.evaluate(() => Date.now());

/** Moves the page's clock to `at` (a time of the page), firing the timers due on the way. */
async function moveClockTo(page: Page, at: number) {
  await page.clock.fastForward(Math.max(0, at - (await pageNow(page))));
}

describe.concurrent('session expiry in the browser (spec section 4)', () => {
  it('signs an idle user out to the login page when the session expires', async ({ onTestFinished, expect }) => {
    const { page } = await e2e.open({}, onTestFinished);
    await signInWithKeyboard(page, 'participant', await newAccount('participant'));
    const session = await readSession(page, 'participant');
    if (!session) throw new Error('no stored session');
    // Past the refresh window with no activity for more than five minutes: no refresh, then the expiry.
    await moveClockTo(page, session.expireDate + 1000);
    await waitForPath(page, '/participant/login');
    expect(await pageNow(page)).toBeGreaterThanOrEqual(session.expireDate);
    expect(await readSession(page, 'participant')).toBeNull();
    await page.getByRole('heading', { level: 1, name: tr('ar', 'auth.login.title.participant') }).waitFor();
  });

  it("refreshes an active user's token before expiry and keeps them signed in past it", async ({ onTestFinished, expect }) => {
    const { page } = await e2e.open({}, onTestFinished);
    await signInWithKeyboard(page, 'instructor', await newAccount('instructor'));
    const first = await readSession(page, 'instructor');
    if (!first) throw new Error('no stored session');

    // Active shortly before the refresh window opens; the window's timer then refreshes through the server.
    await moveClockTo(page, first.expireDate - REFRESH_LEAD_MS - 10_000);
    await page.mouse.move(300, 400);
    await page.mouse.move(320, 400);
    await moveClockTo(page, first.expireDate - REFRESH_LEAD_MS + 1000);
    await expect.poll(async () => (await readSession(page, 'instructor'))?.token !== first.token, { timeout: 15_000 }).toBe(true);
    const renewed = await readSession(page, 'instructor');
    expect(renewed?.refreshToken).not.toBe(first.refreshToken);
    expect(renewed?.expireDate).toBeGreaterThan(first.expireDate);

    // Past the first token's expiry: still signed in, on the same page.
    await page.mouse.move(300, 400);
    await moveClockTo(page, first.expireDate + 1000);
    expect(new URL(page.url()).pathname).toBe('/instructor/dashboard');
    const current = await readSession(page, 'instructor');
    expect(current?.expireDate).toBeGreaterThan(await pageNow(page));
    // The renewed token works against the API.
    const name = await fetch(`${e2e.server.baseUrl}/api/instructor/name`, { headers: { authorization: `Bearer ${current?.token}` } });
    expect(name.status).toBe(200);
  });

  it('signs out on page load when the stored session has already expired', async ({ onTestFinished, expect }) => {
    const { page } = await e2e.open({}, onTestFinished);
    const login = await apiLogin(e2e.server, 'instructor', await newAccount('instructor'));
    await seedStorage(page, { [SESSION_KEYS.instructor]: storedSession(login, Date.now() - login.expiresIn * 1000 - 1) });
    await page.goto('/instructor/dashboard');
    await waitForPath(page, '/instructor/login');
    await page.getByRole('heading', { level: 1, name: tr('ar', 'auth.login.title.instructor') }).waitFor();
    expect(await readSession(page, 'instructor')).toBeNull();
  });
});
