import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crossOutProcess, OWNER_ENV, PROCESSES_ENV, started, writeDownProcess } from './running';

/**
 * The API server as `npm start` runs it: the bundle of scripts/build-api.mjs under plain Node, in a
 * process of its own. For the tests of what only a real process shows (start-up, restarts, crashes,
 * several processes on one database).
 */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let built: string | undefined;

/** Whether a process of this id is alive (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Builds the server once per process (a test worker, a benchmark run), into a folder of its own
 * under apps/api/dist (so bare imports resolve from the checkout's node_modules, and no other run's
 * build is overwritten meanwhile); removed when the process exits. Vitest ends its workers with a
 * signal, which skips 'exit' handlers: the folders of processes gone are removed at the next build.
 */
export function builtServer(): string {
  if (built) return built;
  const dist = path.join(ROOT, 'apps/api/dist');
  for (const name of (existsSync(dist) ? readdirSync(dist, { withFileTypes: true }) : []).filter((entry) => entry.isDirectory()).map((entry) => entry.name)) {
    const pid = /^run-(\d+)$/.exec(name)?.[1];
    if (pid && !alive(Number(pid))) rmSync(path.join(dist, name), { recursive: true, force: true });
  }
  const dir = path.join(dist, `run-${process.pid}`);
  const outfile = path.join(dir, 'server.js');
  const result = spawnSync(process.execPath, ['scripts/build-api.mjs', outfile], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the API server did not build:\n${result.stdout}${result.stderr}`);
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  built = outfile;
  return outfile;
}

/**
 * The Node flags of `npm start` (package.json), so a test runs the server as it runs: a smaller
 * young generation than Node 24's default halves the idle memory (docs/operations.md).
 */
export function startFlags(): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  return (scripts.start ?? '').split(/\s+/).filter((word) => word.startsWith('--'));
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  base: string;
  port: string;
  child: ChildProcess;
  /** Everything it printed so far, standard output and error together. */
  output: () => string;
  /** SIGTERM, as a service manager stops it (graceful shutdown); resolves once it has exited. */
  stop: () => Promise<void>;
  /** SIGKILL to its whole process group, as a crash would end it: no shutdown, no flush. */
  kill: () => Promise<void>;
}

/** SIGKILL to a server's whole process group, as a crash would end it; resolves once its output is closed. */
function killGroup(child: ChildProcess, closed: Promise<void>): Promise<void> {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
  return closed;
}

/**
 * Starts the built server with only `env` (and PATH, HOME, a free PORT, HOST) and waits for its
 * banner. Rejects with what it printed if it exits first or says nothing within 110 s (and then
 * kills it). From the moment it is spawned until it has exited, it is recorded in running.ts: what a
 * test leaves running, timed out or not, is killed after it.
 */
export async function startServerProcess(env: Record<string, string | undefined>, readyText = 'is running on'): Promise<ServerProcess> {
  // A PORT given is passed as it is (a test of a bad setting gives a bad one).
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [...startFlags(), builtServer()], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', ...env, PORT: port, [OWNER_ENV]: process.env[PROCESSES_ENV] },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so kill() reaches whatever it started too.
    detached: true,
  });
  // Closed once the process has exited and nothing of its group holds its output any more.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const forget = started(`server process ${child.pid} (${process.execPath} on port ${port})`, () => killGroup(child, closed));
  writeDownProcess(child.pid!);
  void closed.then(() => {
    forget();
    crossOutProcess(child.pid!);
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  try {
    await new Promise<void>((resolve, reject) => {
      // Generous: on a loaded machine a start on PGlite (WASM, migrations) has taken over a minute.
      // A test's own time limit usually ends the wait first, and running.ts then kills the process.
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 110_000);
      child.stdout!.on('data', () => {
        if (output.includes(readyText)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited ${code}:\n${output}`));
      });
    });
  } catch (error) {
    await killGroup(child, closed);
    throw error;
  }
  const exited = () =>
    new Promise<void>((resolve) => {
      child.removeAllListeners('exit');
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.on('exit', () => resolve());
    });
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => output,
    stop: () => {
      const done = exited();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return done;
    },
    kill: () => {
      const done = exited();
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      return done;
    },
  };
}
