// test:area google accounts
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { freePort, OIDC_CLIENT, startLocalProvider, type LocalProvider } from '../../api/test/oidc';
import { testDatabase, uniqueEmail } from '../../api/test/harness';
import { users } from '../../api/src/db/schema';
import { axeViolations, LANGUAGES } from './support/audit';
import { newPage, readSession, seedStorage, waitForPath } from './support/browser';
import { startServer } from './support/server';
import { e2eSuite } from './support/suite';
import { tr } from './support/translations';

// A real OpenID provider on a loopback port; the server's PUBLIC_URL (its redirect_uri) needs a port known in advance.
let provider: LocalProvider | undefined;
const e2e = e2eSuite(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  provider = await startLocalProvider({ redirectUris: ['participant', 'instructor'].map((role) => `${publicUrl}/api/${role}/auth/google/call-back`) });
  return { port, config: { publicUrl, oidc: { issuer: provider.issuer, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret } } };
});
afterAll(async () => {
  await provider?.close();
});

const googleButton = (page: Page, language: 'ar' | 'en') => page.getByRole('link', { name: tr(language, 'auth.google.continue') });

/** The local provider's development pages: any password signs in a known account; then its consent. */
async function signInAtProvider(page: Page, sub: string) {
  await page.locator('input[name="login"]').fill(sub);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('Google sign-in in the browser', () => {
  it('participant in Arabic: "Continue with Google" on the login screen, the provider\'s login page, then signed in on the dashboard', async () => {
    const { page } = await e2e.open();
    await seedStorage(page, { language: 'ar' });
    const email = uniqueEmail('google-web');
    const sub = `web-${email}`;
    provider!.addAccount({ sub, email, email_verified: true, name: 'Huda Google' });
    await page.goto('/participant/login');
    await googleButton(page, 'ar').click();
    await page.waitForURL((url) => url.origin === provider!.issuer);
    await signInAtProvider(page, sub);
    await waitForPath(page, '/participant/dashboard');
    await page.getByRole('heading', { level: 1, name: tr('ar', 'dashboard.welcome', { name: 'Huda Google' }) }).waitFor();
    const session = await readSession(page, 'participant');
    expect(session?.email).toBe(email);
    expect(session?.role).toBe('participant');
    // The one-time code never stays in the address bar.
    expect(new URL(page.url()).hash).toBe('');
    const { db } = await testDatabase();
    const rows = (await db.select().from(users)).filter((u) => u.email === email);
    expect(rows.map((r) => [r.role, r.googleSubject])).toEqual([['participant', sub]]);
  });

  it('instructor in English: from the register screen, back to the instructor dashboard', async () => {
    const { page } = await e2e.open();
    await seedStorage(page, { language: 'en' });
    const email = uniqueEmail('google-web-instructor');
    provider!.addAccount({ sub: `web-${email}`, email, email_verified: true, name: 'Omar Google' });
    await page.goto('/instructor/register');
    await googleButton(page, 'en').click();
    await page.waitForURL((url) => url.origin === provider!.issuer);
    await signInAtProvider(page, `web-${email}`);
    await waitForPath(page, '/instructor/dashboard');
    expect((await readSession(page, 'instructor'))?.email).toBe(email);
  });

  it('an unverified Google email comes back to the login screen with the translated reason, nobody signed in', async () => {
    const { page } = await e2e.open();
    await seedStorage(page, { language: 'en' });
    const email = uniqueEmail('google-web-unverified');
    provider!.addAccount({ sub: `web-${email}`, email, email_verified: false });
    await page.goto('/participant/login');
    await googleButton(page, 'en').click();
    await page.waitForURL((url) => url.origin === provider!.issuer);
    await signInAtProvider(page, `web-${email}`);
    await waitForPath(page, '/participant/login');
    await page.getByTestId('google-error').getByText(tr('en', 'auth.google.error.email_unverified')).waitFor();
    expect(await readSession(page, 'participant')).toBeNull();
  });

  it('the web entry /participant/google/login (spec section 2) goes on to the provider', async () => {
    const { page } = await e2e.open();
    await page.goto('/participant/google/login');
    await page.waitForURL((url) => url.origin === provider!.issuer);
    await page.locator('input[name="login"]').waitFor();
  });

  it('a used or forged hand-off code: the translated refusal, a way back to sign in, nobody signed in', async () => {
    const { page } = await e2e.open();
    await seedStorage(page, { language: 'en' });
    await page.goto('/participant/google/login#code=forged.code.value&return=%2Fsearch');
    await page.getByTestId('google-error').getByText(tr('en', 'api.auth.handoff_invalid')).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    expect(await readSession(page, 'participant')).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: tr('en', 'auth.google.backToLogin') }).click();
    await waitForPath(page, '/participant/login');
  });

  for (const language of LANGUAGES) {
    it(`${language}: the button is on all four sign-in and sign-up screens, with the Google mark, and axe finds nothing serious`, async () => {
      const { page } = await e2e.open();
      await seedStorage(page, { language });
      for (const path of ['/participant/login', '/participant/register', '/instructor/login', '/instructor/register']) {
        await page.goto(path);
        const button = googleButton(page, language);
        await button.waitFor();
        expect(await button.locator('svg').count(), path).toBe(1);
        expect(await button.getAttribute('href'), path).toBe(`/api/${path.split('/')[1]}/google/login?lang=${language}`);
      }
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  it('375 px wide: the button fits the screen', async () => {
    const { page } = await e2e.open({ width: 375, height: 740 });
    await page.goto('/participant/login');
    const box = await googleButton(page, 'ar').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  });

  it('a participant sent to sign in from a course comes back to it', async () => {
    const { page } = await e2e.open();
    const email = uniqueEmail('google-web-return');
    provider!.addAccount({ sub: `web-${email}`, email, email_verified: true, name: 'Return Person' });
    await page.goto('/participant/login?returnTo=%2Fsearch');
    await googleButton(page, 'ar').click();
    await page.waitForURL((url) => url.origin === provider!.issuer);
    await signInAtProvider(page, `web-${email}`);
    await waitForPath(page, '/search');
    expect((await readSession(page, 'participant'))?.email).toBe(email);
  });
});

describe('Google sign-in not configured', () => {
  it('shows no Google button on the sign-in and sign-up screens', async () => {
    const plain = await startServer();
    try {
      const { context, page } = await newPage(e2e.browser, plain);
      try {
        for (const path of ['/participant/login', '/participant/register', '/instructor/login', '/instructor/register']) {
          const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/providers'));
          await page.goto(path);
          // The providers read has answered, and said no; the form has rendered.
          expect(await (await answered).json()).toMatchObject({ data: { google: false } });
          await page.getByRole('button', { name: tr('ar', path.endsWith('login') ? 'auth.login.submit' : 'auth.register.submit') }).waitFor();
          expect(await googleButton(page, 'ar').count(), path).toBe(0);
        }
      } finally {
        await context.close();
      }
    } finally {
      await plain.close();
    }
  });
});
