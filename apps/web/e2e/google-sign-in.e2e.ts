// test:area google accounts
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { freePort, OIDC_CLIENT, startLocalProvider, type LocalProvider } from '../../api/test/oidc';
import { uniqueEmail } from '../../api/test/harness';
import { axeViolations, LANGUAGES, resize } from './support/audit';
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
  it('participant in Arabic, sent to sign in from another page: "Continue with Google" on the login screen, the provider\'s login page, then signed in and back where they were', async () => {
    const { page } = await e2e.open();
    await seedStorage(page, { language: 'ar' });
    const email = uniqueEmail('google-web');
    const sub = `web-${email}`;
    provider!.addAccount({ sub, email, email_verified: true, name: 'Huda Google' });
    await page.goto('/participant/login?returnTo=%2Fsearch');
    await googleButton(page, 'ar').click();
    await page.waitForURL((url) => url.origin === provider!.issuer);
    await signInAtProvider(page, sub);
    await waitForPath(page, '/search');
    await page.getByRole('heading', { level: 1, name: tr('ar', 'search.title') }).waitFor();
    const session = await readSession(page, 'participant');
    expect(session?.email).toBe(email);
    expect(session?.role).toBe('participant');
    // The one-time code never stays in the address bar. (The account stored with its Google subject:
    // google.test.ts, "a first sign-in creates the participant".)
    expect(new URL(page.url()).hash).toBe('');
  });

  it('instructor in English: from the register screen, back to the instructor dashboard, welcomed by the Google name', async () => {
    const { page } = await e2e.open();
    await seedStorage(page, { language: 'en' });
    const email = uniqueEmail('google-web-instructor');
    provider!.addAccount({ sub: `web-${email}`, email, email_verified: true, name: 'Omar Google' });
    await page.goto('/instructor/register');
    await googleButton(page, 'en').click();
    await page.waitForURL((url) => url.origin === provider!.issuer);
    await signInAtProvider(page, `web-${email}`);
    await waitForPath(page, '/instructor/dashboard');
    await page.getByRole('heading', { level: 1, name: tr('en', 'dashboard.welcome', { name: 'Omar Google' }) }).waitFor();
    expect((await readSession(page, 'instructor'))?.email).toBe(email);
  });

  it('a refused Google sign-in shows the translated reason on the login screen, nobody signed in; the web entry /participant/google/login (spec section 2) goes on to the provider', async () => {
    const { page } = await e2e.open();
    await seedStorage(page, { language: 'en' });
    // Where the call-back sends an unverified email: google.test.ts, "an unverified email links nothing and creates nothing".
    await page.goto('/participant/login?google_error=email_unverified');
    await page.getByTestId('google-error').getByText(tr('en', 'auth.google.error.email_unverified')).waitFor();
    expect(await readSession(page, 'participant')).toBeNull();

    await page.goto('/participant/google/login');
    await page.waitForURL((url) => url.origin === provider!.issuer);
    await page.locator('input[name="login"]').waitFor();
  });

  it('a used or forged hand-off code: the translated refusal, a way back to sign in, nobody signed in', async () => {
    const { page } = await e2e.open();
    await seedStorage(page, { language: 'en' });
    // That the API refuses such a code: google.test.ts, "a hand-off code works once, and a replay ends the session it started".
    await page.goto('/participant/google/login#code=forged.code.value&return=%2Fsearch');
    await page.getByTestId('google-error').getByText(tr('en', 'api.auth.handoff_invalid')).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    expect(await readSession(page, 'participant')).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: tr('en', 'auth.google.backToLogin') }).click();
    await waitForPath(page, '/participant/login');
  });

  for (const language of LANGUAGES) {
    it(`${language}: the button is on all four sign-in and sign-up screens, with the Google mark${language === 'ar' ? ', fits the screen at 375 px' : ''}, and axe finds nothing serious`, async () => {
      const { page } = await e2e.open(language === 'ar' ? { width: 375, height: 740 } : {});
      await seedStorage(page, { language });
      // One load: the screens reached through their links (the header's "for instructors" is in the menu at 375 px).
      await page.goto('/participant/login');
      if (language === 'ar') {
        const box = await googleButton(page, language).boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(375);
        await resize(page, 1280);
      }
      for (const path of ['/participant/login', '/participant/register', '/instructor/login', '/instructor/register']) {
        if (path === '/participant/register' || path === '/instructor/register') await page.getByRole('main').getByRole('link', { name: tr(language, 'auth.login.toRegister') }).click();
        if (path === '/instructor/login') await page.getByRole('banner').getByRole('link', { name: tr(language, 'header.instructorLogin'), exact: true }).click();
        await waitForPath(page, path);
        const button = googleButton(page, language);
        // Polled: the address changes before the screen does (the previous screen's button stays while the next one's script loads).
        await expect.poll(() => button.getAttribute('href'), { message: path }).toBe(`/api/${path.split('/')[1]}/google/login?lang=${language}`);
        expect(await button.locator('svg').count(), path).toBe(1);
      }
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

describe('Google sign-in not configured', () => {
  it('shows no Google button on the sign-in and sign-up screens', async () => {
    const plain = await startServer();
    try {
      const { context, page } = await newPage(e2e.browser, plain);
      try {
        // One load: the providers read answers once, and said no; the other screens are reached through their links.
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/providers'));
        await page.goto('/participant/login');
        expect(await (await answered).json()).toMatchObject({ data: { google: false } });
        for (const path of ['/participant/login', '/participant/register', '/instructor/login', '/instructor/register']) {
          if (path.endsWith('register')) await page.getByRole('main').getByRole('link', { name: tr('ar', 'auth.login.toRegister') }).click();
          if (path === '/instructor/login') await page.getByRole('banner').getByRole('link', { name: tr('ar', 'header.instructorLogin'), exact: true }).click();
          await waitForPath(page, path);
          // The form has rendered.
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
