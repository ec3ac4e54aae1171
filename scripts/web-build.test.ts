import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = mkdtempSync(path.join(tmpdir(), 'nibras-web-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the web build', () => {
  it('is the production build of React even when the shell says NODE_ENV=development (npm start builds it)', () => {
    execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', 'apps/web', '--logLevel', 'error', '--outDir', outDir], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development' },
      stdio: 'pipe',
    });
    const scripts = readdirSync(path.join(outDir, 'build')).filter((name) => name.endsWith('.js'));
    const code = scripts.map((name) => readFileSync(path.join(outDir, 'build', name), 'utf8')).join('\n');
    expect(scripts.length).toBeGreaterThan(5);
    // Development React carries its warnings as text; production React has error codes instead.
    expect(code).not.toContain('unique "key" prop');
    expect(code).toContain('react.dev/errors/');
    // A whole build: 25 s alone on 2 cores, over 30 s while other test files run beside it.
  }, 180_000);

  it('writes a brotli and a gzip twin of every script and style sheet over 1 KB, each the same file', () => {
    const files = readdirSync(path.join(outDir, 'build')).filter((name) => /\.(js|css)$/.test(name));
    const big = files.filter((name) => statSync(path.join(outDir, 'build', name)).size >= 1024);
    expect(big.length).toBeGreaterThan(5);
    for (const name of big) {
      const original = readFileSync(path.join(outDir, 'build', name));
      const br = readFileSync(path.join(outDir, 'build', `${name}.br`));
      expect(brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(gunzipSync(readFileSync(path.join(outDir, 'build', `${name}.gz`))).equals(original), name).toBe(true);
      expect(br.length, name).toBeLessThan(original.length);
    }
  });
});
