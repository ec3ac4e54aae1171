import { asc, count, desc, eq, gt, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages, newsletterSubscribers } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';

function likeAny(search: string | undefined, ...columns: Parameters<typeof ilike>[0][]): SQL | undefined {
  if (!search?.trim()) return undefined;
  const like = containsPattern(search);
  return or(...columns.map((c) => ilike(c, like)));
}

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** Subscribing twice keeps one row. */
export async function addSubscriber(db: Db, email: string) {
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
}

export async function insertContactMessage(db: Db, values: { name: string; email: string; subject: string; message: string }): Promise<number> {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row!.id;
}

export async function subscriberPage(db: Db, search: string | undefined, limit: number, offset: number) {
  const where = likeAny(search, newsletterSubscribers.email);
  const [rows, [total]] = await Promise.all([
    db.select().from(newsletterSubscribers).where(where).orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(newsletterSubscribers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function contactMessagePage(db: Db, search: string | undefined, limit: number, offset: number) {
  const where = likeAny(search, contactMessages.name, contactMessages.email, contactMessages.subject, contactMessages.message);
  const [rows, [total]] = await Promise.all([
    db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function deleteSubscriber(db: Db, id: number): Promise<boolean> {
  const gone = await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).returning({ id: newsletterSubscribers.id });
  return gone.length > 0;
}

/** Every subscriber, oldest first, a batch after `afterId` (the CSV export streams them). */
export function subscriberBatch(db: Db, afterId: number, limit: number) {
  return db.select().from(newsletterSubscribers).where(gt(newsletterSubscribers.id, afterId)).orderBy(asc(newsletterSubscribers.id)).limit(limit);
}

export async function setContactMessageRead(db: Db, id: number, readAt: Date | null) {
  const [row] = await db.update(contactMessages).set({ readAt }).where(eq(contactMessages.id, id)).returning();
  return row;
}

export async function deleteContactMessage(db: Db, id: number): Promise<boolean> {
  const gone = await db.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
  return gone.length > 0;
}
