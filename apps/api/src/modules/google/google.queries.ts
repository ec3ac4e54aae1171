import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { buildUserSearchText } from '../../lib/search-text';

type MemberRole = 'participant' | 'instructor';

const columns = { id: users.id, role: users.role, email: users.email, googleSubject: users.googleSubject, deactivatedAt: users.deactivatedAt };

export async function findUserByGoogleSubject(db: Db, role: MemberRole, subject: string) {
  const [row] = await db.select(columns).from(users).where(and(eq(users.role, role), eq(users.googleSubject, subject))).limit(1);
  return row;
}

export async function findUserByEmailForGoogle(db: Db, role: MemberRole, email: string) {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.role, role), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return row;
}

/** Links the subject only to an account not linked yet; false when another sign-in linked it first. */
export async function linkGoogleSubject(db: Db, id: number, subject: string, lang: 'ar' | 'en'): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ googleSubject: subject, lang, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.googleSubject)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function setUserLang(db: Db, id: number, lang: 'ar' | 'en') {
  await db.update(users).set({ lang }).where(eq(users.id, id));
}

export async function insertGoogleUser(db: Db, values: { role: MemberRole; name: string; email: string; passwordHash: string; googleSubject: string; lang: 'ar' | 'en' }) {
  const [row] = await db
    .insert(users)
    .values({ ...values, searchText: buildUserSearchText(values.name, values.email) })
    .returning(columns);
  return row!;
}
