import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/** Seconds a client refused during a shutdown is told to wait: another process, or this one restarted, answers by then. */
const SHUTDOWN_RETRY_AFTER_S = 5;

export interface ShutdownDrain {
  /** Requests this app has begun and whose work is not over (answered and their connection done with, or settled after their client left). */
  inFlight(): number;
}

/**
 * A clean close (issue 26, point 7), all inside `app.close()`: server.ts calls it on SIGTERM or SIGINT,
 * then closes the database pool.
 *
 * 1. preClose: from now on a new request, on a connection kept alive from before, is answered 503 in
 *    the error envelope with `Connection: close` and Retry-After; every answer still to leave carries
 *    `Connection: close`, so no connection stays open for another request once its answer is out (a
 *    kept-alive connection would otherwise hold the server's close for Fastify's keep-alive timeout, 72 s).
 *    Live event streams end themselves in their own preClose (messages.routes.ts).
 * 2. Fastify stops listening and waits for the connections under way.
 * 3. This onClose, which runs right after that (it is registered last: onClose hooks run last
 *    registered first), waits for the requests still at work whose client left before the answer:
 *    their connection is gone, so the server's close did not wait for them, but their statements
 *    still need the pool (a registration went on hashing, then inserted into a pool already ended:
 *    "Cannot use a pool after calling end on the pool").
 * 4. The other onClose hooks: the mail worker finishes the message in hand and stops, the live
 *    listener and Redis close. Then server.ts ends the pool.
 *
 * Steps 2 and 3 together take at most `graceMs` (SHUTDOWN_GRACE_SECONDS): then the connections left
 * are cut, and requests still at work are named in the log and left to fail.
 *
 * `register` adds the hooks of steps 1 and 2, early (before the routes' own hooks); `waitOnClose`,
 * called once every other plugin is registered, adds step 3's onClose.
 */
export function registerShutdownDrain(app: FastifyInstance, graceMs: number): { drain: ShutdownDrain; waitOnClose: () => void } {
  const working = new Set<FastifyRequest>();
  /** For each request at work: tells that its answer was made (onSend). */
  const answeredOf = new WeakMap<FastifyRequest, () => void>();
  const idle: (() => void)[] = [];
  let closing = false;
  let deadline = Infinity;
  let cut: NodeJS.Timeout | undefined;

  const done = (request: FastifyRequest) => {
    if (!working.delete(request) || working.size > 0) return;
    for (const wake of idle.splice(0)) wake();
  };

  app.addHook('onRequest', async (request, reply) => {
    if (closing) throw new AppError('api.error.shutting_down', 503, { headers: { 'retry-after': String(SHUTDOWN_RETRY_AFTER_S), connection: 'close' } });
    working.add(request);
    let answered = false;
    let closed = false;
    answeredOf.set(request, () => {
      answered = true;
      if (closed) done(request);
    });
    // The answer is out and its connection done with (`sent`: ended, or taken over by a live stream that has
    // now ended), or the client left first: then the request is over once its answer was made (onSend).
    reply.raw.once('close', () => {
      closed = true;
      if (answered || reply.sent) done(request);
    });
  });
  app.addHook('onSend', async (request, reply) => {
    if (closing) reply.header('connection', 'close');
    answeredOf.get(request)?.();
  });
  app.addHook('preClose', async () => {
    closing = true;
    deadline = Date.now() + graceMs;
    // Past the grace, the connections still open are cut: the server's close stops waiting for them.
    cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
    cut.unref();
  });

  const waitOnClose = () => {
    app.addHook('onClose', async () => {
      const left = deadline - Date.now();
      if (working.size > 0 && left > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          idle.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      clearTimeout(cut);
      if (working.size > 0) {
        app.log.error({ requests: [...working].map((r) => `${r.method} ${r.url}`) }, `shutdown: ${working.size} requests still at work after the grace (SHUTDOWN_GRACE_SECONDS): cut`);
      }
    });
  };
  return { drain: { inFlight: () => working.size }, waitOnClose };
}
