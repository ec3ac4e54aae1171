import { afterAll, beforeAll, onTestFinished } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Config } from '../../../api/src/config';
import { countPageLoads } from './page-loads';
import { newPage, workerBrowser, type ContextOptions } from './browser';
import { startServer, type TestServer } from './server';

export interface E2E {
  readonly server: TestServer;
  readonly browser: Browser;
  /**
   * A fresh browser context and page, closed when the test finishes (or, in a file that shares its context, a new page
   * in it: see SuiteOptions). Concurrent tests pass their own `onTestFinished` (vitest cannot tell concurrent tests
   * apart in the global one).
   */
  open: (options?: ContextOptions, finished?: typeof onTestFinished) => Promise<{ context: BrowserContext; page: Page }>;
}

/** Settings decided when the file starts (a local OpenID provider's address): the server's config and port. */
export type LateSettings = () => Promise<{ config: Partial<Config>; port?: number }>;

export interface SuiteOptions {
  /**
   * The first page a test opens is a new page in a context the file's tests share, one after another, instead of a
   * new context: the context's cookies and the server's origin's storage (localStorage, IndexedDB, caches, service
   * workers) are cleared first, so the test starts as signed out as in a new context, while the browser's HTTP
   * cache stays warm (the app's scripts, fonts and styles, served as immutable). Measured 2026-12-07 on the app's
   * dashboard: a new context and its first load about 1.4 s of CPU (Chromium, the server and the client), a new page
   * in a used context about 1.0 s (docs/testing.md). A second page of the same test (a visitor beside the admin) gets
   * a context of its own, as every page did before; so does a page with its own `locale`. A test that installs the
   * page clock (the context's) or grants permissions leaves the context dirty: it is closed after that test.
   * Not for files whose tests run concurrently, nor for what depends on a cold cache (page weight, layout shifts).
   */
  shareContext?: boolean;
}

interface Shared {
  context: BrowserContext;
  busy: boolean;
  dirty: boolean;
}

/** Marks the shared context dirty when a test changes what its next test would inherit: the clock and permissions. */
function watchForChanges(shared: Shared): void {
  const { clock } = shared.context;
  for (const name of ['install', 'pauseAt', 'setFixedTime', 'setSystemTime'] as const) {
    const original = clock[name].bind(clock) as (...args: unknown[]) => Promise<void>;
    (clock as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      shared.dirty = true;
      return original(...args);
    };
  }
  const grant = shared.context.grantPermissions.bind(shared.context);
  shared.context.grantPermissions = (...args) => {
    shared.dirty = true;
    return grant(...args);
  };
}

/** One server per test file, the worker's browser, and a new context per test (or a shared one: SuiteOptions). */
export function e2eSuite(overrides: Partial<Config> | LateSettings = {}, suiteOptions: SuiteOptions = {}): E2E {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  // One shared context per cookie setting (the audits open theirs with the banner showing).
  const sharedContexts = new Map<boolean, Shared>();

  beforeAll(async () => {
    const start = async () => {
      if (typeof overrides !== 'function') return startServer(overrides);
      const late = await overrides();
      return startServer(late.config, late.port);
    };
    [server, browser] = await Promise.all([start(), workerBrowser()]);
  });
  afterAll(async () => {
    for (const shared of sharedContexts.values()) await shared.context.close().catch(() => undefined);
    sharedContexts.clear();
    await server?.close();
  });

  /** A new page in the file's shared context for these options, its cookies and storage cleared; undefined when a test already has it. */
  async function sharedPage(options: ContextOptions, finished: typeof onTestFinished): Promise<{ context: BrowserContext; page: Page } | undefined> {
    const acceptCookies = options.acceptCookies ?? true;
    let shared = sharedContexts.get(acceptCookies);
    if (shared?.busy) return undefined;
    if (!shared) {
      const opened = await newPage(suite.browser, suite.server, { acceptCookies });
      await opened.page.close();
      shared = { context: opened.context, busy: false, dirty: false };
      watchForChanges(shared);
      sharedContexts.set(acceptCookies, shared);
    }
    const taken = shared;
    taken.busy = true;
    finished(async () => {
      if (taken.dirty) {
        sharedContexts.delete(acceptCookies);
        await taken.context.close().catch(() => undefined);
        return;
      }
      await Promise.all(taken.context.pages().map((page) => page.close().catch(() => undefined)));
      taken.busy = false;
    });
    const { context } = taken;
    await context.clearCookies();
    if (acceptCookies) await context.addCookies([{ name: 'cookieConsent', value: 'true', url: suite.server.baseUrl }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(suite.server.baseUrl).origin, storageTypes: 'local_storage,indexeddb,cache_storage,service_workers,file_systems,websql' });
    await cdp.detach();
    await page.setViewportSize({ width: options.width ?? 1280, height: options.height ?? 800 });
    countPageLoads(page);
    return { context, page };
  }

  const suite: E2E = {
    get server() {
      if (!server) throw new Error('server not started');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('browser not started');
      return browser;
    },
    async open(options = {}, finished = onTestFinished) {
      if (suiteOptions.shareContext && options.locale === undefined && !options.fresh) {
        const shared = await sharedPage(options, finished);
        if (shared) return shared;
      }
      const opened = await newPage(suite.browser, suite.server, options);
      finished(() => opened.context.close());
      return opened;
    },
  };
  return suite;
}
