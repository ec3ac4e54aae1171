import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';

/** Helpers shared by the benchmark scripts. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

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

/**
 * The API server with the demo data on a fresh data directory and a free port, for the body of
 * `use`; stopped and its data removed afterwards whatever happens. `env` adds to or overrides the
 * server's environment (a database URL, another web build).
 */
export async function withDemoServer<T>(label: string, env: Record<string, string>, use: (base: string) => Promise<T>): Promise<T> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dataDir = mkdtempSync(path.join(tmpdir(), `nibras-bench-${label}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), LOG_LEVEL: 'warn', NODE_ENV: 'development', SEARCH_MAX_PER_ADDRESS_PER_MINUTE: '100000000', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(`${base}/api/category/namelist`, server);
    return await use(base);
  } finally {
    if (server) await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
