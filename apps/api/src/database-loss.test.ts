import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { insertUser } from './modules/accounts/accounts.queries';
import { hashPassword } from './lib/passwords';
import { call, openStream, type Answer } from '../test/http-call';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { serverDatabase } from '../test/server-database';
import { until } from '../test/until';

/**
 * Issue 25, point 1: losing the database is not fatal. One API process as `npm start` runs it, on a
 * database of the test's own on the PostgreSQL server, reached through a TCP relay that the test can
 * cut (the server unreachable: connections refused) and mend. The server's own connections are also
 * ended from inside, as a restart, a failover or an idle timeout ends them (`pg_terminate_backend`).
 * Either way the process stays up, answers 503 with Retry-After while it cannot reach the database,
 * loses no write it acknowledged, and serves again within 5 s of the database's return.
 */
const PASSWORD = 'Lantern-river-93';
const database = serverDatabase('loss');
const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-loss-'));

/** A TCP relay to the PostgreSQL server: `cut` closes it and every connection through it, `mend` opens it again on the same port. */
function relay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(target.port, target.host);
    for (const [a, b] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      sockets.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
    }
  });
  let port = 0;
  return {
    port: () => port,
    open: () =>
      new Promise<void>((resolve) => {
        server.listen(port, '127.0.0.1', () => {
          port = (server.address() as net.AddressInfo).port;
          resolve();
        });
      }),
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

const pg = relay({ host: database.host, port: database.port });
let server: ServerProcess;
let port: number;
let participant: { id: number; token: string };
let admin: { id: number; token: string };

async function login(role: 'admin' | 'participant', email: string) {
  const res = await call(port, false, 'POST', `/api/${role}/login`, { json: { email, password: PASSWORD, returnSecureToken: true } });
  expect(res.status).toBe(200);
  return res.json().data.token as string;
}

const profile = () => call(port, false, 'GET', '/api/participant/profile', { token: participant.token });
const send = (msg: string) => call(port, false, 'POST', '/api/participant/message/send', { token: participant.token, json: { Toid: admin.id, msg } });

/**
 * Messages sent one after another, two at a time, until `stop`: every answer kept, with the id of
 * each acknowledged one (200).
 */
function writer() {
  const answers: { status: number; retryAfter: string | undefined; id?: number }[] = [];
  let stopped = false;
  const lane = async (n: number) => {
    for (let i = 0; !stopped; i += 1) {
      let res: Answer;
      try {
        res = await send(`lane ${n}, message ${i}`);
      } catch (error) {
        answers.push({ status: 0, retryAfter: String(error) });
        continue;
      }
      answers.push({ status: res.status, retryAfter: res.headers['retry-after'] as string | undefined, id: res.status === 200 ? (res.json().data.id as number) : undefined });
    }
  };
  const lanes = [lane(1), lane(2)];
  return {
    answers,
    acknowledged: () => answers.filter((a) => a.status === 200).map((a) => a.id!),
    stop: async () => {
      stopped = true;
      await Promise.all(lanes);
    },
  };
}

/** Which of these message ids the database holds, read directly (not through the API). */
async function stored(ids: number[]): Promise<number[]> {
  const direct = await openDatabase({ url: database.url });
  try {
    const { rows } = (await (direct.db as unknown as { $client: { query(sql: string, params: unknown[]): Promise<{ rows: { id: number }[] }> } }).$client.query('select id from messages where id = any($1::int[]) order by id', [ids])) as { rows: { id: number }[] };
    return rows.map((r) => r.id);
  } finally {
    await direct.close();
  }
}

/** Milliseconds from now until a signed-in read answers 200 again (polled every 50 ms; fails after 5 s). */
async function readsBackWithin5s(): Promise<number> {
  const from = Date.now();
  await expect.poll(async () => (await profile()).status, { timeout: 5_000, interval: 50 }).toBe(200);
  return Date.now() - from;
}

beforeAll(async () => {
  await database.create();
  await pg.open();
  server = await startServerProcess({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    DATABASE_URL: Object.assign(new URL(database.url), { hostname: '127.0.0.1', port: String(pg.port()) }).href,
    SEED_DEMO: 'false',
    MAIL_WORKER: 'false',
    // The writers send as fast as the server answers: more than a person's per-minute allowance.
    MESSAGES_MAX_PER_MINUTE: '100000',
  });
  port = Number(server.port);
  const direct = await openDatabase({ url: database.url });
  try {
    const passwordHash = await hashPassword(PASSWORD);
    const tag = randomBytes(3).toString('hex');
    const a = await insertUser(direct.db, { role: 'admin', name: `admin-${tag}`, email: `admin-${tag}@loss.example`, passwordHash });
    const p = await insertUser(direct.db, { role: 'participant', name: `learner-${tag}`, email: `learner-${tag}@loss.example`, passwordHash });
    admin = { id: a.id, token: await login('admin', a.email) };
    participant = { id: p.id, token: await login('participant', p.email) };
  } finally {
    await direct.close();
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await pg.cut();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('the API process when its database goes away (issue 25, point 1)', () => {
  it('survives every backend of its database being terminated under writes and a live stream: no acknowledged write lost, reads back within 5 s, the stream delivers again', async () => {
    const stream = await openStream(port, 'admin', admin.token);
    try {
      await stream.next('ready');
      const writes = writer();
      await expect.poll(() => writes.acknowledged().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(10);
      const ended = await database.sql('select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1', [database.name]);
      // The pool's connections and the live stream's listener, at least.
      expect(ended.length).toBeGreaterThanOrEqual(2);
      await readsBackWithin5s();
      const before = writes.acknowledged().length;
      await expect.poll(() => writes.acknowledged().length, { timeout: 5_000 }).toBeGreaterThanOrEqual(before + 10);
      await writes.stop();

      expect(server.child.exitCode, server.output()).toBeNull();
      // A statement cut off with its connection is a 503 with Retry-After; nothing else but success.
      const failed = writes.answers.filter((a) => a.status !== 200);
      expect(failed.filter((a) => a.status !== 503 || a.retryAfter !== '5'), JSON.stringify(failed)).toEqual([]);
      const acknowledged = writes.acknowledged();
      expect(await stored(acknowledged)).toEqual([...acknowledged].sort((x, y) => x - y));
      expect(server.output()).toMatch(/database connection lost/);

      // The listener behind the stream reconnects by itself and says so (`ready` again, so the reader
      // refetches what it may have missed); a message sent now reaches the open stream.
      expect(stream.ended()).toBe(false);
      await expect.poll(() => stream.seen('ready').length, { timeout: 10_000 }).toBe(2);
      const arrived = (id: number) =>
        until(() => stream.seen('message').some((data) => (JSON.parse(data) as { id: number }).id === id), 'the message on the stream', 500).then(
          () => true,
          () => false,
        );
      await expect
        .poll(async () => {
          const sent = await send('after the loss');
          return sent.status === 200 && (await arrived(sent.json().data.id as number));
        }, { timeout: 10_000 })
        .toBe(true);
    } finally {
      stream.close();
    }
  }, 60_000);

  it('answers 503 with Retry-After and a message while the database cannot be reached, and serves again within 5 s of its return without a restart', async () => {
    await pg.cut();
    const read = await profile();
    expect(read.status).toBe(503);
    expect(read.headers['retry-after']).toBe('5');
    expect(read.json()).toMatchObject({ success: false, message: 'تعذّر الوصول إلى قاعدة بياناتنا الآن. يرجى المحاولة مرة أخرى بعد ثوانٍ.' });
    const english = await call(port, false, 'GET', '/api/participant/profile', { token: participant.token, headers: { 'accept-language': 'en' } });
    expect(english.status).toBe(503);
    expect(english.json().message).toBe('We cannot reach our database right now. Please try again in a few seconds.');
    const write = await send('while the database is away');
    expect(write.status).toBe(503);
    expect(server.child.exitCode, server.output()).toBeNull();

    await pg.open();
    await readsBackWithin5s();
    const after = await send('once it is back');
    expect(after.status).toBe(200);
    expect(await stored([after.json().data.id as number])).toHaveLength(1);
  }, 60_000);
});
