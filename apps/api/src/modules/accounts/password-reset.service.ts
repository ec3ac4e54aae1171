import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { BULK_ENROLMENT_LIMITS, type Role } from '@nibras/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { addressKey, failureBudget } from '../../lib/failure-budget';
import type { Language } from '../../lib/i18n';
import { hashPassword, isCommonPassword } from '../../lib/passwords';
import { hashToken } from '../../lib/tokens';
import type { AppContext } from '../../context';
import { enqueueMail } from '../mail/mail.service';
import { endAllSessions } from '../sessions/sessions.service';
import { consumeResetTokens, countResetTokensSince, findResetToken, findUserByEmail, insertResetToken, insertResetTokens, updateUser } from './accounts.queries';

const LINK_LIFETIME_MS = 60 * 60_000;
const HOUR_MS = 60 * 60_000;
/**
 * Every forgot-password answer takes at least this long: the work that differs (two inserts for
 * an account that exists) is far shorter, so the time says nothing about the account.
 */
export const FORGET_ANSWER_FLOOR_MS = 300;

type ResetRole = Extract<Role, 'participant' | 'instructor'>;

export interface ResetLink {
  user: ResetRole;
  id: number;
  hash: string;
}

/** The mailed link: PUBLIC_URL/reset-password/{role}/{user id}/{token}. */
export function resetLinkUrl(publicUrl: string, link: ResetLink): string {
  return new URL(`/reset-password/${link.user}/${link.id}/${encodeURIComponent(link.hash)}`, publicUrl).href;
}

const INVITATION_LIFETIME_MS = BULK_ENROLMENT_LIMITS.invitationDays * 24 * HOUR_MS;

/**
 * Set-password links for accounts an admin made without a password (docs/bulk-enrolment.md), written with
 * `db` (the caller's transaction, which also writes the accounts and their mails): the reset's tokens, of
 * kind `invitation`, working for days instead of an hour, opened on the same reset page. The link per account id.
 */
export async function createInvitationLinks(db: Db, publicUrl: string, userIds: number[]): Promise<{ days: number; links: Map<number, string> }> {
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS);
  const links = new Map<number, string>();
  const rows = userIds.map((id) => {
    const token = randomBytes(32).toString('base64url');
    links.set(id, resetLinkUrl(publicUrl, { user: 'participant', id, hash: token }));
    return { userId: id, tokenHash: hashToken(token), expiresAt, kind: 'invitation' as const };
  });
  await insertResetTokens(db, rows);
  return { days: BULK_ENROLMENT_LIMITS.invitationDays, links };
}

/**
 * Mails a reset link when the account exists, is active and has had fewer than
 * PASSWORD_RESET_MAX_PER_EMAIL links in the hour. The caller gets the same answer, after the same
 * floor of time, in every case; the per-address limit is on the route.
 */
export async function requestPasswordReset(ctx: AppContext, lang: Language, role: ResetRole, email: string): Promise<void> {
  const started = Date.now();
  try {
    // The token is made and hashed whether or not it will be used.
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    const user = await findUserByEmail(ctx.db, role, email.trim());
    const recent = await countResetTokensSince(ctx.db, user?.id ?? 0, new Date(Date.now() - HOUR_MS));
    if (!user || user.deactivatedAt || recent >= ctx.config.passwordResetPerEmail) return;
    await insertResetToken(ctx.db, { userId: user.id, tokenHash, expiresAt: new Date(Date.now() + LINK_LIFETIME_MS) });
    await enqueueMail(ctx, {
      to: user.email,
      lang,
      template: {
        kind: 'password_reset',
        params: { name: user.name, role, minutes: LINK_LIFETIME_MS / 60_000, link: resetLinkUrl(ctx.config.publicUrl, { user: role, id: user.id, hash: token }) },
      },
    });
  } finally {
    const left = FORGET_ANSWER_FLOOR_MS - (Date.now() - started);
    if (left > 0) await sleep(left);
  }
}

/**
 * The link's token, still usable for that account: unknown, used, expired, or naming another
 * account or role, it is a 400 on `hash`, and counts as a failed sign-in from the address (the
 * same counter as logins), so links cannot be guessed in bulk.
 */
async function usableToken(ctx: AppContext, ip: string, link: ResetLink) {
  const budget = failureBudget(ctx.limiter, [[addressKey(ip), ctx.config.rateLimits.loginFailuresPerAddress]]);
  await budget.assertOpen();
  const row = await findResetToken(ctx.db, hashToken(link.hash));
  if (!row || row.userId !== link.id || row.role !== link.user || row.usedAt || row.deactivatedAt || row.expiresAt.getTime() <= Date.now()) {
    await budget.failed();
    throw new AppError('api.passwordReset.link_invalid', 400, { fields: { hash: 'api.passwordReset.link_invalid' } });
  }
  return row;
}

export async function checkResetLink(ctx: AppContext, ip: string, link: ResetLink): Promise<{ email: string; invitation: boolean }> {
  const row = await usableToken(ctx, ip, link);
  return { email: row.email, invitation: row.kind === 'invitation' };
}

/** The new password follows the registration rules; every link of the account is used up and every session ends. */
export async function resetPassword(ctx: AppContext, ip: string, link: ResetLink, password: string): Promise<void> {
  const row = await usableToken(ctx, ip, link);
  if (isCommonPassword(password)) throw new AppError('api.validation.failed', 400, { fields: { password: 'api.validation.password_common' } });
  const passwordHash = await hashPassword(password);
  if (!(await consumeResetTokens(ctx.db, row.userId, row.id))) {
    throw new AppError('api.passwordReset.link_invalid', 400, { fields: { hash: 'api.passwordReset.link_invalid' } });
  }
  await updateUser(ctx.db, row.userId, { passwordHash });
  await endAllSessions(ctx, row.userId);
  // A person who proved they own the mailbox starts with a clean slate of login failures.
  await ctx.limiter.reset(`login:${row.role}:${row.email.trim().toLowerCase()}:${ip}`);
}
