#!/usr/bin/env node
// pretest: the browser tests drive Debian's chromium-headless-shell (the same Chromium without the
// full browser's window and UI: about a third less CPU for the same page loads, docs/testing.md).
// Install it when missing (as root), otherwise say the one command that does.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// CHROMIUM_PATH exists for the script's own test; the browser tests always use this path.
const SHELL = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const PACKAGE = 'chromium-headless-shell';
if (existsSync(SHELL)) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`Chromium's headless shell is missing. Install it once with:\n  sudo apt-get update && sudo apt-get install -y ${PACKAGE}`);
  process.exit(1);
}
console.log(`Installing ${PACKAGE} from Debian (first run only)...`);
execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${PACKAGE}`, { stdio: 'inherit' });
if (!existsSync(SHELL)) {
  console.error(`${PACKAGE} did not install; browser tests cannot run.`);
  process.exit(1);
}
