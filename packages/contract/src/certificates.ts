import { z } from 'zod';
import { COURSE_LANGUAGES } from './catalog';
import { envelope } from './envelope';
import type { RouteDef } from './route-def';

export const certificateLink = z.object({ code: z.string(), url: z.string() });

export const certificateView = z.object({
  code: z.string(),
  participantName: z.string(),
  courseTitle: z.string(),
  courseLanguage: z.enum(COURSE_LANGUAGES),
  instructorName: z.string(),
  issuedAt: z.string(),
});

const certificateCode = z.strictObject({ code: z.string().min(4).max(40) });

export const certificateRoutes = {
  verify: {
    method: 'GET', path: '/api/public/certificate/:code', access: 'public', errors: [404], tags: ['certificates'],
    summary: 'Verify a certificate by its code', params: certificateCode, response: envelope(certificateView),
  },
  // Public like the verification: the code (about 60 bits) is the secret; an unknown code is a 404 in the envelope.
  pdf: {
    method: 'GET', path: '/api/public/certificate/:code/pdf', access: 'public', errors: [404], tags: ['certificates'],
    summary: 'Download a certificate as a PDF (A4, in the language of the course)', params: certificateCode,
    file: { types: ['application/pdf'], ranges: false },
  },
} satisfies Record<string, RouteDef>;
