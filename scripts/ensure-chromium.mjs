#!/usr/bin/env node
// pretest: the browser tests drive Debian's Chromium. Install it when missing (as root),
// otherwise say the one command that does.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// CHROMIUM_PATH exists for the script's own test; the browser tests always use /usr/bin/chromium.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`Chromium is missing. Install it once with:\n  sudo apt-get update && sudo apt-get install -y chromium`);
  process.exit(1);
}
console.log('Installing Chromium from Debian (first run only)...');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
if (!existsSync(CHROMIUM)) {
  console.error('Chromium did not install; browser tests cannot run.');
  process.exit(1);
}
