import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AnswerWriter } from './answers';

/** An app with one trusted and one ordinary route, both answering `data` under a schema of { id, name }. */
async function appAnswering(check: boolean, data: unknown) {
  const app = Fastify();
  const writer = new AnswerWriter(check);
  app.setSerializerCompiler(writer.compiler);
  const schema = { response: { 200: z.object({ id: z.number(), name: z.string() }) } };
  writer.trust('GET', '/trusted');
  app.get('/trusted', { schema }, async () => data);
  app.get('/checked', { schema }, async () => data);
  await app.ready();
  return app;
}

describe('trusted answers (issue 26, point 4)', () => {
  it('are written as they are outside the tests, while other routes are encoded through their schema', async () => {
    const app = await appAnswering(false, { id: 1, name: 'x', extra: 'kept' });
    expect((await app.inject({ url: '/trusted' })).json()).toEqual({ id: 1, name: 'x', extra: 'kept' });
    // An ordinary route drops what its contract does not name.
    expect((await app.inject({ url: '/checked' })).json()).toEqual({ id: 1, name: 'x' });
  });

  it('under CHECK_RESPONSES must be exactly the contract shape: an extra or wrong field fails the request, naming the route', async () => {
    const exact = await appAnswering(true, { id: 1, name: 'x' });
    expect((await exact.inject({ url: '/trusted' })).json()).toEqual({ id: 1, name: 'x' });
    const extra = await appAnswering(true, { id: 1, name: 'x', email: 'leak@example.com' });
    const leaked = await extra.inject({ url: '/trusted' });
    expect(leaked.statusCode).toBe(500);
    expect(leaked.body).not.toContain('leak@example.com');
    const wrong = await appAnswering(true, { id: '1', name: 'x' });
    expect((await wrong.inject({ url: '/trusted' })).statusCode).toBe(500);
  });
});
