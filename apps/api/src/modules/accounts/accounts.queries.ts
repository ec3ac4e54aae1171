import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@nibras/contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
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
  values: { role: Role; name: string; email: string; passwordHash: string } & Partial<Pick<UserRow, 'bio' | 'headline' | 'phone'>>,
): Promise<UserRow> {
  const [row] = await db.insert(users).values({ ...values, searchText: buildUserSearchText(values.name, values.email) }).returning();
  return row!;
}

/** A new name or email refreshes the search text in the same write. */
export async function updateUser(db: Db, id: number, values: Partial<Pick<UserRow, 'name' | 'email' | 'bio' | 'headline' | 'phone' | 'passwordHash'>>) {
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

export async function setUserAvatar(db: Db, id: number, key: string | null): Promise<UserRow> {
  const [row] = await db.update(users).set({ avatar: key, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return row!;
}
