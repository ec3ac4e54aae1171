import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { createMailWorker } from './mail.service';

/**
 * The mail area has no routes: other modules call enqueueMail (mail.service.ts). This starts the
 * sending worker when the server is ready and stops it when the server closes (graceful shutdown),
 * unless MAIL_WORKER=false (the API tests start their own workers).
 */
export function mailModule(app: FastifyInstance, ctx: AppContext) {
  if (!ctx.config.mail.worker) return;
  const worker = createMailWorker(ctx, {
    log: (level, message, detail) => {
      // The .eml links of the default transport are for whoever started the server: always shown.
      if (level === 'info') {
        if (ctx.config.env !== 'test') console.log(message);
      } else app.log[level]({ err: detail }, message);
    },
  });
  app.addHook('onReady', async () => {
    ctx.mail.wake = () => worker.wake();
    worker.start();
  });
  app.addHook('onClose', async () => {
    ctx.mail.wake = () => undefined;
    await worker.stop();
  });
}
