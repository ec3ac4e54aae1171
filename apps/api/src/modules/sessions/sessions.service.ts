import { randomUUID } from 'node:crypto';
import type { Role, Session } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { addressKey, failureBudget } from '../../lib/failure-budget';
import { hashToken, newRefreshToken, type AccessClaims } from '../../lib/tokens';
import type { AppContext } from '../../context';
import { presentSession } from './sessions.presenter';
import { findRefreshToken, findSessionWithUser, insertSession, revokeAllSessions, revokeOtherSessions, revokeSession, rotateRefreshToken } from './sessions.queries';

export { SESSION_CHANNEL } from './sessions.queries';

interface SessionUser {
  id: number;
  role: Role;
  email: string;
}

async function issue(ctx: AppContext, user: SessionUser, sessionId: string, refreshToken: string, message: string): Promise<Session> {
  const token = await ctx.tokens.sign({ userId: user.id, role: user.role, sessionId });
  return presentSession(user, { token, expiresIn: ctx.tokens.accessTtl, refreshToken }, message);
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
  await budget.assertOpen();
  const refused = async (key: string) => {
    await budget.failed();
    return new AppError(key, 401);
  };
  const row = await findRefreshToken(ctx.db, hashToken(refreshToken));
  if (!row || row.revokedAt || row.deactivatedAt || row.expiresAt.getTime() <= Date.now()) throw await refused('api.auth.refresh_invalid');
  const next = newRefreshToken();
  const rotated = !row.usedAt && (await rotateRefreshToken(ctx.db, row.tokenId, row.sessionId, hashToken(next)));
  if (!rotated) {
    await revokeSession(ctx.db, row.sessionId);
    throw await refused('api.auth.refresh_reused');
  }
  return issue(ctx, { id: row.userId, role: row.role, email: row.email }, row.sessionId, next, message);
}

/** How long the one-time code of a third-party sign-in may wait for the web app to exchange it. */
export const HANDOFF_TTL_SECONDS = 60;

/**
 * A sign-in that happened in a browser redirect (Google, modules/google): the session starts
 * here, but its first refresh token is never shown. The web app gets a code signed for 60
 * seconds that names the token by its hash; exchanging it rotates that token, so it works once
 * (a second exchange finds it used and revokes the whole session, as a reused refresh token does).
 */
export async function startHandoffSession(ctx: AppContext, user: SessionUser): Promise<string> {
  const id = randomUUID();
  const tokenHash = hashToken(newRefreshToken());
  const expiresAt = new Date(Date.now() + ctx.config.refreshTokenTtl * 1000);
  await insertSession(ctx.db, { id, userId: user.id, expiresAt, tokenHash });
  return ctx.tokens.signRaw({ typ: 'handoff', sid: id, uid: user.id, role: user.role, th: tokenHash }, HANDOFF_TTL_SECONDS);
}

/** The session a hand-off code names, once; failures count against the address like failed logins. */
export async function exchangeHandoff(ctx: AppContext, ip: string, code: string, message: string): Promise<Session> {
  const budget = failureBudget(ctx.limiter, [[addressKey(ip), ctx.config.rateLimits.loginFailuresPerAddress]]);
  await budget.assertOpen();
  const refused = async () => {
    await budget.failed();
    return new AppError('api.auth.handoff_invalid', 401);
  };
  const claims = await ctx.tokens.verifyRaw(code);
  if (!claims || claims.typ !== 'handoff' || typeof claims.th !== 'string' || typeof claims.sid !== 'string') throw await refused();
  const row = await findRefreshToken(ctx.db, claims.th);
  if (!row || row.sessionId !== claims.sid || row.userId !== claims.uid || row.role !== claims.role) throw await refused();
  if (row.revokedAt || row.deactivatedAt || row.expiresAt.getTime() <= Date.now()) throw await refused();
  const next = newRefreshToken();
  const rotated = !row.usedAt && (await rotateRefreshToken(ctx.db, row.tokenId, row.sessionId, hashToken(next)));
  if (!rotated) {
    await revokeSession(ctx.db, row.sessionId);
    throw await refused();
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
