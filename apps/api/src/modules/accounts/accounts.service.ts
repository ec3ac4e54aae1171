import type { FastifyRequest } from 'fastify';
import { AVATAR_WIDTHS, BELL_BY_ROLE, NOTIFICATIONS_BY_ROLE, type BellKind, type NotificationKind, type Role, type Session, mailLinks } from '@nibras/contract';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../lib/app-error';
import { removeWithCopies } from '../../lib/image-variants';
import { addressKey, failureBudget } from '../../lib/failure-budget';
import { dummyPasswordHash, hashPassword, isCommonPassword, NO_PASSWORD, verifyPassword } from '../../lib/passwords';
import { sanitizePlainText } from '../../lib/sanitize';
import { receiveUpload } from '../../lib/uploads';
import type { Language } from '../../lib/i18n';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { invalidateCatalog } from '../catalog/catalog.service';
import { notifyUser, siteLink, tellAccount } from '../mail/mail.service';
import { refreshInstructorSearchText } from '../search/search.service';
import { endAllSessions, endOtherSessions, endSession, startSession } from '../sessions/sessions.service';
import type { Db } from '../../db/client';
import {
  findParticipantsByEmails,
  findUserByEmail,
  findUserById,
  insertParticipantsWithoutPassword,
  insertUser,
  setUserAvatar,
  setUserLang,
  updateUser,
  type UserRow,
} from './accounts.queries';

export type { UserRow };

const emailTaken = () => new AppError('api.auth.email_taken', 409, { fields: { email: 'api.auth.email_taken' } });

/** A name as readers see it: no markup (raw or entity-encoded), spaces collapsed. */
export function cleanName(value: string): string {
  return sanitizePlainText(value).replace(/\s+/g, ' ').trim();
}

/** A cleaned name that is still a name after cleaning. */
function plainName(value: string): string {
  const name = cleanName(value);
  if (name.length < 2) throw new AppError('api.validation.failed', 400, { fields: { name: 'api.validation.required' } });
  return name;
}

function assertUsablePassword(password: string, field: string) {
  if (isCommonPassword(password)) throw new AppError('api.validation.failed', 400, { fields: { [field]: 'api.validation.password_common' } });
}

/**
 * Register must tell a person that their email is taken; the per-address limit on the
 * route (see plugins/route.ts) is what keeps it from listing accounts in bulk.
 */
export async function registerAccount(ctx: AppContext, role: 'participant' | 'instructor', lang: Language, input: { name: string; email: string; password: string }) {
  const name = plainName(input.name);
  assertUsablePassword(input.password, 'password');
  if (await findUserByEmail(ctx.db, role, input.email)) throw emailTaken();
  let user: UserRow;
  try {
    user = await insertUser(ctx.db, { role, name, email: input.email.trim(), passwordHash: await hashPassword(input.password), lang });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await notifyUser(ctx, user.id, (to) => ({ kind: 'welcome', params: { name: to.name, role, link: siteLink(ctx, mailLinks.dashboard(role)) } }));
  return { id: user.id, name: user.name, email: user.email };
}

/**
 * Wrong password and unknown email fail alike, in body and in time. Five failures for one
 * account from one address (or many from one address) lock that pair out for the window.
 */
export async function login(ctx: AppContext, role: Role, ip: string, email: string, password: string, message: string, lang?: Language): Promise<Session> {
  const accountKey = `login:${role}:${email.trim().toLowerCase()}:${ip}`;
  const { loginFailuresPerAccount, loginFailuresPerAddress } = ctx.config.rateLimits;
  const budget = failureBudget(ctx.limiter, [[addressKey(ip), loginFailuresPerAddress]], [accountKey, loginFailuresPerAccount]);
  await budget.assertOpen();
  const user = await findUserByEmail(ctx.db, role, email.trim());
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) {
    await budget.failed();
    throw new AppError('api.auth.invalid_credentials', 401);
  }
  await ctx.limiter.reset(accountKey);
  // Only whoever knows the password learns that an admin disabled the account (docs/admin-users.md).
  if (user.deactivatedAt) throw new AppError('api.members.account_disabled', 401);
  // Mail follows the language the user last signed in with (docs/mail.md).
  if (lang) await setUserLang(ctx.db, user.id, lang);
  return startSession(ctx, { id: user.id, role, email: user.email }, message);
}

