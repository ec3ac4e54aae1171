import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@nibras/contract';
import type { Config } from '../../../api/src/config';
import { buildApp } from '../../../api/src/app';
import { createUser, GOOD_PASSWORD, TEST_JWT_SECRET, testConfig, testDatabase, uniqueEmail } from '../../../api/test/harness';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  close: () => Promise<void>;
}

/**
 * The real API serving the built web app, on PGlite or TEST_DATABASE_URL, on a free port.
 * Every browser test talks to 127.0.0.1, so the per-address limits are raised; the limits
 * themselves are the API's tests' business.
 */
export async function startServer(overrides: Partial<Config> = {}, port = 0): Promise<TestServer> {
  // Without the build every page is blank and each test would wait out its timeout.
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`${WEB_DIST}/index.html is missing: npm test builds the web app first; alone, run npm run build:web`);
  const database = await testDatabase();
  const base = testConfig();
  const config = testConfig({
    webDist: WEB_DIST,
    rateLimits: { ...base.rateLimits, loginFailuresPerAddress: 10_000, loginFailuresPerAccount: 10_000, registerPerAddress: 10_000 },
    ...overrides,
  });
  const app = await buildApp(config, { db: database.db, jwtSecret: TEST_JWT_SECRET });
  // A fixed port when the server must know its own address first (PUBLIC_URL in a Google sign-in's redirect_uri).
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return { app, baseUrl: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

export interface LoginData {
  email: string;
  token: string;
  localId: string;
  expiresIn: number;
  refreshToken: string;
  message: string;
  role: Role;
}

export interface TestAccount {
  email: string;
  name: string;
  password: string;
}

/** A fresh account of the role; unique data keeps tests independent on a shared database. */
export async function newAccount(role: Role, name = `Test ${role} ${Math.random().toString(36).slice(2, 7)}`): Promise<TestAccount> {
  const user = await createUser(role, { email: uniqueEmail(`web-${role}`), name });
  return { email: user.email, name, password: GOOD_PASSWORD };
}

/** Signs in through the API itself, for tests about what the browser does with a session. */
export async function apiLogin(server: TestServer, role: Role, account: TestAccount): Promise<LoginData> {
  const response = await fetch(`${server.baseUrl}/api/${role}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: LoginData }).data;
}

/**
 * Waits until the server's category name list, cached for a few seconds (categories.service.ts),
 * includes a category the test wrote straight to the database, before a screen offers it.
 */
export async function categoryListed(server: TestServer, categoryId: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(`${server.baseUrl}/api/category/namelist`);
    const names = ((await response.json()) as { data: { id: number }[] }).data;
    if (names.some((category) => category.id === categoryId)) return;
    if (Date.now() > deadline) throw new Error(`category ${categoryId} never appeared in the name list`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
