import { count, desc, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages, newsletterSubscribers } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';

function likeAny(search: string | undefined, ...columns: Parameters<typeof ilike>[0][]): SQL | undefined {
  if (!search?.trim()) return undefined;
  const like = containsPattern(search);
  return or(...columns.map((c) => ilike(c, like)));
}

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
