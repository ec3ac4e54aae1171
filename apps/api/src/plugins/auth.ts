import type { FastifyRequest } from 'fastify';
import type { Access, Role } from '@nibras/contract';
import { AppError } from '../lib/app-error';
import { sessionUser } from '../modules/sessions/sessions.service';
import type { AppContext } from '../context';

export interface RequestUser {
  id: number;
  role: Role;
  sessionId: string;
  email: string;
  name: string;
}

const unauthorized = (code: string) => new AppError(code, 401, { headers: { 'www-authenticate': 'Bearer' } });

/** Bearer token -> the signed-in user, or 401. The session row decides: logout revokes at once. */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<RequestUser> {
  const header = request.headers.authorization;
  if (!header || !/^Bearer\s+\S+$/i.test(header)) throw unauthorized('api.auth.required');
  const claims = await ctx.tokens.verify(header.replace(/^Bearer\s+/i, ''));
  if (!claims) throw unauthorized('api.auth.invalid_token');
  const user = await sessionUser(ctx, claims);
  if (!user) throw unauthorized('api.auth.session_ended');
  return user;
}

/** 401 without a valid session, 403 with another role's. */
export async function requireAccess(ctx: AppContext, request: FastifyRequest, access: Access): Promise<RequestUser | null> {
  if (access === 'public') return null;
  const user = await authenticate(ctx, request);
  if (user.role !== access) throw new AppError('api.auth.wrong_role', 403);
  return user;
}

/**
 * Public routes that say more to a signed-in participant (course details: enrolled? wishlisted?).
 * A missing, bad or other-role token is simply anonymous: the public answer is never refused.
 */
export async function optionalUser(ctx: AppContext, request: FastifyRequest, role: Role): Promise<RequestUser | null> {
  if (!request.headers.authorization) return null;
  try {
    const user = await authenticate(ctx, request);
    return user.role === role ? user : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in user of any role, or null: no token, or one that is forged, expired or of an ended
 * session. For what a public route counts per account (searches, plugins/route.ts): a bad token is
 * just anonymous, so it cannot open a budget of its own.
 */
export async function signedInUser(ctx: AppContext, request: FastifyRequest): Promise<RequestUser | null> {
  if (!request.headers.authorization) return null;
  try {
    return await authenticate(ctx, request);
  } catch {
    return null;
  }
}
