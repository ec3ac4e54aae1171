import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** One line per document a browser test loaded, naming its file: page-loads.setup.ts prints the counts. */
export const PAGE_LOADS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../test-artifacts/page-loads.txt');

/**
 * Counts the page's full loads (a `goto`, a reload, a link or form that leaves the app), not the
 * app's own client-side navigations: what a browser test costs is mostly its documents.
 */
export function countPageLoads(page: Page): void {
  const file = path.relative(path.resolve(PAGE_LOADS_FILE, '../..'), expect.getState().testPath ?? 'unknown');
  page.on('load', () => {
    mkdirSync(path.dirname(PAGE_LOADS_FILE), { recursive: true });
    appendFileSync(PAGE_LOADS_FILE, `${file}\n`);
  });
}
