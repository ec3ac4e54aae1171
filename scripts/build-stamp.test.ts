import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sourcesHash, upToDate, writeStamp } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'nibras-stamp-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Issue 25, point 11: `npm start` does not rebuild what has not changed.
describe('builds skipped when their sources are unchanged', () => {
  it("a hash of the sources' paths and bytes: the same for the same files, another when a file changes, is added or is a test", () => {
    const src = path.join(scratch, 'src');
    mkdirSync(path.join(src, 'deep'), { recursive: true });
    writeFileSync(path.join(src, 'a.ts'), 'export const a = 1;\n');
    writeFileSync(path.join(src, 'deep', 'b.ts'), 'export const b = 2;\n');
    const first = sourcesHash(scratch, ['src']);
    expect(sourcesHash(scratch, ['src'])).toBe(first);
    const output = path.join(scratch, 'out.js');
    const stamp = path.join(scratch, 'out.js.sources-hash');
    expect(upToDate(output, stamp, first)).toBe(false);
    writeFileSync(output, '');
    writeStamp(stamp, first);
    expect(upToDate(output, stamp, first)).toBe(true);
    // A test file is not an input.
    writeFileSync(path.join(src, 'a.test.ts'), 'it();\n');
    expect(sourcesHash(scratch, ['src'])).toBe(first);
    writeFileSync(path.join(src, 'deep', 'b.ts'), 'export const b = 3;\n');
    expect(upToDate(output, stamp, sourcesHash(scratch, ['src']))).toBe(false);
    rmSync(output);
    expect(upToDate(output, stamp, first)).toBe(false);
  });

  it('npm run build:api builds once, then says the server is up to date and leaves the bundle as it is', () => {
    const outfile = path.join(scratch, 'api', 'server.js');
    const run = () => spawnSync(process.execPath, ['scripts/build-api.mjs', outfile], { cwd: root, encoding: 'utf8' });
    const built = run();
    expect(built.status, built.stderr).toBe(0);
    expect(built.stdout).toContain('API server built into');
    const bundled = statSync(outfile).mtimeMs;
    const again = run();
    expect(again.stdout).toContain('API server up to date');
    expect(statSync(outfile).mtimeMs).toBe(bundled);
  });
});
