import { afterAll, beforeAll, onTestFinished } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Config } from '../../../api/src/config';
import { newPage, workerBrowser, type ContextOptions } from './browser';
import { startServer, type TestServer } from './server';

export interface E2E {
  readonly server: TestServer;
  readonly browser: Browser;
  /**
   * A fresh browser context and page, closed when the test finishes. Concurrent tests pass
   * their own `onTestFinished` (vitest cannot tell concurrent tests apart in the global one).
   */
  open: (options?: ContextOptions, finished?: typeof onTestFinished) => Promise<{ context: BrowserContext; page: Page }>;
}

/** Settings decided when the file starts (a local OpenID provider's address): the server's config and port. */
export type LateSettings = () => Promise<{ config: Partial<Config>; port?: number }>;

/** One server per test file, the worker's browser, and a new context per test. */
export function e2eSuite(overrides: Partial<Config> | LateSettings = {}): E2E {
  let server: TestServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const start = async () => {
      if (typeof overrides !== 'function') return startServer(overrides);
      const late = await overrides();
      return startServer(late.config, late.port);
    };
    [server, browser] = await Promise.all([start(), workerBrowser()]);
  });
  afterAll(async () => {
    await server?.close();
  });

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
      const opened = await newPage(suite.browser, suite.server, options);
      finished(() => opened.context.close());
      return opened;
    },
  };
  return suite;
}
