import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ratings, users } from '../../db/schema';

/** One rating per participant and course: a second one updates it. */
export async function upsertRating(db: Db, values: { participantId: number; courseId: number; rating: number; message: string }) {
  const [row] = await db
    .insert(ratings)
    .values(values)
    .onConflictDoUpdate({ target: [ratings.participantId, ratings.courseId], set: { rating: values.rating, message: values.message, updatedAt: new Date() } })
    .returning();
  return row!;
}

export type RatingRow = Awaited<ReturnType<typeof upsertRating>>;

export async function ratingSummary(db: Db, courseId: number) {
  const [row] = await db
    .select({ average: sql<number>`round(avg(${ratings.rating})::numeric, 1)::float8`, count: sql<number>`count(*)::int` })
    .from(ratings)
    .where(eq(ratings.courseId, courseId));
  return row;
}

export type RatingSummaryRow = Awaited<ReturnType<typeof ratingSummary>>;

export async function participantName(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row!.name;
}
