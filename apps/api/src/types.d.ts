import type { AnswerWriter } from './plugins/answers';
import type { z } from 'zod';
import type { Access } from '@nibras/contract';
import type { Language } from './lib/i18n';
import type { RequestUser } from './plugins/auth';

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
    lang: Language;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** A multipart upload: its text fields, for the OpenAPI document (app.ts). */
    upload?: { fields: z.ZodObject | undefined };
  }
  interface FastifyInstance {
    /** Every API route with who may call it: the authorization matrix test walks this. */
    apiRoutes: { method: string; url: string; access: Access }[];
    /** How JSON answers are written: checked against the contract, or trusted (plugins/answers.ts). */
    answerWriter: AnswerWriter;
  }
}