/**
 * The current password, asked again before the password or the email changes: whoever holds
 * a signed-in session (a borrowed device, a stolen token) gets as few guesses at it as a login
 * does, counted per account from any address, and per address like logins.
 */
async function assertCurrentPassword(ctx: AppContext, user: RequestUser, ip: string, row: UserRow, password: string | undefined, field: string) {
  if (!password) throw new AppError('api.validation.failed', 400, { fields: { [field]: 'api.auth.current_password_required' } });
  const accountKey = `password-check:${user.role}:${user.id}`;
  const { loginFailuresPerAccount, loginFailuresPerAddress } = ctx.config.rateLimits;
  const budget = failureBudget(ctx.limiter, [[addressKey(ip), loginFailuresPerAddress]], [accountKey, loginFailuresPerAccount]);
  await budget.assertOpen();
  if (!(await verifyPassword(row.passwordHash, password))) {
    await budget.failed();
    throw new AppError('api.validation.failed', 400, { fields: { [field]: 'api.auth.wrong_password' } });
  }
  await ctx.limiter.reset(accountKey);
}

export async function logout(ctx: AppContext, user: RequestUser) {
  await endSession(ctx, user.sessionId);
}

export async function getAccount(ctx: AppContext, user: RequestUser): Promise<UserRow> {
  const row = await findUserById(ctx.db, user.role, user.id);
  if (!row) throw new AppError('api.auth.session_ended', 401);
  return row;
}

/** The kinds turned off, once each, in the contract's order; kinds of other roles are dropped. */
function optOutsOf(role: Role, kinds: NotificationKind[]): NotificationKind[] {
  return NOTIFICATIONS_BY_ROLE[role].filter((kind) => kinds.includes(kind));
}

