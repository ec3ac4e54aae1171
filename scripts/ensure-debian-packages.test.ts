import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./ensure-debian-packages.mjs', import.meta.url));
const node = process.execPath;
const missing = { CHROMIUM_PATH: '/nonexistent/chromium', FFMPEG_PATH: '/nonexistent/ffmpeg' };

describe("pretest and prestart: Debian's Chromium headless shell and ffmpeg", () => {
  it('does nothing when both are there', () => {
    const run = spawnSync(node, [script, 'chromium-headless-shell', 'ffmpeg'], { env: { ...process.env, CHROMIUM_PATH: node, FFMPEG_PATH: node }, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout + run.stderr).toBe('');
  });

  it('when missing and not root, prints the one command to run and fails', () => {
    const run = spawnSync('runuser', ['-u', 'nobody', '--', node, script, 'chromium-headless-shell', 'ffmpeg'], { env: { ...process.env, ...missing }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('sudo apt-get update && sudo apt-get install -y chromium-headless-shell ffmpeg');
  });

  it('for npm start, a missing ffmpeg is a warning: the site runs, videos play as uploaded', () => {
    const run = spawnSync('runuser', ['-u', 'nobody', '--', node, script, '--optional', 'ffmpeg'], { env: { ...process.env, ...missing }, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('sudo apt-get update && sudo apt-get install -y ffmpeg');
    expect(run.stderr).toContain('play as uploaded');
  });
});
