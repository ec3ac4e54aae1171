import type { FastifyInstance } from 'fastify';
import { certificateRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { certificatePdf, verifyCertificate } from './certificates.service';

export function certificatesModule(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, certificateRoutes.verify, async ({ params }) => ({ data: await verifyCertificate(ctx, params.code) }));
  addRoute(app, ctx, certificateRoutes.pdf, async ({ params, reply }) => {
    const { code, pdf } = await certificatePdf(ctx, params.code);
    return reply
      .headers({
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="nibras-certificate-${code}.pdf"`,
        'content-security-policy': "default-src 'none'; sandbox",
        'x-content-type-options': 'nosniff',
        // The holder's name is in it: shared caches keep nothing.
        'cache-control': 'private, no-cache',
      })
      .send(pdf);
  });
}