/** A new email needs the current password (`current_password`); the other fields do not. */
export async function updateAccount(
  ctx: AppContext,
  user: RequestUser,
  ip: string,
  input: {
    name: string;
    email?: string | undefined;
    current_password?: string | undefined;
    bio?: string | undefined;
    headline?: string | undefined;
    phone?: string | undefined;
    mail_opt_outs?: NotificationKind[] | undefined;
    bell_opt_outs?: BellKind[] | undefined;
  },
  lang?: Language,
) {
  const name = plainName(input.name);
  const email = input.email?.trim();
  const row = await getAccount(ctx, user);
  const emailChanges = email !== undefined && email !== row.email;
  if (emailChanges) {
    const other = await findUserByEmail(ctx.db, user.role, email);
    if (other && other.id !== user.id) throw emailTaken();
    await assertCurrentPassword(ctx, user, ip, row, input.current_password, 'current_password');
  }
  try {
    const updated = await updateUser(ctx.db, user.id, {
      name,
      ...(emailChanges ? { email } : {}),
      ...(input.bio !== undefined ? { bio: sanitizePlainText(input.bio) } : {}),
      ...(input.headline !== undefined ? { headline: sanitizePlainText(input.headline).replace(/\s+/g, ' ') } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(input.mail_opt_outs !== undefined ? { mailOptOuts: optOutsOf(user.role, input.mail_opt_outs) } : {}),
      ...(input.bell_opt_outs !== undefined ? { bellOptOuts: BELL_BY_ROLE[user.role].filter((kind) => input.bell_opt_outs!.includes(kind)) } : {}),
      ...(lang ? { lang } : {}),
    });
    // An instructor's name, headline and bio are on their course pages and cards, and the name is searched.
    if (user.role === 'instructor') {
      if (updated.name !== row.name) await refreshInstructorSearchText(ctx.db, user.id);
      invalidateCatalog(ctx);
    }
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** Signs out every other session of the account; the one that changed the password stays. */
export async function changePassword(ctx: AppContext, user: RequestUser, ip: string, oldPassword: string, newPassword: string) {
  const row = await getAccount(ctx, user);
  await assertCurrentPassword(ctx, user, ip, row, oldPassword, 'old_password');
  assertUsablePassword(newPassword, 'new_password');
  if (oldPassword === newPassword) throw new AppError('api.validation.failed', 400, { fields: { new_password: 'api.auth.same_password' } });
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(newPassword) });
  await endOtherSessions(ctx, user.id, user.sessionId);
  // "Was this you?": someone who took over a session could otherwise change the password unseen.
  await tellAccount(ctx, user.id, (to) => ({ kind: 'password_changed', params: { name: to.name, link: siteLink(ctx, mailLinks.passwordHelp(user.role)) } }));
}

/** The new file is stored first; the old one is removed only once the profile points elsewhere. */
async function setAvatar(ctx: AppContext, user: RequestUser, key: string | null) {
  const before = await getAccount(ctx, user);
  const row = await setUserAvatar(ctx.db, user.id, key);
  if (before.avatar && before.avatar !== key) await removeWithCopies(ctx.storage, before.avatar, AVATAR_WIDTHS);
  if (user.role === 'instructor') invalidateCatalog(ctx);
  return row;
}

/** An avatar upload: an image by content, within UPLOAD_IMAGE_MAX_MB, replacing the old one. */
export async function uploadAvatar(ctx: AppContext, user: RequestUser, request: FastifyRequest) {
  const upload = await receiveUpload(request, ctx.storage, 'image', ctx.config.uploadLimits, 'avatars');
  return setAvatar(ctx, user, upload.key);
}

export function removeAvatar(ctx: AppContext, user: RequestUser) {
  return setAvatar(ctx, user, null);
}

/** The fields an admin sets on an instructor or participant (members area). */
export interface AdminAccountInput {
  name: string;
  email: string;
  password?: string | undefined;
  phone?: string | undefined;
  headline?: string | undefined;
  bio?: string | undefined;
}

function profileFields(input: AdminAccountInput) {
  return {
    ...(input.bio !== undefined ? { bio: sanitizePlainText(input.bio) } : {}),
    ...(input.headline !== undefined ? { headline: sanitizePlainText(input.headline).replace(/\s+/g, ' ') } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
  };
}

/** An account an admin creates: the same rules as sign-up (plain name, no common password, one email per role). */
export async function createAccountByAdmin(ctx: AppContext, role: 'instructor' | 'participant', input: AdminAccountInput & { password: string }): Promise<UserRow> {
  const name = plainName(input.name);
  assertUsablePassword(input.password, 'password');
  const email = input.email.trim();
  if (await findUserByEmail(ctx.db, role, email)) throw emailTaken();
  try {
    return await insertUser(ctx.db, { role, name, email, passwordHash: await hashPassword(input.password), ...profileFields(input) });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * An admin's edit of an account: no current password asked (the admin does not know it). A new
 * password signs the account out everywhere; an instructor's new name is searched at once.
 */
export async function updateAccountByAdmin(ctx: AppContext, row: UserRow, input: AdminAccountInput): Promise<UserRow> {
  const name = plainName(input.name);
  const email = input.email.trim();
  const emailChanges = email !== row.email;
  if (emailChanges) {
    const other = await findUserByEmail(ctx.db, row.role, email);
    if (other && other.id !== row.id) throw emailTaken();
  }
  if (input.password) assertUsablePassword(input.password, 'password');
  try {
    const updated = await updateUser(ctx.db, row.id, {
      name,
      ...(emailChanges ? { email } : {}),
      ...profileFields(input),
      ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
    });
    if (input.password) await endAllSessions(ctx, row.id);
    if (row.role === 'instructor') {
      if (updated.name !== row.name) await refreshInstructorSearchText(ctx.db, row.id);
      invalidateCatalog(ctx);
    }
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** The participants with these emails (any case): an admin's import reads a batch of its lines at once. */
export function participantsByEmails(db: Db, emails: string[]): Promise<UserRow[]> {
  return findParticipantsByEmails(db, emails);
}

/**
 * Participants an admin makes without a password (docs/bulk-enrolment.md), in one statement with `db` (the
 * import's transaction); names already cleaned (cleanName). No password works until the owner sets one through
 * the invitation; an email taken meanwhile is skipped. The accounts made.
 */
export function createParticipantsWithoutPassword(db: Db, accounts: { name: string; email: string }[], lang: Language): Promise<UserRow[]> {
  return insertParticipantsWithoutPassword(db, accounts.map((a) => ({ ...a, passwordHash: NO_PASSWORD, lang })));
}
