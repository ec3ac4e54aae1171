import type { FastifyInstance } from 'fastify';
import { translate } from '../lib/i18n';

/**
 * A request body that trickles in (a byte now and then, or nothing more after half of it) holds its
 * connection and a parser for as long as the client likes: one did for over 120 s. Every body must
 * keep arriving: at least `minBytes` in every `windowMs` (1 KB in 10 s by default: BODY_MIN_BYTES_PER_WINDOW,
 * BODY_WINDOW_SECONDS) until it is complete, or the answer is 408 and the connection is closed. A whole
 * timeout would not do: a large video over a slow line takes minutes, but it never stops coming.
 * Measured on the socket (bytes read), so nothing here reads the body itself.
 */
export function registerSlowBodyLimit(app: FastifyInstance, limits: { windowMs: number; minBytes: number }): void {
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    const hasBody = Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined;
    if (!hasBody || raw.complete) return;
    const socket = raw.socket;
    // Only a real connection can trickle (an injected request's stand-in socket counts no bytes and cannot be closed).
    if (typeof socket?.bytesRead !== 'number' || typeof socket.destroy !== 'function') return;
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) return clearInterval(timer);
      const read = socket.bytesRead;
      const arrived = read - seen;
      seen = read;
      if (arrived >= limits.minBytes) return;
      // The server itself not reading (storage slower than the line: backpressure) is not the client's slowness.
      if (raw.isPaused() || raw.readableLength >= raw.readableHighWaterMark) return;
      clearInterval(timer);
      request.log.warn({ url: request.url, arrived, windowMs: limits.windowMs }, 'request body too slow: connection closed');
      if (!reply.raw.headersSent) {
        const body = JSON.stringify({ success: false, status: false, message: translate(request.lang, 'api.error.body_too_slow'), errors: {} });
        reply.raw.writeHead(408, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
        reply.raw.end(body, () => socket.destroy());
      } else socket.destroy();
    }, limits.windowMs);
    timer.unref();
    raw.once('end', () => clearInterval(timer));
    raw.once('close', () => clearInterval(timer));
  });
}
