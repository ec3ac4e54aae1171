import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { canTranscode, createVideoWorker } from './video.service';

/**
 * The video area has no routes yet (the course builder shows a lecture's streaming state in step 4). This starts
 * VIDEO_WORKERS workers when the server is ready, if ffmpeg runs here, and stops them when it closes: a job in hand goes
 * back to the queue. The tests start their own (VIDEO_WORKERS is 0 under NODE_ENV=test).
 */
export function videoModule(app: FastifyInstance, ctx: AppContext) {
  const count = ctx.config.video.workers;
  if (count === 0) return;
  const log = (level: 'info' | 'warn' | 'error', message: string, detail?: unknown) => app.log[level]({ err: detail }, message);
  const workers = Array.from({ length: count }, () => createVideoWorker(ctx, { log }));
  app.addHook('onReady', async () => {
    if (!(await canTranscode(ctx))) {
      app.log.warn(`video: ${ctx.config.video.ffmpeg} does not run here, so no streaming ladders are made (lectures play as uploaded); install Debian's ffmpeg (docs/video.md)`);
      return;
    }
    ctx.video.wake = () => workers.forEach((w) => w.wake());
    workers.forEach((w) => w.start());
  });
  app.addHook('onClose', async () => {
    ctx.video.wake = () => undefined;
    await Promise.all(workers.map((w) => w.stop()));
  });
}
