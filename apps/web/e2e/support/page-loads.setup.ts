import { existsSync, readFileSync, rmSync } from 'node:fs';
import { PAGE_LOADS_FILE } from './page-loads';

/** Browser tests' page loads per file, counted from a clean slate and printed when the run ends. */
export default function setup() {
  rmSync(PAGE_LOADS_FILE, { force: true });
  return () => {
    if (!existsSync(PAGE_LOADS_FILE)) return;
    const counts = new Map<string, number>();
    for (const file of readFileSync(PAGE_LOADS_FILE, 'utf8').split('\n').filter(Boolean)) counts.set(file, (counts.get(file) ?? 0) + 1);
    const rows = [...counts].sort((a, b) => b[1] - a[1]);
    const total = rows.reduce((sum, [, count]) => sum + count, 0);
    console.log(`\nPage loads by browser test file (${total} in all):\n${rows.map(([file, count]) => `  ${String(count).padStart(5)}  ${file}`).join('\n')}\n`);
  };
}
