import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { until } from './until';

/**
 * An upload whose client goes away half-way: the request head and half the body over a raw socket to
 * the app (listening on a free port), then, once the server has begun to store the file (`storing()`),
 * the connection is dropped. Resolves when the socket is closed.
 */
export async function uploadCutOffHalfWay(
  app: FastifyInstance,
  request: { url: string; headers: Record<string, string>; payload: Buffer },
  storing: () => boolean,
): Promise<void> {
  const { port } = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
  const socket = connect(Number(port), '127.0.0.1');
  const closed = new Promise<void>((resolve) => {
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const head = Object.entries({ host: '127.0.0.1', ...request.headers, 'content-length': String(request.payload.length) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`POST ${request.url} HTTP/1.1\r\n${head}\r\n`);
  socket.write(request.payload.subarray(0, Math.floor(request.payload.length / 2)));
  try {
    await until(storing, 'the server began to store the upload');
  } finally {
    socket.destroy();
  }
  await closed;
}
