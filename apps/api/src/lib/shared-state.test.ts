import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createUser, uniqueIp } from '../../test/harness';

/** A port nothing listens on: a Redis that is down. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe('REDIS_URL set but Redis down', () => {
  it('still answers: failed logins are limited in this process (401s, then 429), and public reads are served', async () => {
    const port = await closedPort();
    const app = await buildTestApp({ redis: { url: `redis://127.0.0.1:${port}`, prefix: 'nibras-down:' } });
    try {
      const user = await createUser('participant');
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const res = await app.inject({ method: 'POST', url: '/api/participant/login', remoteAddress: ip, payload: { email: user.email, password: 'wrong-password-1' } });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      const ok = await app.inject({ method: 'POST', url: '/api/participant/login', remoteAddress: uniqueIp(), payload: { email: user.email, password: user.password } });
      expect(ok.statusCode).toBe(200);
      for (let i = 0; i < 2; i += 1) expect((await app.inject({ method: 'GET', url: '/api/public/home' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/category/namelist' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
