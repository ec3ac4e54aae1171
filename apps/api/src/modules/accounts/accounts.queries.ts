import { and, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Role } from '@nibras/contract';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { buildUserSearchText } from '../../lib/search-text';

export type UserRow = typeof users.$inferSelect;

const byEmail = (role: Role, email: string) => and(eq(users.role, role), sql`lower(${users.email}) = ${email.toLowerCase()}`);

export async function findUserByEmail(db: Db, role: Role, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(role, email)).limit(1);
  return row;
}

export async function findUserById(db: Db, role: Role, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.role, role), eq(users.id, id))).limit(1);
  return row;
}

/** Every new account gets its search text (name and email, normalised) at once. */
export async function insertUser(
  db: Db,
  values: { role: Role; name: string; email: string; passwordHash: string } & Partial<Pick<UserRow, 'bio' | 'headline' | 'phone' | 'lang'>>,
): Promise<UserRow> {
  const [row] = await db.insert(users).values({ ...values, searchText: buildUserSearchText(values.name, values.email) }).returning();
  return row!;
}

/** The participants with these emails (any case), at most one each: one index probe per email. */
export async function findParticipantsByEmails(db: Db, emails: string[]): Promise<UserRow[]> {
  if (emails.length === 0) return [];
  const lowered = emails.map((email) => email.toLowerCase());
  return db.select().from(users).where(and(eq(users.role, 'participant'), inArray(sql`lower(${users.email})`, lowered)));
}

/**
 * Participants made without a password (NO_PASSWORD), in one statement; an email taken meanwhile is skipped
 * (the unique index decides), so only the accounts this statement made come back.
 */
export async function insertParticipantsWithoutPassword(db: Db, values: { name: string; email: string; passwordHash: string; lang: 'ar' | 'en' }[]): Promise<UserRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(users)
    .values(values.map((v) => ({ ...v, role: 'participant' as const, searchText: buildUserSearchText(v.name, v.email) })))
    .onConflictDoNothing()
    .returning();
}

/** A new name or email refreshes the search text in the same write. */
export async function updateUser(db: Db, id: number, values: Partial<Pick<UserRow, 'name' | 'email' | 'bio' | 'headline' | 'phone' | 'passwordHash' | 'lang' | 'mailOptOuts' | 'bellOptOuts'>>) {
  let searchText: string | undefined;
  if (values.name !== undefined || values.email !== undefined) {
    const [current] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, id)).limit(1);
    searchText = buildUserSearchText(values.name ?? current?.name ?? '', values.email ?? current?.email ?? '');
  }
  const [row] = await db
    .update(users)
    .set({ ...values, ...(searchText !== undefined ? { searchText } : {}), updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** The language the account's mail is written in (docs/mail.md): kept as the user's last sign-in. Not an edit of the profile. */
export async function setUserLang(db: Db, id: number, lang: 'ar' | 'en'): Promise<void> {
  await db.update(users).set({ lang }).where(and(eq(users.id, id), ne(users.lang, lang)));
}

export async function setUserAvatar(db: Db, id: number, key: string | null): Promise<UserRow> {
  const [row] = await db.update(users).set({ avatar: key, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return row!;
}

export type ResetTokenRow = typeof passwordResetTokens.$inferSelect & { role: Role; deactivatedAt: Date | null; email: string };

export async function insertResetToken(db: Db, values: { userId: number; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** Many links in one statement (the invitations of an import's batch). */
export async function insertResetTokens(db: Db, values: { userId: number; tokenHash: string; expiresAt: Date; kind: 'reset' | 'invitation' }[]): Promise<void> {
  if (values.length) await db.insert(passwordResetTokens).values(values);
}

/** Reset links asked for the account since `since`: the hourly limit per email (invitations do not count). */
export async function countResetTokensSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.kind, 'reset'), gte(passwordResetTokens.createdAt, since)));
  return row?.n ?? 0;
}

export async function findResetToken(db: Db, tokenHash: string): Promise<ResetTokenRow | undefined> {
  const [row] = await db
    .select({
      id: passwordResetTokens.id,
      userId: passwordResetTokens.userId,
      tokenHash: passwordResetTokens.tokenHash,
      kind: passwordResetTokens.kind,
      createdAt: passwordResetTokens.createdAt,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
      role: users.role,
      email: users.email,
      deactivatedAt: users.deactivatedAt,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Uses up every open link of the account at once; true when `tokenId` was among them (a second
 * reset with the same link, even at the same moment, finds it used).
 */
export async function consumeResetTokens(db: Db, userId: number, tokenId: number): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.some((r) => r.id === tokenId);
}
