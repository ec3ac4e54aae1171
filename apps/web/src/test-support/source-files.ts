import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/web/src, for the tests that read the code itself. */
export const WEB_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every file under `dir` whose name passes `keep`. */
export function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}
