import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { wishlist } from '../../db/schema';

export async function addWish(db: Db, participantId: number, courseId: number) {
  await db.insert(wishlist).values({ participantId, courseId }).onConflictDoNothing();
}

export async function removeWish(db: Db, participantId: number, courseId: number) {
  await db.delete(wishlist).where(and(eq(wishlist.participantId, participantId), eq(wishlist.courseId, courseId)));
}

export async function wishPage(db: Db, participantId: number, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ courseId: wishlist.courseId, createdAt: wishlist.createdAt })
      .from(wishlist)
      .where(eq(wishlist.participantId, participantId))
      .orderBy(desc(wishlist.createdAt))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(wishlist).where(eq(wishlist.participantId, participantId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type WishRow = Awaited<ReturnType<typeof wishPage>>['rows'][number];
