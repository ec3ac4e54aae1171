import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '@nibras/contract';
import { loadConfig, type Config } from '../src/config';
import { buildApp, type AppDeps } from '../src/app';
import { migrateDatabase, openDatabase, type Database } from '../src/db/client';
import { insertUser } from '../src/modules/accounts/accounts.queries';
import { hash, type Options } from '@node-rs/argon2';
import { hashPassword } from '../src/lib/passwords';
import { TEMPLATE_ENV } from './global-setup';
import { started } from './running';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

let shared: Promise<Database> | undefined;

/**
 * One database per worker: PGlite in memory, a copy of the run's migrated template when
 * global-setup made one, or TEST_DATABASE_URL (migrated once in global-setup). Tests isolate
 * themselves by data (unique emails), never by new databases.
 */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) return openDatabase({ url });
    const template = process.env[TEMPLATE_ENV];
    if (template) return openDatabase({ template: new Blob([readFileSync(template)]) });
    const database = await openDatabase({});
    await migrateDatabase(database);
    return database;
  })();
  return shared;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  // No mail worker in test apps: the mail tests start their own, against a real SMTP server.
  return { ...base, webDist: undefined, mail: { ...base.mail, worker: false }, ...overrides };
}

/** "METHOD /path -> status" answers that the route's contract entry does not list; checked after every test file (statuses.setup.ts). */
export const undocumentedStatuses = new Set<string>();

/** What a test may give the app besides settings: a clock of its own (AppContext.now). */
export type TestDeps = Pick<AppDeps, 'now'>;

export async function buildTestApp(overrides: Partial<Config> = {}, deps: TestDeps = {}): Promise<FastifyInstance> {
  const database = await testDatabase();
  const app = await buildApp(testConfig(overrides), {
    ...deps,
    db: database.db,
    jwtSecret: TEST_JWT_SECRET,
    onUndocumentedStatus: (route, status) => {
      undocumentedStatuses.add(`${route} -> ${status}`);
      if (process.env.STATUS_LOG) appendFileSync(process.env.STATUS_LOG, `${route} -> ${status}\n`);
    },
  });
  // Recorded in running.ts until closed: a test that stops before closing its app does not leave it open.
  const forget = started('an app of buildTestApp', () => app.close());
  app.addHook('onClose', async () => {
    forget();
  });
  await app.ready();
  return app;
}

let counter = 0;
/** A unique address for this test run, so tests never collide on shared data. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}${randomBytes(3).toString('hex')}@test.example`;
}

/** A unique client address: rate limits are per address, so each test gets its own. */
export function uniqueIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export const GOOD_PASSWORD = 'Lantern-river-93';
/**
 * The test accounts' usual password, hashed once with argon2id at the smallest cost (64 KiB, one pass)
 * instead of the app's (19 MiB, two passes). A hash carries its own cost, so every sign-in of these
 * accounts verifies in well under a millisecond instead of about 24 ms of CPU: tests sign in thousands
 * of times. The app's own hashing (sign-up, password changes, the unknown-email dummy) is untouched, and
 * accounts.test.ts checks the cost of the hashes it stores.
 */
const TEST_HASH_COST: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 64, timeCost: 1, parallelism: 1 };
let goodHash: Promise<string> | undefined;

export async function createUser(role: Role, opts: { email?: string; name?: string; password?: string } = {}) {
  const database = await testDatabase();
  const password = opts.password ?? GOOD_PASSWORD;
  const passwordHash = password === GOOD_PASSWORD ? await (goodHash ??= hash(GOOD_PASSWORD, TEST_HASH_COST)) : await hashPassword(password);
  const user = await insertUser(database.db, { role, name: opts.name ?? `Test ${role}`, email: opts.email ?? uniqueEmail(role), passwordHash });
  return { ...user, password };
}

export function loginPath(role: Role) {
  return `/api/${role}/login`;
}

export async function loginAs(app: FastifyInstance, role: Role, email: string, password = GOOD_PASSWORD) {
  const res = await app.inject({ method: 'POST', url: loginPath(role), remoteAddress: uniqueIp(), payload: { email, password, returnSecureToken: true } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { token: string; refreshToken: string; localId: string; expiresIn: number; email: string };
}

/** A fresh account of the role, signed in. */
export async function signedIn(app: FastifyInstance, role: Role) {
  const user = await createUser(role);
  const session = await loginAs(app, role, user.email);
  return { user, session, auth: { authorization: `Bearer ${session.token}` } };
}

export function inject(app: FastifyInstance, opts: InjectOptions) {
  return app.inject({ remoteAddress: uniqueIp(), ...opts });
}

type Headers = Record<string, string>;

export interface ApiSuite {
  /** The file's app: built before its first test, closed after its last. */
  readonly app: FastifyInstance;
  /** The app's data folder (DATA_DIR), made for the file and removed after it, when asked with `ownDataDir`. */
  readonly dataDir: string;
  /** A request to the app from an address of its own (rate limits are per address). */
  inject: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  get: (url: string, headers?: Headers) => Promise<LightMyRequestResponse>;
  post: (url: string, payload?: InjectOptions['payload'], headers?: Headers) => Promise<LightMyRequestResponse>;
}

export interface ApiSuiteOptions {
  /** Settings over testConfig(): a value, or a function called when the app is built (after the file's earlier beforeAll hooks). */
  config?: Partial<Config> | (() => Partial<Config> | Promise<Partial<Config>>);
  /** A data folder of the file's own (uploads, the outbox), with this prefix in the temp folder: made at once, removed after the file. */
  ownDataDir?: string;
  /** The app's clock (AppContext.now). */
  now?: () => number;
}

/**
 * The one set-up of an API test file: `const suite = apiSuite()` at the top builds the app before the
 * file's tests and closes it after them (removing its own data folder, if it made one), and gives
 * requests to it. Hooks registered before the call run before the app is built, and are undone after
 * it is closed.
 */
export function apiSuite(options: ApiSuiteOptions = {}): ApiSuite {
  let app: FastifyInstance | undefined;
  // Made at once, so the file may fill it before or after the app is built.
  const dataDir = options.ownDataDir ? mkdtempSync(path.join(tmpdir(), options.ownDataDir)) : undefined;
  beforeAll(async () => {
    const config = typeof options.config === 'function' ? await options.config() : options.config;
    app = await buildTestApp({ ...(dataDir ? { dataDir } : {}), ...config }, { now: options.now });
  });
  afterAll(async () => {
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const built = () => {
    if (!app) throw new Error('the suite\'s app is built in beforeAll: use it inside hooks and tests');
    return app;
  };
  return {
    get app() {
      return built();
    },
    get dataDir() {
      if (!dataDir) throw new Error('this suite has no data folder of its own (ownDataDir)');
      return dataDir;
    },
    inject: (opts) => inject(built(), opts),
    get: (url, headers = {}) => inject(built(), { method: 'GET', url, headers }),
    post: (url, payload, headers = {}) => inject(built(), { method: 'POST', url, headers, payload }),
  };
}
