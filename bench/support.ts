import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtServer, freePort, startFlags } from '../apps/api/test/server-process';

/** Helpers shared by the benchmark scripts. The server is built and its flags read as the tests do (apps/api/test/server-process.ts). */
export { freePort };

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer in time`);
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** How a benchmark runs the server: as `npm start` does (the bundle, plain Node), or under the tsx loader. */
export type ServerKind = 'built' | 'tsx';

/** Search limits far above what a benchmark sends from its one address (a bench that measures them sets its own). */
export const NO_SEARCH_LIMITS = { SEARCH_MAX_PER_ADDRESS_PER_MINUTE: '100000000', SEARCH_BURST_PER_ADDRESS: '100000000', SEARCH_MAX_PER_USER_PER_MINUTE: '100000000' };

/**
 * Starts the API server with `env` on top of ours: the one place that knows how the server is
 * started, for every benchmark. As `npm start` runs it (`built`: the bundle under plain Node, with
 * its flags), or under the tsx loader for comparison. Its output is dropped but for errors.
 */
export function spawnApiServer(env: Record<string, string>, kind: ServerKind = 'built'): ChildProcess {
  const root = fileURLToPath(new URL('..', import.meta.url));
  return spawn(process.execPath, kind === 'built' ? [...startFlags(), builtServer()] : ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...NO_SEARCH_LIMITS, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * The API server on `dataDir` (with whatever database it or `env` names) on a free port, for the
 * body of `use` (given the address and the server's pid); stopped afterwards whatever happens.
 * The caller owns the data directory.
 */
export async function withServer<T>(dataDir: string, env: Record<string, string>, use: (base: string, pid: number) => Promise<T>, kind: ServerKind = 'built'): Promise<T> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    server = spawnApiServer({ PORT: String(port), DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), ...env }, kind);
    await waitFor(`${base}/api/category/namelist`, server);
    return await use(base, server.pid!);
  } finally {
    if (server) await stop(server);
  }
}

/**
 * The API server with the demo data on a fresh data directory and a free port, for the body of
 * `use`; stopped and its data removed afterwards whatever happens. `env` adds to or overrides the
 * server's environment (a database URL, another web build, a DATA_DIR of the caller's).
 */
export async function withDemoServer<T>(label: string, env: Record<string, string>, use: (base: string, pid: number) => Promise<T>, kind: ServerKind = 'built'): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `nibras-bench-${label}-`));
  try {
    return await withServer(env.DATA_DIR ?? dataDir, env, use, kind);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The baseline (bench/bare-server.ts): a bare Fastify route answering `body` from memory, at `${base}/bare` (and its process id, to read its CPU). */
export async function withBareServer<T>(body: string, use: (bareUrl: string, pid: number) => Promise<T>): Promise<T> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const port = await freePort();
  const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], { cwd: root, env: { ...process.env, PORT: String(port), BARE_BODY: body }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}/bare`;
  try {
    await waitFor(url, bare);
    return await use(url, bare.pid!);
  } finally {
    await stop(bare);
  }
}

/** Runs `work` over `items`, `width` at a time, and gives the results in the items' order. */
export async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!);
      }
    }),
  );
  return out;
}
