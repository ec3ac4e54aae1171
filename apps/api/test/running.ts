import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What the test helpers start that outlives a test unless it is stopped: server processes
 * (server-process.ts), SMTP, S3 and OpenID servers (smtp.ts, s3.ts, oidc.ts) and apps (harness.ts).
 * Each helper records what it starts here as soon as it starts it, and forgets it once it is stopped.
 * running.setup.ts, which every API project loads, stops what is left: after each test what that test
 * started, after each file what the file's hooks started, even when the test timed out or failed
 * before its own clean-up ran.
 */
type Scope = 'test' | 'file';

interface Started {
  what: string;
  stop: () => Promise<unknown> | unknown;
  scope: Scope;
}

const running = new Set<Started>();
let scope: Scope = 'file';

/** Records something just started; the returned function forgets it (call it once it is stopped). */
export function started(what: string, stop: () => Promise<unknown> | unknown): () => void {
  const entry: Started = { what, stop, scope };
  running.add(entry);
  return () => {
    running.delete(entry);
  };
}

/** A test begins: what starts from now on is its own (running.setup.ts). */
export function testBegins(): void {
  scope = 'test';
}

const STOP_WAIT_MS = 10_000;

/**
 * Stops what is still running after a test (what it started) or a file (everything), newest first,
 * and says what that was. A stop that does not end within 10 s is left behind, so one stuck server
 * cannot hold up the rest.
 */
export async function stopLeftovers(after: Scope): Promise<string[]> {
  if (after === 'test') scope = 'file';
  const left = [...running].filter((entry) => after === 'file' || entry.scope === 'test').reverse();
  for (const entry of left) {
    running.delete(entry);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.resolve()
        .then(entry.stop)
        .catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }
  return left.map((entry) => entry.what);
}

// ---- Server processes, for the run's end ----
// A test body that goes on after its test timed out may start a process after the file's clean-up,
// and a worker that is killed takes no clean-up with it: each server process is also written down as
// a file named by its pid in the run's folder (PROCESSES_ENV, made by global-setup.ts), and what is
// still written down when the run ends is killed there.

/** The run's folder of server process pids; set by global-setup.ts, inherited by the workers. */
export const PROCESSES_ENV = 'NIBRAS_TEST_PROCESSES';
/** Set in each server process's environment, so only the run's own processes are ever killed. */
export const OWNER_ENV = 'NIBRAS_TEST_OWNER';

export function writeDownProcess(pid: number): void {
  const dir = process.env[PROCESSES_ENV];
  if (dir && existsSync(dir)) writeFileSync(path.join(dir, String(pid)), '');
}

export function crossOutProcess(pid: number): void {
  const dir = process.env[PROCESSES_ENV];
  if (dir) rmSync(path.join(dir, String(pid)), { force: true });
}

/** Kills the process group of every server process still written down in `dir`, and says which. */
export function killWrittenDown(dir: string): number[] {
  const killed: number[] = [];
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const pid = Number(name);
    let environ: string;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
    } catch {
      continue; // gone
    }
    if (!environ.split('\0').includes(`${OWNER_ENV}=${dir}`)) continue; // the pid is another process's now
    try {
      process.kill(-pid, 'SIGKILL');
      killed.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  return killed;
}
