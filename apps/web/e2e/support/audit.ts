import { AxeBuilder } from '@axe-core/playwright';
import type { onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import type { Role } from '@nibras/contract';
import { seedSession, seedStorage } from './browser';
import { apiLogin, newAccount, type LoginData } from './server';
import type { E2E } from './suite';

export type Language = 'ar' | 'en';
export const LANGUAGES: Language[] = ['ar', 'en'];

export interface Finding {
  path: string;
  problem: string;
}

/**
 * Waits until the screen has settled: its heading rendered and nothing left loading. A live region
 * that stays on purpose (the home carousel's "picture n of m") is marked `data-live-region`.
 */
export async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  // A page drawn by the server is settled once the app has taken it over (docs/decisions/018): what is checked is the app's page.
  await page.waitForFunction(() => !document.getElementById('first-screen-data') || document.documentElement.dataset.app === 'ready');
  await page.waitForFunction(() => ![...document.querySelectorAll('[role="status"]')].some((el) => !el.closest('[data-live-region]')));
}

/**
 * Serious and critical axe violations on the page as it is now, as readable lines. Every rule runs;
 * three settings only cut the cost: axe runs inside the page (axe.run, "legacy mode", which checks
 * same-origin frames only, and the app has no frames) instead of opening a blank page per check to merge
 * per-frame results, and only violations are gathered in full (passes and incomplete results, which no
 * test reads, get one node each): about a third of the CPU per check. And axe's script (about 550 KB)
 * goes into a document once: AxeBuilder evaluates it twice on every check, which rebuilt axe each time,
 * while a later check of the same document (auditAll's screens, reached inside the app) finds it there:
 * about half of what was left (0.55 to 0.28 s of CPU a check, measured 2026-12-07; docs/testing.md).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // axe measures contrast as drawn: a dialog fading in is not yet its colours. Two frames let a transition just asked
  // for start; then its end is awaited.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await transitionsDone(page);
  const present = await page.evaluate(() => 'axe' in window);
  // An empty statement in place of the source when the document has axe already: AxeBuilder still configures it and runs it.
  const results = await new AxeBuilder({ page, ...(present ? { axeSource: ';' } : {}) }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` ${n.failureSummary}` : ''}`).join(' | ')}`);
}

/** What only a layout shows: one h1, landmarks, no sideways scroll, no control off the screen or label cut off. */
async function layoutFindings(page: Page, path: string, width: number): Promise<Finding[]> {
  const shape = await page.evaluate(() => ({
    h1: document.querySelectorAll('h1').length,
    main: document.querySelectorAll('main').length,
    banner: document.querySelectorAll('header').length > 0,
    scrollWidth: document.documentElement.scrollWidth,
    // Controls pushed past either edge (RTL overflow to the left does not widen the page). One inside a row that
    // scrolls sideways by design (the home page's course lists on phones) is reached by swiping or tabbing along it.
    offscreen: [...document.querySelectorAll<HTMLElement>('a, button, input')]
      .filter((el) => el.offsetParent !== null && !el.closest('[inert]') && !el.classList.contains('skip-link'))
      .filter((el) => {
        for (let box = el.parentElement; box; box = box.parentElement) {
          const overflowX = getComputedStyle(box).overflowX;
          if ((overflowX === 'auto' || overflowX === 'scroll') && box.scrollWidth > box.clientWidth) return false;
        }
        return true;
      })
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1);
      })
      .map((el) => el.textContent?.trim() || el.getAttribute('name') || el.tagName),
    // Labels squeezed narrower than their text (cut off rather than wrapped).
    clipped: [...document.querySelectorAll<HTMLElement>('button, .mantine-Button-label')]
      .filter((el) => el.offsetParent !== null && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent?.trim() ?? el.tagName),
  }));
  const at = `${path} at ${width} px`;
  const findings: Finding[] = [];
  if (shape.h1 !== 1) findings.push({ path: at, problem: `${shape.h1} h1 elements` });
  if (shape.main !== 1) findings.push({ path: at, problem: `${shape.main} main landmarks` });
  if (!shape.banner) findings.push({ path: at, problem: 'no header landmark' });
  if (shape.scrollWidth > width) findings.push({ path: at, problem: `scrolls sideways: ${shape.scrollWidth}px wide at ${width}px` });
  if (shape.offscreen.length > 0) findings.push({ path: at, problem: `controls outside the screen: ${shape.offscreen.join(', ')}` });
  if (shape.clipped.length > 0) findings.push({ path: at, problem: `cut-off labels: ${shape.clipped.join(', ')}` });
  return findings;
}

