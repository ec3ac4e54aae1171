import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { courses, ratings, users } from '../../db/schema';

/** One rating per participant and course: a second one updates it (a hidden one stays hidden: docs/reviews.md). */
export async function upsertRating(db: Db, values: { participantId: number; courseId: number; rating: number; message: string }) {
  const [row] = await db
    .insert(ratings)
    .values(values)
    .onConflictDoUpdate({ target: [ratings.participantId, ratings.courseId], set: { rating: values.rating, message: values.message, updatedAt: new Date() } })
    .returning();
  return row!;
}

export type RatingRow = Awaited<ReturnType<typeof upsertRating>>;

/** The course's rating: its visible reviews, as the triggers count them (migration 0022). */
export async function ratingSummary(db: Db, courseId: number) {
  const [row] = await db
    .select({ average: sql<number>`round((${courses.ratingSum}::numeric / nullif(${courses.ratingCount}, 0)), 1)::float8`, count: courses.ratingCount })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row;
}

export type RatingSummaryRow = Awaited<ReturnType<typeof ratingSummary>>;

export async function participantName(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row!.name;
}

// ---------------------------------------------------------------------------------------------
// Moderation (docs/reviews.md)

const reviewer = alias(users, 'reviewer');
const hider = alias(users, 'hider');

function selectModerated(db: Db) {
  return db
    .select({
      id: ratings.id,
      rating: ratings.rating,
      message: ratings.message,
      createdAt: ratings.createdAt,
      updatedAt: ratings.updatedAt,
      hiddenAt: ratings.hiddenAt,
      hiddenReason: ratings.hiddenReason,
      hiddenBy: ratings.hiddenBy,
      hiderName: hider.name,
      courseId: courses.id,
      courseTitle: courses.title,
      instructorId: courses.instructorId,
      participantId: ratings.participantId,
      participantName: reviewer.name,
    })
    .from(ratings)
    .innerJoin(courses, eq(courses.id, ratings.courseId))
    .innerJoin(reviewer, eq(reviewer.id, ratings.participantId))
    .leftJoin(hider, eq(hider.id, ratings.hiddenBy));
}

export type ModeratedRow = Awaited<ReturnType<ReturnType<typeof selectModerated>['where']>>[number];

export interface ModerationFilter {
  /** An instructor's own courses only. */
  instructorId?: number;
  courseId?: number;
  status: 'all' | 'visible' | 'hidden';
}

/** Reviews for moderation: last changed first, or the hidden ones by when they were hidden. */
export async function moderationList(db: Db, filter: ModerationFilter, page: number, perPage: number) {
  const parts: SQL[] = [];
  if (filter.instructorId !== undefined) parts.push(eq(courses.instructorId, filter.instructorId));
  if (filter.courseId !== undefined) parts.push(eq(ratings.courseId, filter.courseId));
  if (filter.status === 'visible') parts.push(isNull(ratings.hiddenAt));
  if (filter.status === 'hidden') parts.push(isNotNull(ratings.hiddenAt));
  const where = parts.length ? and(...parts) : undefined;
  const order = filter.status === 'hidden' ? [desc(ratings.hiddenAt), desc(ratings.id)] : [desc(ratings.updatedAt), desc(ratings.id)];
  const [rows, [total]] = await Promise.all([
    selectModerated(db).where(where).orderBy(...order).limit(perPage).offset((page - 1) * perPage),
    db.select({ n: count() }).from(ratings).innerJoin(courses, eq(courses.id, ratings.courseId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findModerated(db: Db, id: number): Promise<ModeratedRow | undefined> {
  const [row] = await selectModerated(db).where(eq(ratings.id, id));
  return row;
}

/** Hides a shown review; false when it was hidden already (by someone else meanwhile). */
export async function hideRating(db: Db, id: number, by: number, reason: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(ratings)
    .set({ hiddenAt: at, hiddenBy: by, hiddenReason: reason })
    .where(and(eq(ratings.id, id), isNull(ratings.hiddenAt)))
    .returning({ id: ratings.id });
  return rows.length > 0;
}

/** Shows a hidden review again; false when it was not hidden. */
export async function showRating(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(ratings)
    .set({ hiddenAt: null, hiddenBy: null, hiddenReason: null })
    .where(and(eq(ratings.id, id), isNotNull(ratings.hiddenAt)))
    .returning({ id: ratings.id });
  return rows.length > 0;
}
