import { z } from 'zod';
import { envelope } from './envelope';
import { session } from './sessions';
import type { RouteDef } from './route-def';

/** Which third-party sign-ins this server offers: the sign-in screens show a button for each. */
export const authProviders = z.object({
  google: z.boolean().describe('Google sign-in is configured (OIDC_CLIENT_ID is set)'),
});
export type AuthProviders = z.infer<typeof authProviders>;

export const googleLoginQuery = z.object({
  return: z.string().optional().describe('Where to go once signed in: a same-site path; anything else falls back to the dashboard'),
  lang: z.string().optional().describe('`ar` or `en`: the language of a new account\'s mail (default: Accept-Language)'),
});

export const googleCallbackQuery = z.object({
  code: z.string().optional().describe('The authorization code'),
  state: z.string().optional(),
  error: z.string().optional().describe('Set by the provider when the person cancelled or it refused'),
});

export const handoffBody = z.strictObject({ code: z.string().min(1).max(2000) });

/** The error codes a failed Google sign-in brings back to the login screen (`?google_error=`). */
export const GOOGLE_ERRORS = ['failed', 'cancelled', 'expired', 'email_unverified', 'email_missing', 'linked_elsewhere', 'account_disabled'] as const;
export type GoogleError = (typeof GOOGLE_ERRORS)[number];

function googleRoutes<R extends 'participant' | 'instructor'>(role: R) {
  const tags = ['google sign-in'];
  return {
    login: {
      method: 'GET', path: `/api/${role}/google/login`, access: 'public', redirect: true, errors: [404], tags, query: googleLoginQuery,
      summary: `Start signing in as ${role} with Google: 302 to Google's consent screen (404 when Google sign-in is not configured)`,
    },
    callback: {
      method: 'GET', path: `/api/${role}/auth/google/call-back`, access: 'public', redirect: true, errors: [404], tags, query: googleCallbackQuery,
      summary: `Google's answer: 302 to the web app's /${role}/google/login with a one-time hand-off code, or to /${role}/login?google_error=<code>`,
    },
  } satisfies Record<string, RouteDef>;
}

export const participantGoogleRoutes = googleRoutes('participant');
export const instructorGoogleRoutes = googleRoutes('instructor');

export const authProviderRoutes = {
  providers: {
    method: 'GET', path: '/api/auth/providers', access: 'public', tags: ['google sign-in'],
    summary: 'The third-party sign-ins offered (no secrets)', response: envelope(authProviders),
  },
  handoff: {
    method: 'POST', path: '/api/auth/handoff', access: 'public', errors: [401], tags: ['google sign-in'], rateLimit: 'login',
    summary: 'Exchange the one-time code of a third-party sign-in (valid 60 seconds, once) for a session',
    body: handoffBody, response: envelope(session),
  },
} satisfies Record<string, RouteDef>;