/**
 * Goes to `path` inside the app, as its links do (the router follows the history's popstate), instead of loading the
 * document again: what a screen shows does not depend on how it was reached, and a page load costs the browser about
 * as much CPU as an axe scan (docs/testing.md). Two frames let the router commit the new screen (or its code's loading
 * indicator, which settled() waits out).
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Resizes the window and waits until the app has laid itself out again (its media queries answered). */
export async function resize(page: Page, width: number, height = 800): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await settled(page);
  // Two frames: one for the resize's style and layout, one for what the app re-rendered because of it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // Then the CSS transitions those started (the role shell's sidebar slides away in 200 ms; until it has, the
  // main column is squeezed and a button's label may look cut off).
  await transitionsDone(page);
}

/** Resolves once the CSS transitions running now have ended (the role shell's sidebar slides in on a first load too). */
async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition).map((animation) => animation.finished.catch(() => undefined))));
}

/**
 * One load of the page: axe once, in the window's first width, then the layout at every width, the
 * window resized in place (a phone and a desktop see the same document; only the layout differs).
 */
async function audit(page: Page, path: string, widths: readonly number[], loaded: boolean): Promise<Finding[]> {
  const [first, ...others] = widths as [number, ...number[]];
  if (page.viewportSize()?.width !== first) await page.setViewportSize({ width: first, height: 800 });
  if (loaded) {
    await visit(page, path);
  } else {
    const response = await page.goto(path);
    // An unknown course or category is the app's not-found screen, sent with 404 for search engines (docs/seo.md).
    const isApp = !!response && (response.ok() || (response.status() === 404 && (await response.text()).includes('<div id="root">')));
    if (!isApp) return [{ path, problem: `the server answered ${response?.status()} instead of the app` }];
  }
  await settled(page);
  await transitionsDone(page);
  const findings: Finding[] = (await axeViolations(page)).map((problem) => ({ path, problem }));
  findings.push(...(await layoutFindings(page, path, first)));
  for (const width of others) {
    await resize(page, width);
    findings.push(...(await layoutFindings(page, path, width)));
  }
  return findings;
}

/** The widths every screen's layout is checked at: a phone and a desktop. */
export const WIDTHS = [1280, 375] as const;

export interface AuditOptions {
  language: Language;
  paths: string[];
  role?: Role;
  /** The session of `role` to audit with, when the screens show that account's own data (its course's editor); a new account otherwise. */
  login?: LoginData;
  /** Where the layout is checked; axe runs once, at the first. Both of WIDTHS unless given. */
  widths?: readonly number[];
  /** One width only: the same as `widths: [width]`. */
  width?: number;
  finished: typeof onTestFinished;
}

/**
 * Opens the pages one after another in one context (signed in as `role` if given) and lists
 * every serious or critical axe violation (one scan a page) and layout problem (at every width) found.
 */
export async function auditAll(e2e: E2E, options: AuditOptions): Promise<Finding[]> {
  const widths = options.widths ?? (options.width ? [options.width] : WIDTHS);
  const { page } = await e2e.open({ acceptCookies: false, width: widths[0], height: 800 }, options.finished);
  const storage = { language: options.language };
  if (options.role) {
    const login = options.login ?? (await apiLogin(e2e.server, options.role, await newAccount(options.role)));
    await seedSession(page, options.role, login, storage);
  } else {
    await seedStorage(page, storage);
  }
  const findings: Finding[] = [];
  for (const [index, path] of options.paths.entries()) findings.push(...(await audit(page, path, widths, index > 0)));
  const lang = await page.evaluate(() => document.documentElement.lang);
  if (lang !== options.language) findings.push({ path: '*', problem: `page language ${lang}, expected ${options.language}` });
  return findings;
}

