#!/usr/bin/env node
// `npm run test:area -- <area> [vitest options]`: one area's API, unit and browser tests, against the web app
// already built (docs/testing.md). The API tests are the files under apps/api/src/modules/<area>/, the unit tests
// those under apps/web/src/features/<area>/, and the browser tests the files whose first line names the area
// (`// test:area learning orders`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const E2E = 'apps/web/e2e';
const TAG = /^\/\/ test:area((?: [a-z-]+)+)$/;

const folders = (dir) =>
  existsSync(path.join(ROOT, dir))
    ? readdirSync(path.join(ROOT, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

/** The areas of docs/architecture.md (API modules and web features), and `shell`, the app around them. */
export function knownAreas() {
  return [...new Set([...folders('apps/api/src/modules'), ...folders('apps/web/src/features'), 'shell'])].sort();
}

/** Each browser test file with the areas its first line names (null when it names none). */
export function browserTestAreas() {
  return readdirSync(path.join(ROOT, E2E))
    .filter((name) => name.endsWith('.e2e.ts'))
    .sort()
    .map((name) => {
      const first = readFileSync(path.join(ROOT, E2E, name), 'utf8').split('\n', 1)[0] ?? '';
      const tag = TAG.exec(first);
      return { file: `${E2E}/${name}`, areas: tag ? tag[1].trim().split(' ') : null };
    });
}

const testFilesUnder = (dir) => {
  if (!existsSync(path.join(ROOT, dir))) return [];
  return readdirSync(path.join(ROOT, dir), { recursive: true })
    .map(String)
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => `${dir}/${name.split(path.sep).join('/')}`)
    .sort();
};

/** The test files of one area, by kind. */
export function areaFiles(area) {
  return {
    api: testFilesUnder(`apps/api/src/modules/${area}`),
    unit: testFilesUnder(`apps/web/src/features/${area}`),
    browser: browserTestAreas()
      .filter((entry) => entry.areas?.includes(area))
      .map((entry) => entry.file),
  };
}

function main(argv) {
  const [area, ...vitestArgs] = argv;
  const areas = knownAreas();
  if (!area || !areas.includes(area)) {
    console.error(`${area ? `Unknown area "${area}". ` : ''}Usage: npm run test:area -- <area> [vitest options]\nAreas: ${areas.join(' ')}`);
    return 2;
  }
  const files = areaFiles(area);
  const all = [...files.api, ...files.unit, ...files.browser];
  if (all.length === 0) {
    console.error(`No tests name the area "${area}".`);
    return 1;
  }
  if (files.browser.length > 0 && !existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    console.error('The browser tests load the built web app: run `npm run build:web` once first (and again after changing web code).');
    return 1;
  }
  console.log(`${area}: ${files.api.length} API, ${files.unit.length} unit and ${files.browser.length} browser test files`);
  const run = spawnSync(path.join(ROOT, 'node_modules/.bin/vitest'), ['run', ...vitestArgs, ...all], { cwd: ROOT, stdio: 'inherit' });
  return run.status ?? 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main(process.argv.slice(2)));
