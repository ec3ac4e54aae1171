import { and, asc, count, desc, eq, gt, gte, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages, mailOutbox, newsletterSubscribers } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';

function likeAny(search: string | undefined, ...columns: Parameters<typeof ilike>[0][]): SQL | undefined {
  if (!search?.trim()) return undefined;
  const like = containsPattern(search);
  return or(...columns.map((c) => ilike(c, like)));
}

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

export async function findSubscriberByEmail(db: Db, email: string): Promise<SubscriberRow | undefined> {
  const [row] = await db.select().from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`).limit(1);
  return row;
}

/** A new, unconfirmed subscription; subscribing twice keeps one row (undefined when it was there). */
export async function addSubscriber(db: Db, values: { email: string; lang: 'ar' | 'en'; confirmTokenHash: string }): Promise<SubscriberRow | undefined> {
  const [row] = await db.insert(newsletterSubscribers).values(values).onConflictDoNothing().returning();
  return row;
}

/** A fresh confirmation link for a subscription still unconfirmed (the old link stops working). */
export async function renewConfirmToken(db: Db, id: number, values: { lang: 'ar' | 'en'; confirmTokenHash: string }): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscribers)
    .set(values)
    .where(and(eq(newsletterSubscribers.id, id), sql`${newsletterSubscribers.confirmedAt} is null`))
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

/** Confirms the subscription the link's token belongs to; the token is used up. */
export async function confirmByTokenHash(db: Db, confirmTokenHash: string): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscribers)
    .set({ confirmedAt: new Date(), confirmTokenHash: null })
    .where(and(eq(newsletterSubscribers.confirmTokenHash, confirmTokenHash), sql`${newsletterSubscribers.confirmedAt} is null`))
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

export async function deleteByUnsubscribeToken(db: Db, token: string): Promise<boolean> {
  const gone = await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.unsubscribeToken, token)).returning({ id: newsletterSubscribers.id });
  return gone.length > 0;
}

/** Confirmation mails queued to the address since `since`: at most a few an hour. */
export async function countConfirmMailsSince(db: Db, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'newsletter_confirm'), sql`lower(${mailOutbox.toAddress}) = ${email.toLowerCase()}`, gte(mailOutbox.createdAt, since)));
  return row?.n ?? 0;
}

/** Confirmed subscribers, a batch after `afterId` (the newsletter and the CSV go to them only). */
export function confirmedSubscriberBatch(db: Db, afterId: number, limit: number) {
  return db
    .select()
    .from(newsletterSubscribers)
    .where(and(gt(newsletterSubscribers.id, afterId), isNotNull(newsletterSubscribers.confirmedAt)))
    .orderBy(asc(newsletterSubscribers.id))
    .limit(limit);
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

export async function setContactMessageRead(db: Db, id: number, readAt: Date | null) {
  const [row] = await db.update(contactMessages).set({ readAt }).where(eq(contactMessages.id, id)).returning();
  return row;
}

export async function deleteContactMessage(db: Db, id: number): Promise<boolean> {
  const gone = await db.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
  return gone.length > 0;
}
