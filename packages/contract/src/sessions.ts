import { z } from 'zod';
import { envelope } from './envelope';
import { ROLES, type RouteDef } from './route-def';

/** The spec's session (section 3): what login and refresh return. */
export const session = z.object({
  email: z.string(),
  token: z.string().describe('Short-lived access token (JWT, bearer)'),
  localId: z.string().describe('The user id'),
  expiresIn: z.number().int().describe('Seconds until the access token expires'),
  refreshToken: z.string().describe('Single-use refresh token; rotated on every refresh'),
  message: z.string(),
  role: z.enum(ROLES),
});
export type Session = z.infer<typeof session>;

export const refreshBody = z.strictObject({ refreshToken: z.string().min(1).max(200) });

export const sessionRoutes = {
  refresh: {
    method: 'POST', path: '/api/auth/refresh', access: 'public', errors: [401], tags: ['session'], rateLimit: 'login',
    summary: 'Exchange a refresh token for a new session; a reused refresh token revokes its whole family',
    body: refreshBody, response: envelope(session),
  },
} satisfies Record<string, RouteDef>;
