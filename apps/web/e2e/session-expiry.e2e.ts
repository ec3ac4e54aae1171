// test:area sessions
import { describe, it, type ExpectStatic } from 'vitest';
import type { Page } from 'playwright-core';
import type { Role } from '@nibras/contract';
import { readSession, SESSION_KEYS, seedStorage, storedSession, waitForPath } from './support/browser';
import { apiLogin, newAccount, type TestAccount } from './support/server';
import { e2eSuite } from './support/suite';
import { labelled, tr } from './support/translations';

// Short-lived tokens so expiry and refresh happen within a test: the client refreshes an
// active user's token a fifth of the lifetime before it expires.
const TTL_SECONDS = 8;
const e2e = e2eSuite({ accessTokenTtl: TTL_SECONDS });

/**
 * Signs in with the keyboard on an already loaded page, so the session's clock starts only
 * once the app is running (a slow page load cannot eat the short lifetime) and no pointer
 * activity happens.
 */
async function signInWithKeyboard(page: Page, role: Role, account: TestAccount) {
  await page.goto(`/${role}/login`);
  await page.getByLabel(labelled('ar', 'auth.email')).fill(account.email);
  await page.getByLabel(labelled('ar', 'auth.password')).fill(account.password);
  await page.getByLabel(labelled('ar', 'auth.password')).press('Enter');
  await waitForPath(page, `/${role}/dashboard`);
  await page.getByRole('heading', { level: 1, name: tr('ar', 'dashboard.welcome', { name: account.name }) }).waitFor();
}

/** Moves the mouse over the page until `done` holds: a user who is plainly there. */
async function keepActiveUntil(expect: ExpectStatic, page: Page, done: () => Promise<boolean>, timeout = 30_000) {
  let x = 300;
  await expect
    .poll(
      async () => {
        x = x === 300 ? 320 : 300;
        await page.mouse.move(x, 400);
        return done();
      },
      { timeout, interval: 150 },
    )
    .toBe(true);
}

describe.concurrent('session expiry in the browser (spec section 4)', () => {
  it('signs an idle user out to the login page when the session expires', async ({ onTestFinished, expect }) => {
    const { page } = await e2e.open({}, onTestFinished);
    await signInWithKeyboard(page, 'participant', await newAccount('participant'));
    const session = await readSession(page, 'participant');
    if (!session) throw new Error('no stored session');
    await waitForPath(page, '/participant/login', (TTL_SECONDS + 10) * 1000);
    expect(await page.evaluate(() => Date.now())).toBeGreaterThanOrEqual(session.expireDate);
    expect(await readSession(page, 'participant')).toBeNull();
    await page.getByRole('heading', { level: 1, name: tr('ar', 'auth.login.title.participant') }).waitFor();
  });

  it('refreshes an active user\'s token before expiry and keeps them signed in past it', async ({ onTestFinished, expect }) => {
    const { page } = await e2e.open({}, onTestFinished);
    await signInWithKeyboard(page, 'instructor', await newAccount('instructor'));
    const first = await readSession(page, 'instructor');
    if (!first) throw new Error('no stored session');

    await keepActiveUntil(expect, page, async () => (await readSession(page, 'instructor'))?.token !== first.token);
    const renewed = await readSession(page, 'instructor');
    expect(renewed?.refreshToken).not.toBe(first.refreshToken);
    expect(renewed?.expireDate).toBeGreaterThan(first.expireDate);

    await keepActiveUntil(expect, page, async () => (await page.evaluate(() => Date.now())) > first.expireDate + 1000);
    expect(new URL(page.url()).pathname).toBe('/instructor/dashboard');
    const current = await readSession(page, 'instructor');
    expect(current?.expireDate).toBeGreaterThan(Date.now());
    // The renewed token works against the API.
    const name = await fetch(`${e2e.server.baseUrl}/api/instructor/name`, { headers: { authorization: `Bearer ${current?.token}` } });
    expect(name.status).toBe(200);
  });

  it('signs out on page load when the stored session has already expired', async ({ onTestFinished, expect }) => {
    const { page } = await e2e.open({}, onTestFinished);
    const login = await apiLogin(e2e.server, 'instructor', await newAccount('instructor'));
    await seedStorage(page, { [SESSION_KEYS.instructor]: storedSession(login, Date.now() - TTL_SECONDS * 1000 - 1) });
    await page.goto('/instructor/dashboard');
    await waitForPath(page, '/instructor/login');
    await page.getByRole('heading', { level: 1, name: tr('ar', 'auth.login.title.instructor') }).waitFor();
    expect(await readSession(page, 'instructor')).toBeNull();
  });
});
