/**
 * The idle API process's resident memory (part of `npm run bench`, or alone: `npx tsx bench/memory.ts`).
 * Starts the server on the demo data (seeded by a start before) and leaves it idle for a few seconds, then reads the resident
 * set (VmRSS) of its whole process tree: on PGlite (embedded) and on the PostgreSQL server, each as
 * `npm start` runs it (the bundle of scripts/build-api.mjs under plain Node) and, for comparison, under
 * the tsx loader it ran with before (whose esbuild service runs beside it). Target: under 200 MB on
 * the server (issue 15).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withDemoServer, type ServerKind } from './support';
import { withFreshDatabase } from './databases';

const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5000);
const TARGET_SERVER_MB = 200;

export interface MemoryFigure {
  database: 'pglite' | 'postgresql';
  runner: ServerKind;
  /** The server process and every process under it (tsx's esbuild service). */
  processes: number;
  rssMb: number;
}
export interface MemoryResult {
  idle: MemoryFigure[];
  target: { serverUnderMb: number; met: boolean };
}

function parentOf(pid: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1] ?? null;
  } catch {
    return null;
  }
}

function rssKb(pid: string): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The resident set of `pid` and all its descendants. */
export function treeRss(pid: number): { processes: number; rssMb: number } {
  const all = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  const tree = new Set([String(pid)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      const parent = parentOf(p);
      if (!tree.has(p) && parent !== null && tree.has(parent)) {
        tree.add(p);
        grew = true;
      }
    }
  }
  const kb = [...tree].reduce((sum, p) => sum + rssKb(p), 0);
  return { processes: tree.size, rssMb: Math.round(kb / 1024) };
}

/**
 * A server started on data seeded by an earlier start, as a node runs in production (where nothing
 * is seeded): the demo seed's own work (pictures, password hashes) would otherwise still sit in the
 * heap of the process measured.
 */
async function idleRss(database: MemoryFigure['database'], runner: ServerKind): Promise<MemoryFigure> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-bench-memory-'));
  const twice = async (env: Record<string, string>) => {
    await withDemoServer('memory-seed', { ...env, DATA_DIR: dataDir }, async () => undefined);
    return withDemoServer(
      `memory-${runner}`,
      { ...env, DATA_DIR: dataDir },
      async (_base, pid) => {
        await new Promise((r) => setTimeout(r, IDLE_MS));
        return { database, runner, ...treeRss(pid) };
      },
      runner,
    );
  };
  try {
    return database === 'postgresql' ? await withFreshDatabase('memory', (url) => twice({ DATABASE_URL: url })) : await twice({});
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function memoryBenchmark(): Promise<MemoryResult> {
  const idle: MemoryFigure[] = [];
  for (const database of ['pglite', 'postgresql'] as const) for (const runner of ['built', 'tsx'] as const) idle.push(await idleRss(database, runner));
  const server = idle.find((f) => f.database === 'postgresql' && f.runner === 'built')!;
  return { idle, target: { serverUnderMb: TARGET_SERVER_MB, met: server.rssMb < TARGET_SERVER_MB } };
}

export function printMemory(result: MemoryResult) {
  console.log(`\nIdle API process, resident memory of its process tree after ${IDLE_MS / 1000} s (target on the PostgreSQL server: under ${result.target.serverUnderMb} MB: ${result.target.met ? 'met' : 'NOT met'})`);
  for (const f of result.idle) {
    const how = f.runner === 'built' ? 'npm start (built, plain Node)' : 'tsx loader (before)';
    console.log(`  ${f.database.padEnd(11)} ${how.padEnd(30)} ${String(f.rssMb).padStart(5)} MB in ${f.processes} process${f.processes === 1 ? '' : 'es'}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printMemory(await memoryBenchmark());
}
