#!/usr/bin/env node
// Installs the Debian packages the project runs beside Node when they are missing, as root; otherwise says the one
// command that does. `npm test` (pretest) needs both: the browser tests drive Debian's chromium-headless-shell (the
// same Chromium without the full browser's window and UI: about a third less CPU for the same page loads,
// docs/testing.md), and the video tests run Debian's ffmpeg. `npm start` (prestart) asks for ffmpeg with --optional:
// without it the site still runs, and lecture videos play as uploaded instead of streaming (docs/video.md).
//
//   node scripts/ensure-debian-packages.mjs [--optional] chromium-headless-shell ffmpeg
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// The program each package brings; CHROMIUM_PATH and FFMPEG_PATH exist for this script's own test (and FFMPEG_PATH
// for the server, which runs the ffmpeg it names).
const PROGRAMS = {
  'chromium-headless-shell': process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  ffmpeg: process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg',
};

const args = process.argv.slice(2);
const optional = args.includes('--optional');
const wanted = args.filter((a) => a !== '--optional');
for (const name of wanted) if (!(name in PROGRAMS)) throw new Error(`unknown package ${name}: one of ${Object.keys(PROGRAMS).join(', ')}`);
const missing = wanted.filter((name) => !existsSync(PROGRAMS[name]));
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  const say = optional ? console.warn : console.error;
  say(`Missing from this machine: ${missing.join(', ')}. Install ${missing.length > 1 ? 'them' : 'it'} once with:\n  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`);
  if (optional) console.warn('Going on without: lecture videos play as uploaded until ffmpeg is installed (docs/video.md).');
  process.exit(optional ? 0 : 1);
}
console.log(`Installing ${missing.join(', ')} from Debian (first run only)...`);
try {
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
} catch (error) {
  if (!optional) throw error;
}
const still = missing.filter((name) => !existsSync(PROGRAMS[name]));
if (still.length > 0) {
  (optional ? console.warn : console.error)(`${still.join(', ')} did not install${optional ? ': going on without' : '; the tests that need it cannot run'}.`);
  process.exit(optional ? 0 : 1);
}
