import { randomUUID } from 'node:crypto';
import type { Role, Session } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { addressKey, failureBudget } from '../../lib/failure-budget';
import { hashToken, newRefreshToken, type AccessClaims } from '../../lib/tokens';
import type { AppContext } from '../../context';
import { findRefreshToken, findSessionWithUser, insertSession, revokeAllSessions, revokeOtherSessions, revokeSession, rotateRefreshToken } from './sessions.queries';

interface SessionUser {
  id: number;
  role: Role;
  email: string;
}

async function issue(ctx: AppContext, user: SessionUser, sessionId: string, refreshToken: string, message: string): Promise<Session> {
  const token = await ctx.tokens.sign({ userId: user.id, role: user.role, sessionId });
  return { email: user.email, token, localId: String(user.id), expiresIn: ctx.tokens.accessTtl, refreshToken, message, role: user.role };
}

export async function startSession(ctx: AppContext, user: SessionUser, message: string): Promise<Session> {
  const id = randomUUID();
  const refreshToken = newRefreshToken();
  const expiresAt = new Date(Date.now() + ctx.config.refreshTokenTtl * 1000);
  await insertSession(ctx.db, { id, userId: user.id, expiresAt, tokenHash: hashToken(refreshToken) });
  return issue(ctx, user, id, refreshToken, message);
}

/**
 * Rotation with reuse detection: a refresh token works once. Presenting one that was
 * already used means it leaked, so the whole session (every token descended from the
 * same login) is revoked. Failed refreshes count against the address like failed logins
 * (the same counter), so the endpoint is no oracle for guessing tokens.
 */
export async function refreshSession(ctx: AppContext, ip: string, refreshToken: string, message: string): Promise<Session> {
  const budget = failureBudget(ctx.limiter, [[addressKey(ip), ctx.config.rateLimits.loginFailuresPerAddress]]);
  budget.assertOpen();
  const refused = (key: string) => {
    budget.failed();
    return new AppError(key, 401);
  };
  const row = await findRefreshToken(ctx.db, hashToken(refreshToken));
  if (!row || row.revokedAt || row.deactivatedAt || row.expiresAt.getTime() <= Date.now()) throw refused('api.auth.refresh_invalid');
  const next = newRefreshToken();
  const rotated = !row.usedAt && (await rotateRefreshToken(ctx.db, row.tokenId, row.sessionId, hashToken(next)));
  if (!rotated) {
    await revokeSession(ctx.db, row.sessionId);
    throw refused('api.auth.refresh_reused');
  }
  return issue(ctx, { id: row.userId, role: row.role, email: row.email }, row.sessionId, next, message);
}


/**
 * The account behind a verified access token, while its session is live, the role unchanged and
 * the account not deactivated (deactivation also revokes its sessions; this covers a login that
 * raced it); null otherwise.
 */
export async function sessionUser(ctx: AppContext, claims: AccessClaims) {
  const row = await findSessionWithUser(ctx.db, claims.sessionId, claims.userId);
  if (!row || row.revokedAt || row.deactivatedAt || row.expiresAt.getTime() <= Date.now() || row.role !== claims.role) return null;
  return { id: claims.userId, role: claims.role, sessionId: claims.sessionId, email: row.email, name: row.name };
}

/** Logout: this session and every refresh token of it stop working at once. */
export function endSession(ctx: AppContext, sessionId: string) {
  return revokeSession(ctx.db, sessionId);
}

/** After a password change: every other session of the account ends; the one that changed it stays. */
export function endOtherSessions(ctx: AppContext, userId: number, keepSessionId: string) {
  return revokeOtherSessions(ctx.db, userId, keepSessionId);
}

/** A deactivated account, a password an admin replaced, or a password reset: every session and refresh token ends. */
export function endAllSessions(ctx: AppContext, userId: number) {
  return revokeAllSessions(ctx.db, userId);
}
