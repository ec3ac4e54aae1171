import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../test/harness';

/**
 * Issue 25, point 4: a body that trickles in is cut off (plugins/slow-bodies.ts). The window is made
 * short here (200 ms, 64 bytes) so the test sees the cut at once; production's is 10 s and 1 KB.
 */
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await buildTestApp({ slowBodies: { windowMs: 200, minBytes: 64 } });
  port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(() => app.close());

/** A login whose JSON body is sent `chunk` bytes at a time, a chunk every `everyMs`: the status answered and whether the server closed the connection. */
function trickle(chunk: number, everyMs: number): Promise<{ status: number; body: string; closedByServer: boolean }> {
  const body = Buffer.from(JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1', returnSecureToken: true }));
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(`POST /api/participant/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\naccept-language: en\r\ncontent-length: ${body.length}\r\n\r\n`);
      timer = setInterval(() => {
        if (sent >= body.length) return clearInterval(timer);
        socket.write(body.subarray(sent, sent + chunk));
        sent += chunk;
      }, everyMs);
    });
    const closed = () => {
      clearInterval(timer);
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 0);
      resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4), closedByServer: true });
    };
    socket.on('data', (d) => (answer += d.toString()));
    // A byte written after the server closed the connection can come back as a reset instead of an end: once the
    // 408 has arrived, that too is the server closing it.
    socket.on('error', (error) => (/^HTTP\/1\.1 408/.test(answer) ? closed() : reject(error)));
    socket.on('end', closed);
    // A body that went through is answered on a kept-alive connection: the test ends it.
    socket.on('data', () => {
      if (/\r\n\r\n\{.*\}$/s.test(answer) && !/^HTTP\/1\.1 408/.test(answer)) {
        clearInterval(timer);
        socket.destroy();
        resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 0), body: answer.slice(answer.indexOf('\r\n\r\n') + 4), closedByServer: false });
      }
    });
  });
}

describe('request bodies that trickle in (issue 25, point 4)', () => {
  it('answers 408 and closes the connection when a body comes a byte at a time', async () => {
    const cut = await trickle(1, 20);
    expect(cut.status).toBe(408);
    expect(cut.closedByServer).toBe(true);
    expect(JSON.parse(cut.body)).toEqual({ success: false, status: false, message: 'The request arrived too slowly and was stopped. Please check your connection and try again.', errors: {} });
  });

  it('lets a body that keeps coming at the minimum rate through to its route', async () => {
    const steady = await trickle(40, 50);
    expect(steady.status).toBe(401);
  });
});
