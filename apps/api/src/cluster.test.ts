import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { insertUser } from './modules/accounts/accounts.queries';
import { hashPassword } from './lib/passwords';
import { png } from '../test/media-files';
import { startServerProcess } from '../test/server-process';
import { call, openStream, type Answer, type CallOptions } from '../test/http-call';
import { serverDatabase } from '../test/server-database';

/**
 * Point 5 of issue 15: `WORKERS=2` runs two API processes on one port (node:cluster) and one
 * PostgreSQL database, with REDIS_URL for what they share. Every request goes over a connection
 * pinned to one worker (the `x-nibras-worker` header of each answer is checked), so each step says
 * which process did what. Two processes cannot share PGlite: this test makes its own database on
 * TEST_DATABASE_URL's server (or the local one) in both `npm test` and `npm run test:db`.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
const PASSWORD = 'Lantern-river-93';
const MAX_FAILURES = 3;
const run = randomBytes(4).toString('hex');
const database = serverDatabase('cluster');
const databaseUrl = database.url;
const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-cluster-'));
const prefixes: string[] = [];

beforeAll(() => database.create());
afterAll(async () => {
  await database.drop();
  const redis = new Redis(REDIS_URL);
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `WORKERS=2 npm start` on the test's database; resolves once the primary says both workers listen. */
async function startCluster(env: Record<string, string>) {
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    DATABASE_URL: databaseUrl,
    WORKERS: '2',
    SEED_DEMO: 'false',
    MAIL_WORKER: 'false',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES),
    ...env,
  });
  const { child, output } = server;
  const port = Number(server.port);
  expect(output()).toContain('2 API processes (node:cluster) share port');
  /** SIGTERM to the primary: it stops both workers gracefully and exits. */
  const stop = () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        process.kill(-child.pid!, 'SIGKILL');
        reject(new Error(`cluster did not stop on SIGTERM:\n${output()}`));
      }, 30_000);
      child.removeAllListeners('exit');
      child.on('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  /** The pid of worker n: a process of the cluster's group started with NIBRAS_WORKER=n (Linux /proc). */
  const workerPid = (n: number) => {
    const pids = execFileSync('pgrep', ['-g', String(child.pid)], { encoding: 'utf8' }).trim().split('\n').map(Number);
    return pids.find((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`NIBRAS_WORKER=${n}`);
      } catch {
        return false;
      }
    });
  };
  return { port, stop, workerPid, output };
}

type Via = (method: string, url: string, opts?: CallOptions) => Promise<Answer>;

/**
 * One kept-alive connection to each worker: node:cluster hands each new connection to the next
 * worker, so new connections are opened until both have answered. Every answer through `via(n)`
 * must carry worker n's header, or the step did not happen where the test says it did.
 */
async function pinWorkers(port: number): Promise<{ via: (worker: 1 | 2) => Via; close: () => void }> {
  const agents = new Map<string, http.Agent>();
  for (let i = 0; i < 20 && agents.size < 2; i += 1) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const res = await call(port, agent, 'GET', '/api/category/namelist');
    expect(res.status).toBe(200);
    if (res.worker && !agents.has(res.worker)) agents.set(res.worker, agent);
    else agent.destroy();
  }
  expect([...agents.keys()].sort()).toEqual(['1', '2']);
  return {
    via: (worker) => async (method, url, opts) => {
      const res = await call(port, agents.get(String(worker))!, method, url, opts);
      expect(res.worker, `${method} ${url} answered by worker ${worker}`).toBe(String(worker));
      return res;
    },
    close: () => agents.forEach((a) => a.destroy()),
  };
}

async function createUsers() {
  const database = await openDatabase({ url: databaseUrl });
  try {
    const passwordHash = await hashPassword(PASSWORD);
    const mk = (role: 'admin' | 'participant', name: string) => insertUser(database.db, { role, name, email: `${name}.${run}@cluster.example`, passwordHash });
    return { admin: await mk('admin', `admin-${randomBytes(3).toString('hex')}`), participant: await mk('participant', `learner-${randomBytes(3).toString('hex')}`) };
  } finally {
    await database.close();
  }
}

/**
 * `LOGIN_MAX_FAILURES_PER_ACCOUNT + 5` wrong passwords for one account, sent all at once, half to
 * worker 1 and half to worker 2 (each worker takes its half one after another on its connection,
 * the two workers at the same time): their statuses, sorted.
 */
