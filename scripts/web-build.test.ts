import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The build `npm test` made before the tests (scripts/check.mjs: NODE_ENV=development in its environment, as a
// developer's shell may say when `npm start` builds), the one the browser tests load: checked, not made again.
const outDir = path.join(root, 'apps/web/dist');

describe('the web build', () => {
  beforeAll(() => {
    if (!existsSync(path.join(outDir, 'index.html'))) throw new Error(`${outDir} is missing: npm test builds the web app first; alone, run NODE_ENV=development npm run build:web`);
  });

  it('is the production build of React even when the shell says NODE_ENV=development (npm start builds it)', () => {
    const scripts = readdirSync(path.join(outDir, 'build')).filter((name) => name.endsWith('.js'));
    const code = scripts.map((name) => readFileSync(path.join(outDir, 'build', name), 'utf8')).join('\n');
    expect(scripts.length).toBeGreaterThan(5);
    // Development React carries its warnings as text; production React has error codes instead.
    expect(code).not.toContain('unique "key" prop');
    expect(code).toContain('react.dev/errors/');
  });

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
