import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types, run by npm
import { areaFiles, browserTestAreas, knownAreas } from './test-area.mjs';

const script = fileURLToPath(new URL('./test-area.mjs', import.meta.url));

describe('npm run test:area', () => {
  it('every browser test file names its areas on its first line, each an area the script knows', () => {
    const known = knownAreas() as string[];
    const files = browserTestAreas() as { file: string; areas: string[] | null }[];
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((entry) => entry.areas === null).map((entry) => entry.file)).toEqual([]);
    expect(files.flatMap((entry) => (entry.areas ?? []).filter((area) => !known.includes(area)).map((area) => `${entry.file}: ${area}`))).toEqual([]);
    // Every area with screens is tested in the browser somewhere.
    const named = new Set(files.flatMap((entry) => entry.areas ?? []));
    expect(['accounts', 'catalog', 'search', 'learning', 'quiz', 'authoring', 'cms', 'messages', 'theme'].filter((area) => !named.has(area))).toEqual([]);
  });

  it("picks an area's API folder, its web feature's unit tests and the browser tests that name it", () => {
    const quiz = areaFiles('quiz') as { api: string[]; unit: string[]; browser: string[] };
    expect(quiz.api).toContain('apps/api/src/modules/quiz/take.test.ts');
    expect(quiz.api.every((file) => file.startsWith('apps/api/src/modules/quiz/'))).toBe(true);
    expect(quiz.unit).toContain('apps/web/src/features/quiz/quiz-params.test.ts');
    expect(quiz.browser).toContain('apps/web/e2e/quiz.e2e.ts');
    expect(quiz.browser).not.toContain('apps/web/e2e/cms-xss.e2e.ts');
  });

  it('refuses an unknown area, listing the known ones', () => {
    const run = spawnSync(process.execPath, [script, 'no-such-area'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Unknown area "no-such-area"');
    expect(run.stderr).toMatch(/Areas: .*\bquiz\b/);
  });
});
