import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** The rules that fire for `code` as if it were the file at `file` (nothing is written for it). */
async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const scratch: string[] = [];
afterAll(() => {
  for (const file of scratch) rmSync(file, { force: true, recursive: true });
});

// `npm run lint` runs this configuration: a violation of docs/architecture.md's layout fails it.
describe('the layout is enforced by lint', () => {
  it("refuses a feature reaching into another feature's files, and allows its public file", async () => {
    expect(await rulesBroken('apps/web/src/features/search/scratch.ts', "export { orderKeys } from '../orders/api';\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('apps/web/src/features/search/scratch.ts', "export { orderKeys } from '../orders/public';\n")).toEqual([]);
  });

  it('refuses shared code importing a feature or the app, and a feature importing the app', async () => {
    expect(await rulesBroken('apps/web/src/components/scratch.ts', "export { catalogKeys } from '../features/catalog/public';\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('apps/web/src/lib/scratch.ts', "export { appRoutes } from '../app/routes';\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('apps/web/src/features/catalog/scratch.ts', "export { appRoutes } from '../../app/routes';\n")).toContain('import-x/no-restricted-paths');
  });

  it('refuses an import cycle', async () => {
    // The cycle rule reads the imported file from disk, so the pair is written, into a folder of its
    // own that the rule covers and no other test reads (tests that scan apps/web/src run alongside).
    const folder = `packages/lint-scratch-${process.pid}/src`;
    scratch.push(path.join(root, path.dirname(folder)));
    mkdirSync(path.join(root, folder), { recursive: true });
    writeFileSync(path.join(root, folder, 'cycle-a.ts'), "import { b } from './cycle-b';\nexport const a = () => b;\n");
    writeFileSync(path.join(root, folder, 'cycle-b.ts'), "import { a } from './cycle-a';\nexport const b = () => a;\n");
    expect(await rulesBroken(`${folder}/cycle-a.ts`, "import { b } from './cycle-b';\nexport const a = () => b;\n")).toContain('import-x/no-cycle');
    expect(await rulesBroken(`${folder}/cycle-a.ts`, "export const a = () => 1;\n")).toEqual([]);
  });

  it("refuses another module's queries file however the path is written, from a module or a plugin", async () => {
    const reaches: [string, string][] = [
      ['apps/api/src/modules/orders/scratch.ts', "export { findAssessment } from '../quiz/quiz.queries';\n"],
      ['apps/api/src/modules/orders/scratch.ts', "export { findAssessment } from '../../modules/quiz/quiz.queries';\n"],
      ['apps/api/src/modules/orders/scratch.ts', "export { findAssessment } from '../quiz/quiz.queries.js';\n"],
      ['apps/api/src/modules/orders/scratch.ts', "export { findAssessment } from '../../modules/quiz/quiz.queries.js';\n"],
      ['apps/api/src/plugins/scratch.ts', "export { findSessionWithUser } from '../modules/sessions/sessions.queries';\n"],
    ];
    for (const [file, code] of reaches) expect(await rulesBroken(file, code), `${file}: ${code}`).toContain('import-x/no-restricted-paths');
  });

  it("allows a module its own queries file and another module's service", async () => {
    expect(await rulesBroken('apps/api/src/modules/orders/scratch.service.ts', "export { findOrder } from './orders.queries';\n")).toEqual([]);
    expect(await rulesBroken('apps/api/src/modules/orders/scratch.service.ts', "export { isEnrolled } from '../learning/learning.service';\n")).toEqual([]);
  });

  it('refuses SQL (drizzle-orm, the schema) in any module file but its queries files', async () => {
    for (const file of ['scratch.ts', 'orders.presenter.ts', 'scratch.service.ts', 'scratch.routes.ts']) {
      const at = `apps/api/src/modules/orders/${file}`;
      expect(await rulesBroken(at, "export { eq } from 'drizzle-orm';\n"), at).toContain('no-restricted-imports');
      expect(await rulesBroken(at, "export { sql } from 'drizzle-orm/sql';\n"), at).toContain('no-restricted-imports');
      expect(await rulesBroken(at, "export { orders } from '../../db/schema';\n"), at).toContain('import-x/no-restricted-paths');
    }
    expect(await rulesBroken('apps/api/src/plugins/scratch.ts', "export { users } from '../db/schema/index.js';\n")).toContain('import-x/no-restricted-paths');
  });

  it('allows SQL in queries files and db/, and where data is written directly: the demo seed, test kits and tests (these also any queries file)', async () => {
    const sql = (schema: string) => `export { eq } from 'drizzle-orm';\nexport { orders } from '${schema}';\n`;
    expect(await rulesBroken('apps/api/src/modules/orders/scratch.queries.ts', sql('../../db/schema'))).toEqual([]);
    expect(await rulesBroken('apps/api/src/db/scratch.ts', sql('./schema'))).toEqual([]);
    expect(await rulesBroken('apps/api/src/seed/scratch.ts', sql('../db/schema'))).toEqual([]);
    expect(await rulesBroken('apps/api/src/modules/orders/scratch.test-kit.ts', sql('../../db/schema'))).toEqual([]);
    expect(await rulesBroken('apps/api/src/modules/orders/scratch.test.ts', sql('../../db/schema'))).toEqual([]);
    expect(await rulesBroken('apps/api/src/scratch.test.ts', "export { insertUser } from './modules/accounts/accounts.queries';\n")).toEqual([]);
  });

  it('refuses db/ importing a module', async () => {
    expect(await rulesBroken('apps/api/src/db/scratch.ts', "export { findOrder } from '../modules/orders/orders.queries';\n")).toContain('import-x/no-restricted-paths');
  });
});
