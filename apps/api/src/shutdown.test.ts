import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { insertUser } from './modules/accounts/accounts.queries';
import { hashPassword } from './lib/passwords';
import { call, openStream } from '../test/http-call';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { serverDatabase } from '../test/server-database';
import { until } from '../test/until';

/**
 * Issue 26, point 7: a clean shutdown. An API process as `npm start` runs it, on a PostgreSQL database
 * of the test's own, gets SIGTERM while it holds, in the first test, registrations whose clients sent
 * them in full and left (their work goes on: hashing, then the insert); in the second, registrations
 * whose headers it has read (it answered `100 Continue`) and whose bodies come only once it is shutting
 * down, a connection with half a request's headers, and a live event stream. Every request it had
 * begun is carried out and stored, the late request is a 503 in the error envelope, every answer
 * closes its connection, the stream ends, the pool is closed only after the last statement, and the
 * process exits 0. Before: the abandoned registrations inserted into a pool already ended ("Cannot use
 * a pool after calling end on the pool"); answered connections stayed open for Fastify's 72 s
 * keep-alive; the late request got Fastify's own 503 body. No pause anywhere: each step waits for what
 * the server shows.
 */
const PASSWORD = 'Lantern-river-93';
const database = serverDatabase('shutdown');
const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-shutdown-'));
const tag = randomBytes(3).toString('hex');
let port: number;

/** An answer read off a raw connection, once the server has closed it. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A connection of its own, written to by the test as it likes; `continued` resolves once the server
 * has read a request's headers and asks for its body (100 Continue); `answer` once the server has
 * closed the connection, with its last answer (or rejects with what it got if that is not one).
 */
function rawConnection() {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  const changed: (() => void)[] = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    changed.splice(0).forEach((c) => c());
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    write: (text: string) => new Promise<void>((resolve) => socket.write(text, () => resolve())),
    /** Sends the rest and half-closes: the client is gone before its answer. */
    leave: (text: string) => socket.end(text),
    continued: () =>
      new Promise<void>((resolve) => {
        const check = () => (received.includes('100 Continue') ? resolve() : changed.push(check));
        check();
      }),
    answer: async (): Promise<RawAnswer> => {
      await closed;
      const final = received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
      const match = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(final);
      if (!match) throw new Error(`no answer before the connection closed: ${JSON.stringify(received)}`);
      const headers = Object.fromEntries(match[2]!.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      return { status: Number(match[1]), headers, body: match[3]! };
    },
  };
}

const registration = (email: string) => JSON.stringify({ name: `Learner ${email.slice(0, 12)}`, email, password: PASSWORD });
const registrationHead = (body: string) =>
  `POST /api/participant/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`;

async function storedEmails(emails: string[]): Promise<string[]> {
  const direct = await openDatabase({ url: database.url });
  try {
    const client = (direct.db as unknown as { $client: { query(sql: string, params: unknown[]): Promise<{ rows: { email: string }[] }> } }).$client;
    const { rows } = await client.query('select email from users where email = any($1::text[]) order by email', [emails]);
    return rows.map((r) => r.email);
  } finally {
    await direct.close();
  }
}

/** `npm start` on the test's database. */
async function start(): Promise<ServerProcess> {
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    DATABASE_URL: database.url,
    SEED_DEMO: 'false',
    // The registrations all come from the test's one address.
    REGISTER_MAX_PER_ADDRESS: '1000',
    // Generous: the requests held are answered within it on a loaded machine, and it bounds the test's wait.
    SHUTDOWN_GRACE_SECONDS: '30',
  });
  port = Number(server.port);
  return server;
}

/** SIGTERM, then the exit code and all the process printed, once it has exited and its output is closed. */
async function terminate(server: ServerProcess): Promise<{ code: number | null; output: string }> {
  const exited = new Promise<number | null>((resolve) => server.child.once('close', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  return { code: await exited, output: server.output() };
}

/** Sends a registration in full, once the server has read its headers (100 Continue), and leaves without its answer. */
async function registerAndLeave(email: string): Promise<void> {
  const c = rawConnection();
  const body = registration(email);
  await c.write(registrationHead(body));
  await c.continued();
  c.leave(body);
}

const servers: ServerProcess[] = [];
beforeAll(() => database.create());

afterAll(async () => {
  for (const server of servers) await server.kill();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('SIGTERM (issue 26, point 7)', () => {
  it('carries out the registrations whose clients left before their answers, then closes the pool and exits 0', async () => {
    const server = await start();
    servers.push(server);
    const abandoned = Array.from({ length: 60 }, (_, i) => `left-${i}-${tag}@shutdown.example`);
    await Promise.all(abandoned.map(registerAndLeave));
    // Their connections are gone: before, the server's close was over at once, and the pool ended under
    // the registrations still hashing their passwords ("Cannot use a pool after calling end on the pool").
    const { code, output } = await terminate(server);
    expect(code, output).toBe(0);
    expect(output).not.toMatch(/Cannot use a pool|"level":50|still at work/);
    expect(await storedEmails(abandoned)).toEqual([...abandoned].sort());
  }, 120_000);

  it('finishes the requests it had begun, answering each with Connection: close; answers a late one 503 in the envelope; ends the live stream; exits 0', async () => {
    const server = await start();
    servers.push(server);
    const direct = await openDatabase({ url: database.url });
    const admin = await insertUser(direct.db, { role: 'admin', name: `admin-${tag}`, email: `admin-${tag}@shutdown.example`, passwordHash: await hashPassword(PASSWORD) }).finally(() => direct.close());
    const login = await call(port, false, 'POST', '/api/admin/login', { json: { email: admin.email, password: PASSWORD, returnSecureToken: true } });
    expect(login.status).toBe(200);
    const stream = await openStream(port, 'admin', login.json().data.token as string);
    await stream.next('ready');

    // Begun (the server read their headers and asked for the bodies), finished only once it shuts down.
    const held = Array.from({ length: 10 }, (_, i) => `held-${i}-${tag}@shutdown.example`);
    const holding = await Promise.all(
      held.map(async (email) => {
        const c = rawConnection();
        const body = registration(email);
        await c.write(registrationHead(body));
        await c.continued();
        return { c, body };
      }),
    );
    // A request whose first line is in, the rest of its headers not yet.
    const late = rawConnection();
    await late.write('GET /api/public/categories HTTP/1.1\r\nHost: 127.0.0.1\r\n');

    const stopped = terminate(server);
    await until(() => server.output().includes('SIGTERM: shutting down'), 'the shutdown begun');
    await until(() => stream.ended(), 'the live stream ended by the server');

    for (const { c, body } of holding) await c.write(body);
    await late.write('Accept-Language: en\r\n\r\n');
    const refused = await late.answer();
    expect(refused.status).toBe(503);
    expect(refused.headers.connection).toBe('close');
    expect(refused.headers['retry-after']).toBe('5');
    expect(JSON.parse(refused.body)).toEqual({ success: false, status: false, message: 'This server is stopping. Please try again in a few seconds.', errors: {} });
    // Closed by the server after each answer: a kept-alive connection held the close for Fastify's 72 s keep-alive.
    const answers = await Promise.all(holding.map(({ c }) => c.answer()));
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(200);
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body)).toMatchObject({ success: true });
    }

    const { code, output } = await stopped;
    expect(code, output).toBe(0);
    expect(output).not.toMatch(/Cannot use a pool|"level":50|still at work/);
    expect(await storedEmails(held)).toEqual([...held].sort());
  }, 120_000);
});
