import { and, asc, count, desc, eq, gt, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { certificates, courses, enrollments, messages, orders, quizAttempts, ratings, users } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';
import { buildUserSearchText } from '../../lib/search-text';
import type { MemberRoleName } from '@nibras/contract';

export type MemberRow = typeof users.$inferSelect;

export interface MemberFilter {
  role: MemberRoleName;
  /** Normalised words (lib/search-text.ts), each of which must appear in search_text. */
  words: string[];
  status?: 'active' | 'deactivated' | undefined;
}

export interface MemberSort {
  key: 'name' | 'email' | 'created_at';
  desc: boolean;
}

function whereOf(f: MemberFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(users.role, f.role)];
  for (const word of f.words) parts.push(like(users.searchText, containsPattern(word)));
  if (f.status === 'active') parts.push(isNull(users.deactivatedAt));
  if (f.status === 'deactivated') parts.push(isNotNull(users.deactivatedAt));
  return and(...parts);
}

const SORT_COLUMNS = { name: users.name, email: sql`lower(${users.email})`, created_at: users.createdAt } as const;

export async function memberPage(db: Db, filter: MemberFilter, sort: MemberSort, limit: number, offset: number) {
  const where = whereOf(filter);
  const column = SORT_COLUMNS[sort.key];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(sort.desc ? desc(column) : asc(column), sort.desc ? desc(users.id) : asc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The next members after `afterId` in id order (an export's chunk): the role's accounts through the primary key. */
export function memberChunk(db: Db, filter: MemberFilter, afterId: number, limit: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone, createdAt: users.createdAt, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(and(whereOf(filter), gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(limit);
}

export async function findMember(db: Db, role: MemberRoleName, id: number): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.role, role), eq(users.id, id))).limit(1);
  return row;
}

const exists = async (db: Db, query: Promise<{ n: number }[]>) => ((await query)[0]?.n ?? 0) > 0;

/**
 * Whether the account holds data that must outlive it: an instructor's courses (deleted ones
 * too: their orders point at them), a participant's orders, enrolments, submissions (quiz
 * attempts), ratings or certificates.
 */
export async function hasKeptData(db: Db, role: MemberRoleName, id: number): Promise<boolean> {
  const wrote = exists(db, db.select({ n: count() }).from(messages).where(or(eq(messages.fromId, id), eq(messages.toId, id))));
  if (role === 'instructor') return (await Promise.all([exists(db, db.select({ n: count() }).from(courses).where(eq(courses.instructorId, id))), wrote])).some(Boolean);
  const checks = await Promise.all([
    wrote,
    exists(db, db.select({ n: count() }).from(orders).where(eq(orders.participantId, id))),
    exists(db, db.select({ n: count() }).from(enrollments).where(eq(enrollments.participantId, id))),
    exists(db, db.select({ n: count() }).from(quizAttempts).where(eq(quizAttempts.participantId, id))),
    exists(db, db.select({ n: count() }).from(ratings).where(eq(ratings.participantId, id))),
    exists(db, db.select({ n: count() }).from(certificates).where(eq(certificates.participantId, id))),
  ]);
  return checks.some(Boolean);
}

export async function setDeactivated(db: Db, id: number, at: Date | null): Promise<MemberRow> {
  const [row] = await db.update(users).set({ deactivatedAt: at, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return row!;
}

/** Removes the account; its sessions and wishlist go with it (foreign keys cascade). */
export async function deleteMember(db: Db, id: number) {
  await db.delete(users).where(eq(users.id, id));
}

const BACKFILL_BATCH = 500;

/** Accounts made before search_text existed (or written around insertUser): filled in batches, once. */
export async function backfillUserSearchText(db: Db): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.searchText, ''))
      .orderBy(asc(users.id))
      .limit(BACKFILL_BATCH);
    const filled = rows.map((r) => ({ id: r.id, text: buildUserSearchText(r.name, r.email) })).filter((r) => r.text !== '');
    if (filled.length === 0) return done;
    for (const r of filled) await db.update(users).set({ searchText: r.text }).where(eq(users.id, r.id));
    done += filled.length;
    if (rows.length < BACKFILL_BATCH) return done;
  }
}

