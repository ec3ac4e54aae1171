import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./ensure-chromium.mjs', import.meta.url));
const node = process.execPath;

describe("pretest: Chromium's headless shell for the browser tests", () => {
  it('does nothing when the headless shell is there', () => {
    const run = spawnSync(node, [script], { env: { ...process.env, CHROMIUM_PATH: node }, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout + run.stderr).toBe('');
  });

  it('when missing and not root, prints the one command to run and fails', () => {
    const run = spawnSync('runuser', ['-u', 'nobody', '--', node, script], { env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('sudo apt-get update && sudo apt-get install -y chromium-headless-shell');
  });
});
