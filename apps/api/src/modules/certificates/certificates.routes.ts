import type { FastifyInstance } from 'fastify';
import { learnRoutes } from '@nibras/contract';
import type { AppContext } from '../../context';
import { renderCertificatePdf } from '../../lib/certificate-pdf';
import { verifyCertificate } from '../learn/learn.service';

/**
 * The certificate as a PDF, in the course's language. Public like the verification call:
 * the code (about 60 bits) is the secret, and an unknown code is a 404 in the envelope.
 */
export function certificatesModule(app: FastifyInstance, ctx: AppContext) {
  app.route({
    method: 'GET',
    url: '/api/public/certificate/:code/pdf',
    config: { access: 'public' },
    schema: {
      summary: 'Download a certificate as a PDF (A4, in the language of the course)',
      tags: ['learning'],
      params: learnRoutes.certificate.params,
    },
    handler: async (request, reply) => {
      const certificate = await verifyCertificate(ctx, (request.params as { code: string }).code);
      const pdf = await renderCertificatePdf({
        code: certificate.code,
        participantName: certificate.participantName,
        courseTitle: certificate.courseTitle,
        instructorName: certificate.instructorName,
        issuedAt: new Date(certificate.issuedAt),
        language: certificate.courseLanguage,
        verifyUrl: `${ctx.config.publicUrl.replace(/\/+$/, '')}/certificate/${certificate.code}`,
      });
      return reply
        .headers({
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="nibras-certificate-${certificate.code}.pdf"`,
          'content-security-policy': "default-src 'none'; sandbox",
          'x-content-type-options': 'nosniff',
          // The holder's name is in it: shared caches keep nothing.
          'cache-control': 'private, no-cache',
        })
        .send(pdf);
    },
  });
}