async function failedLogins(via: (worker: 1 | 2) => Via, email: string): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: MAX_FAILURES + 5 }, (_, i) => via(i % 2 === 0 ? 1 : 2)('POST', '/api/participant/login', { json: { email, password: 'wrong-password-1', returnSecureToken: true } })),
  );
  return answers.map((a) => a.status).sort();
}

/**
 * Worker 2 has answered (and kept) the name list; an admin adds a category through worker 1, worker 2
 * answers (and keeps) its public page, then the admin renames it through worker 1: what worker 2 shows.
 */
async function renameSeenByOtherWorker(via: (worker: 1 | 2) => Via, adminToken: string) {
  const tag = randomBytes(3).toString('hex');
  const listed = async (id: number) => ((await via(2)('GET', '/api/category/namelist')).json().data as { id: number; name_en: string }[]).find((c) => c.id === id)?.name_en;
  await listed(0);
  const added = await via(1)('POST', '/api/admin/category/add', { token: adminToken, json: { name_ar: `تصميم ${tag}`, name_en: `Design ${tag}` } });
  expect(added.status).toBe(200);
  const id = added.json().data.id as number;
  const listedAfterAdd = await listed(id);
  for (let i = 0; i < 2; i += 1) expect((await via(2)('GET', `/api/public/category/${id}`)).json().data.category.name_en).toBe(`Design ${tag}`);
  const renamed = await via(1)('POST', `/api/admin/category/update/${id}`, { token: adminToken, json: { name_ar: `تصميم ${tag}`, name_en: `Renamed ${tag}` } });
  expect(renamed.status).toBe(200);
  const page = (await via(2)('GET', `/api/public/category/${id}`)).json().data.category.name_en as string;
  return { added: `Design ${tag}`, renamed: `Renamed ${tag}`, listedAfterAdd, page, listedAfterRename: await listed(id) };
}

