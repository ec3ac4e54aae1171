/**
 * CPU time of the processes a benchmark loads, read from /proc (Linux only; elsewhere every figure is null).
 *
 * - The API server: utime + stime of its process (/proc/<pid>/stat, fields 14 and 15, in clock ticks of
 *   `getconf CLK_TCK`, 100 on Linux) and of any process whose parent it is (the workers of WORKERS > 1),
 *   read before and after a measured read. On PGlite the database runs inside that process: its CPU is
 *   part of the API figure and the PostgreSQL figure is null.
 * - PostgreSQL's backends: every process whose command line is `postgres: … <user> <database> …` for the
 *   benchmark's own database (so other databases on a shared server are not counted), sampled every
 *   250 ms while the read runs (a backend that starts meanwhile counts from zero, one that exits keeps its
 *   last sample: at most 250 ms of its work is lost). The server's auxiliary processes (WAL writer,
 *   checkpointer, background writer) serve every database on the server: reported apart (`auxiliary`),
 *   never divided by the requests. The postmaster's cutime/cstime is not used: it only counts children
 *   once reaped, whatever database they served.
 * - The benchmark process itself (the load generator, autocannon): process.cpuUsage(), reported as `loader`.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticks: number | undefined;
/** Clock ticks per second (`getconf CLK_TCK`). */
export function clockTicks(): number {
  if (ticks === undefined) {
    try {
      ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticks = 100;
    }
  }
  return ticks;
}

interface Stat {
  pid: number;
  comm: string;
  ppid: number;
  /** utime + stime, in ms. */
  cpuMs: number;
}

/** /proc/<pid>/stat parsed, or undefined when the process is gone (or this is not Linux). */
function statOf(pid: number): Stat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name is in parentheses and may itself hold spaces or parentheses: split after the last ')'.
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const rest = text.slice(close + 2).split(' ');
  // rest[0] is field 3 (state): field n is rest[n - 3].
  const ppid = Number(rest[1]);
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  return { pid, comm, ppid, cpuMs: ((utime + stime) * 1000) / clockTicks() };
}

function allPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
}

function cmdlineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
}

export const procAvailable = () => statOf(process.pid) !== undefined;

/** The whole machine's CPU time from /proc/stat (all cores, in ticks): busy and in all. */
function machineTicks(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is inside user already)
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - fields[3]! - fields[4]!, total };
  } catch {
    return null;
  }
}

/** CPU ms of `pid` and of its children (a cluster's workers), now. */
export function processTreeCpuMs(pid: number): number | null {
  const own = statOf(pid);
  if (!own) return null;
  let total = own.cpuMs;
  for (const other of allPids()) {
    if (other === pid) continue;
    const s = statOf(other);
    if (s && s.ppid === pid) total += s.cpuMs;
  }
  return total;
}

/** The postmaster: the process named postgres whose parent is not a postgres process. */
export function postmasterPids(): number[] {
  const stats = allPids().map(statOf).filter((s): s is Stat => !!s && s.comm === 'postgres');
  const pids = new Set(stats.map((s) => s.pid));
  return stats.filter((s) => !pids.has(s.ppid)).map((s) => s.pid);
}

/** Backends of `database` (children of a postmaster whose command line names it) and the postmasters' auxiliary processes, with their CPU ms now. */
function postgresNow(database: string): { backends: Map<number, number>; auxiliary: Map<number, number> } {
  const masters = new Set(postmasterPids());
  const backends = new Map<number, number>();
  const auxiliary = new Map<number, number>();
  if (masters.size === 0) return { backends, auxiliary };
  for (const pid of allPids()) {
    const s = statOf(pid);
    if (!s || !masters.has(s.ppid)) continue;
    const cmd = cmdlineOf(pid);
    // A backend: "postgres: 15/main: <user> <database> <client> <state>" (or without the cluster name).
    if (new RegExp(`^postgres: (?:\\S+: )?\\S+ ${database} `).test(cmd)) backends.set(pid, s.cpuMs);
    else if (/^postgres: (?:\S+: )?(walwriter|checkpointer|background writer|autovacuum|walsender|logical replication)/.test(cmd)) auxiliary.set(pid, s.cpuMs);
  }
  return { backends, auxiliary };
}

export interface CpuFigures {
  /** ms of CPU over the read. */
  apiMs: number | null;
  postgresMs: number | null;
  /** The server's shared auxiliary processes (not the benchmark's alone). */
  postgresAuxiliaryMs: number | null;
  loaderMs: number;
  /** PostgreSQL backends of the database seen during the read. */
  backendsSeen: number;
  /** Share of the machine's CPU time (all cores) that was busy meanwhile, whoever used it (other jobs on a shared machine too). */
  machineBusyShare: number | null;
}

/**
 * Starts measuring the CPU of the API process `apiPid` (and its children) and, when `database` is
 * given, of the PostgreSQL backends serving it but those of `exclude` (the benchmark's own connections);
 * `stop()` answers the CPU each used meanwhile.
 */
export function startCpuMeter(apiPid: number, database: string | null, exclude: ReadonlySet<number> = new Set()): { stop: () => CpuFigures } {
  const apiStart = processTreeCpuMs(apiPid);
  const loaderStart = process.cpuUsage();
  const machineStart = machineTicks();
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const auxFirst = new Map<number, number>();
  const auxLast = new Map<number, number>();
  let started = false;
  const sample = () => {
    if (!database) return;
    const now = postgresNow(database);
    for (const [pid, ms] of now.backends) {
      if (exclude.has(pid)) continue;
      // A backend already there at the start counts from its first sample; a new one from zero.
      if (!first.has(pid)) first.set(pid, started ? 0 : ms);
      last.set(pid, ms);
    }
    for (const [pid, ms] of now.auxiliary) {
      if (!auxFirst.has(pid)) auxFirst.set(pid, started ? 0 : ms);
      auxLast.set(pid, ms);
    }
  };
  sample();
  started = true;
  const timer = database ? setInterval(sample, 250) : undefined;
  return {
    stop: () => {
      if (timer) clearInterval(timer);
      sample();
      const apiEnd = processTreeCpuMs(apiPid);
      const loader = process.cpuUsage(loaderStart);
      const sum = (a: Map<number, number>, b: Map<number, number>) => [...b].reduce((total, [pid, ms]) => total + (ms - (a.get(pid) ?? 0)), 0);
      const pgAvailable = database !== null && postmasterPids().length > 0;
      const machineEnd = machineTicks();
      const machineBusyShare =
        machineStart && machineEnd && machineEnd.total > machineStart.total ? Number(((machineEnd.busy - machineStart.busy) / (machineEnd.total - machineStart.total)).toFixed(2)) : null;
      return {
        apiMs: apiStart === null || apiEnd === null ? null : apiEnd - apiStart,
        postgresMs: pgAvailable ? sum(first, last) : null,
        postgresAuxiliaryMs: pgAvailable ? sum(auxFirst, auxLast) : null,
        loaderMs: (loader.user + loader.system) / 1000,
        backendsSeen: last.size,
        machineBusyShare,
      };
    },
  };
}

/** CPU ms per request, to 0.01 ms; null when unknown. */
export const perRequest = (ms: number | null, requests: number) => (ms === null || requests === 0 ? null : Math.round((ms / requests) * 100) / 100);
