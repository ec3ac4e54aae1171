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
  }
  interface FastifyInstance {
    /** Every API route with who may call it: the authorization matrix test walks this. */
    apiRoutes: { method: string; url: string; access: Access }[];
  }
}
