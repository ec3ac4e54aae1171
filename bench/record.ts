import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Sets `key` in bench/results/latest.json to `value`, keeping what the other benchmarks wrote there. */
export function recordBench(key: string, value: unknown) {
  const dir = fileURLToPath(new URL('./results', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const latest = path.join(dir, 'latest.json');
  let previous: object = {};
  try {
    previous = JSON.parse(readFileSync(latest, 'utf8')) as object;
  } catch {
    // no earlier results
  }
  writeFileSync(latest, JSON.stringify({ ...previous, [key]: value }, null, 2) + '\n');
}
