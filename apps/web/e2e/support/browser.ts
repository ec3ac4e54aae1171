import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Role } from '@nibras/contract';
import { countPageLoads } from './page-loads';
import type { LoginData, TestServer } from './server';

export const SESSION_KEYS: Record<Role, string> = {
  admin: 'adminDetails',
  instructor: 'instructorDetails',
  participant: 'participantDetails',
};

/**
 * Debian's chromium-headless-shell: the same Chromium (same version as the chromium package) without the
 * full browser's window, address bar and other UI no test sees. Measured on the same page loads, about a third
 * less CPU (docs/testing.md); the full browser's headless mode also rendered the address bar's unseen
 * suggestion popups in a renderer of their own (docs/decisions/009). `npm test` installs it when missing
 * (scripts/ensure-debian-packages.mjs).
 */
export const CHROMIUM_SHELL = '/usr/bin/chromium-headless-shell';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_SHELL,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium per test worker, shared by the files it runs one after another (the e2e project
 * does not isolate files): each test still gets a context of its own, as separate as a new
 * browser. Playwright closes it when the worker exits; a crashed one is launched again.
 */
export function workerBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then((browser) => {
    browser.on('disconnected', () => {
      shared = undefined;
    });
    return browser;
  });
  return shared;
}

export interface ContextOptions {
  /** Pre-accept the cookie banner so it never covers what a test clicks. */
  acceptCookies?: boolean;
  width?: number;
  height?: number;
  /** The browser's own language: the app must ignore it and open in Arabic. */
  locale?: string;
  /** A context of its own even in a file that shares one (support/suite.ts): the test needs a cold cache. */
  fresh?: boolean;
}

export async function newPage(browser: Browser, server: TestServer, options: ContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: options.locale ?? 'en-US',
  });
  if (options.acceptCookies ?? true) {
    await context.addInitScript(() => {
      if (localStorage.getItem('cookieConsent') === null) localStorage.setItem('cookieConsent', 'true');
    });
    // Its cookie too, as accepting writes it: the server then draws the public pages without the banner (docs/decisions/018).
    await context.addCookies([{ name: 'cookieConsent', value: 'true', url: server.baseUrl }]);
  }
  const page = await context.newPage();
  countPageLoads(page);
  return { context, page };
}

/**
 * Writes localStorage before the app's first script runs on the page's next navigation,
 * once: later reloads see whatever the app itself left there.
 */
export async function seedStorage(page: Page, entries: Record<string, string>): Promise<void> {
  const marker = `seeded-${Math.random().toString(36).slice(2)}`;
  await page.addInitScript(
    ({ values, once }) => {
      if (sessionStorage.getItem(once)) return;
      sessionStorage.setItem(once, '1');
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    },
    { values: entries, once: marker },
  );
}

/** The stored session of the spec: the login data plus expireDate = now + expiresIn * 1000. */
export function storedSession(login: LoginData, now = Date.now()): string {
  return JSON.stringify({ ...login, expireDate: now + login.expiresIn * 1000 });
}

export async function seedSession(page: Page, role: Role, login: LoginData, extra: Record<string, string> = {}): Promise<void> {
  await seedStorage(page, { [SESSION_KEYS[role]]: storedSession(login), ...extra });
}

export async function readStored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

export async function readSession(page: Page, role: Role): Promise<(LoginData & { expireDate: number }) | null> {
  const raw = await readStored(page, SESSION_KEYS[role]);
  return raw ? (JSON.parse(raw) as LoginData & { expireDate: number }) : null;
}

/** Resolves once the URL's path is `pathname` (client-side navigations included). */
export async function waitForPath(page: Page, pathname: string, timeout = 20_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

/**
 * Resolves once the app has taken over a page the server drew (docs/decisions/018: home, a category, a course, search),
 * marked by `<html data-app="ready">` (lib/taken-over.ts): until then the drawn buttons are plain HTML and do nothing.
 */
export async function takenOver(page: Page): Promise<void> {
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}