function multipartFile(field: string, filename: string, type: string, data: Buffer) {
  const boundary = `----nibras${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

describe('two API processes on one port, sharing PostgreSQL and Redis (WORKERS=2, REDIS_URL)', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let pinned: Awaited<ReturnType<typeof pinWorkers>>;
  let users: Awaited<ReturnType<typeof createUsers>>;
  const prefix = `nibras-test-${run}:`;
  prefixes.push(prefix);
  beforeAll(async () => {
    cluster = await startCluster({ REDIS_URL, REDIS_PREFIX: prefix });
    pinned = await pinWorkers(cluster.port);
    users = await createUsers();
  }, 120_000);
  afterAll(async () => {
    pinned?.close();
    await cluster?.stop();
  }, 60_000);

  const login = async (worker: 1 | 2, role: 'admin' | 'participant', email: string) => {
    const res = await pinned.via(worker)('POST', `/api/${role}/login`, { json: { email, password: PASSWORD, returnSecureToken: true } });
    expect(res.status).toBe(200);
    return res.json().data.token as string;
  };

  it('answers from both workers; a session started on one works on the other, and its logout holds on both', async () => {
    const token = await login(1, 'participant', users.participant.email);
    expect((await pinned.via(2)('GET', '/api/participant/profile', { token })).json().data.email).toBe(users.participant.email);
    expect((await pinned.via(1)('GET', '/api/participant/profile', { token })).status).toBe(200);
    expect((await pinned.via(2)('GET', '/api/participant/logout', { token })).status).toBe(200);
    expect((await pinned.via(1)('GET', '/api/participant/profile', { token })).status).toBe(401);
    expect((await pinned.via(2)('GET', '/api/participant/profile', { token })).status).toBe(401);
  });

  it('serves from one worker the avatar uploaded through the other', async () => {
    const token = await login(2, 'participant', users.participant.email);
    const image = png({ width: 64, height: 64, seed: 7 });
    const form = multipartFile('file', 'me.png', 'image/png', image);
    const saved = await pinned.via(2)('POST', '/api/participant/avatar', { token, body: form.body, type: form.type });
    expect(saved.status).toBe(200);
    const avatarUrl = saved.json().data.avatar as string;
    const served = await pinned.via(1)('GET', avatarUrl);
    expect(served.status).toBe(200);
    expect(served.body.equals(image)).toBe(true);
  });

  it(`answers exactly ${MAX_FAILURES} of the failed logins of one account sent at once to both workers with 401, the rest 429`, async () => {
    const statuses = await failedLogins(pinned.via, users.admin.email.replace('admin-', 'nobody-'));
    expect(statuses).toEqual([...Array<number>(MAX_FAILURES).fill(401), ...Array<number>(5).fill(429)]);
  });

  it("shows an admin's new category and its rename, made through one worker, on the other's cached public reads at once", async () => {
    const token = await login(1, 'admin', users.admin.email);
    const seen = await renameSeenByOtherWorker(pinned.via, token);
    expect(seen.listedAfterAdd).toBe(seen.added);
    expect(seen.page).toBe(seen.renamed);
    expect(seen.listedAfterRename).toBe(seen.renamed);
  });

  it('delivers a message sent through one worker to a live stream opened on the other', async () => {
    const adminToken = await login(1, 'admin', users.admin.email);
    const stream = await openStream(cluster.port, 'admin', adminToken);
    try {
      await stream.next('ready');
      const other = stream.worker === '1' ? 2 : 1;
      const participantToken = await login(other, 'participant', users.participant.email);
      const sent = await pinned.via(other)('POST', '/api/participant/message/send', { token: participantToken, json: { Toid: users.admin.id, msg: 'Across processes' } });
      expect(sent.status).toBe(200);
      const id = sent.json().data.id as number;
      expect(JSON.parse(await stream.next('message'))).toEqual({ id, threadId: id });
    } finally {
      stream.close();
    }
  });

  // Last: it ends worker 1's pinned connection.
  it('starts a worker again when it dies, and the new one answers sessions begun before', async () => {
    const token = await login(1, 'participant', users.participant.email);
    const pid = cluster.workerPid(1);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, 'SIGKILL');
    await expect.poll(() => cluster.output(), { timeout: 10_000 }).toMatch(/worker 1 exited \(SIGKILL\); starting it again/);
    await expect.poll(() => cluster.workerPid(1), { timeout: 60_000, interval: 200 }).toSatisfy((p) => p !== undefined && p !== pid);
    pinned.close();
    // Once it listens again both workers answer, and the session begun on the old worker 1 works on the new one.
    await expect.poll(async () => pinWorkers(cluster.port).then((p) => (pinned = p), () => null), { timeout: 60_000, interval: 500 }).not.toBeNull();
    expect((await pinned.via(1)('GET', '/api/participant/profile', { token })).status).toBe(200);
  }, 90_000);
});

describe('the same two workers without REDIS_URL (the proof that the shared store is what holds the limit)', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let pinned: Awaited<ReturnType<typeof pinWorkers>>;
  let users: Awaited<ReturnType<typeof createUsers>>;
  beforeAll(async () => {
    cluster = await startCluster({});
    pinned = await pinWorkers(cluster.port);
    users = await createUsers();
  }, 120_000);
  afterAll(async () => {
    pinned?.close();
    await cluster?.stop();
  }, 60_000);

  it(`lets each worker answer ${MAX_FAILURES} failed logins with 401: twice the configured count`, async () => {
    const statuses = await failedLogins(pinned.via, users.admin.email.replace('admin-', 'nobody-'));
    // Each process counts only the attempts it saw itself.
    expect(statuses).toEqual([...Array<number>(2 * MAX_FAILURES).fill(401), ...Array<number>(5 - MAX_FAILURES).fill(429)]);
  });

  it("keeps serving the other worker's cached public reads after a rename (until they expire)", async () => {
    const login = await pinned.via(1)('POST', '/api/admin/login', { json: { email: users.admin.email, password: PASSWORD, returnSecureToken: true } });
    const seen = await renameSeenByOtherWorker(pinned.via, login.json().data.token as string);
    expect(seen.listedAfterAdd).toBeUndefined();
    expect(seen.page).toBe(seen.added);
  });
});

it('stops with one clear message, instead of starting its workers again and again, when its port is taken', async () => {
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const port = String((taken.address() as net.AddressInfo).port);
  try {
    const started = startServerProcess({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), DATABASE_URL: databaseUrl, WORKERS: '2', SEED_DEMO: 'false', MAIL_WORKER: 'false', PORT: port });
    const output = await started.then(
      () => 'it started',
      (error: Error) => error.message,
    );
    expect(output).toMatch(/^server exited 1:/);
    expect(output.match(/is already in use/g), output).toEqual(['is already in use']);
    expect(output).toContain(`Port ${port} is already in use: stop the program that listens on it, or start Nibras on another port (PORT=3001 npm start).`);
    expect(output).not.toMatch(/starting it again/);
  } finally {
    taken.close();
  }
}, 120_000);
