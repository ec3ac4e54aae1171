import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';

/** Set by the primary in each worker's environment: the worker's number, 1 to WORKERS, kept across restarts. */
const WORKER_ENV = 'NIBRAS_WORKER';

/** This process's worker number when node:cluster started it (cluster mode); undefined when it runs alone. */
export function workerIndex(): number | undefined {
  if (!cluster.isWorker) return undefined;
  const index = Number(process.env[WORKER_ENV]);
  return Number.isInteger(index) && index > 0 ? index : undefined;
}

/** The primary of a WORKERS > 1 start: it serves nothing itself. */
export function isClusterPrimary(config: Config): boolean {
  return config.workers > 1 && cluster.isPrimary;
}

/**
 * How much longer than SHUTDOWN_GRACE_SECONDS the primary waits for its workers to exit before it kills them:
 * the time a worker takes after its grace, to stop its mail worker (the message in hand) and close its pool.
 */
const SHUTDOWN_MARGIN_MS = 5_000;

/**
 * The exit code of a process that could not listen because its port is taken (sysexits' EX_CONFIG):
 * a worker that exits with it is not started again, since every new one would fail the same way.
 */
export const PORT_IN_USE_EXIT_CODE = 78;

export function portInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
}

export function portInUseMessage(port: number): string {
  return `Port ${port} is already in use: stop the program that listens on it, or start Nibras on another port (PORT=3001 npm start).`;
}

/**
 * WORKERS API processes on one port (node:cluster hands each connection to a worker in turn).
 * The primary prepares once what must happen once (migrations, demo data, the generated secret:
 * `prepare`), forks the workers, prints `banner` when all listen, starts a worker again when one
 * dies (waiting longer each time one dies young, so a broken start does not spin), and on SIGTERM
 * or SIGINT asks every worker to finish its requests and exits when they have.
 */
export async function runPrimary(config: Config, prepare: () => Promise<void>, banner: () => string): Promise<void> {
  await prepare();
  if (!config.redis) {
    console.warn(`WORKERS=${config.workers} without REDIS_URL: rate limits count per process and short caches may be stale for up to 15 s on other processes`);
  }
  const started = new Map<Worker, { index: number; at: number }>();
  const delays = new Map<number, number>();
  let closing = false;
  let listening = 0;
  let announced = false;

  const fork = (index: number) => {
    const worker = cluster.fork({ [WORKER_ENV]: String(index) });
    started.set(worker, { index, at: Date.now() });
  };
  cluster.on('listening', () => {
    listening += 1;
    if (!announced && listening >= config.workers) {
      announced = true;
      console.log(banner());
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    const info = started.get(worker);
    started.delete(worker);
    if (closing || !info) return;
    if (code === PORT_IN_USE_EXIT_CODE) {
      // The workers print nothing of it: the primary tells once, stops the others, and exits.
      console.error(portInUseMessage(config.port));
      shutdown('port in use', 1);
      return;
    }
    const young = Date.now() - info.at < 10_000;
    const delay = young ? Math.min((delays.get(info.index) ?? 500) * 2, 30_000) : 1000;
    delays.set(info.index, delay);
    console.error(`worker ${info.index} exited (${signal ?? `code ${code}`}); starting it again in ${delay} ms`);
    setTimeout(() => !closing && fork(info.index), delay);
  });
  for (let index = 1; index <= config.workers; index += 1) fork(index);

  function shutdown(signal: string, exitCode = 0) {
    if (closing) return;
    closing = true;
    if (exitCode === 0) console.log(`${signal}: shutting down ${started.size} workers`);
    const force = setTimeout(() => {
      for (const worker of started.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownGraceMs + SHUTDOWN_MARGIN_MS);
    force.unref();
    // Each worker closes its server (finishing the requests under way: plugins/shutdown.ts) and its database pool, then exits.
    for (const worker of started.keys()) worker.process.kill('SIGTERM');
    const done = () => {
      if (started.size === 0) process.exit(exitCode);
    };
    cluster.on('exit', done);
    done();
  }
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
