import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/client';
import { categories, courses, enrollments, lectureProgress, lectures, orders, sections } from '../src/db/schema';
import { createUser, testDatabase } from './harness';

type CourseInsert = typeof courses.$inferInsert;

export async function createCategory(overrides: Partial<typeof categories.$inferInsert> = {}) {
  const { db } = await testDatabase();
  const slug = overrides.slug ?? `cat-${randomBytes(5).toString('hex')}`;
  const [row] = await db.insert(categories).values({ slug, nameAr: `تصنيف ${slug}`, nameEn: `Category ${slug}`, ...overrides }).returning();
  return row!;
}

/** An approved course by a new instructor unless told otherwise. */
/** `price` in riyals for the tests' readability (49.5), stored in halalas as the app does (4950). */
export async function createCourse({ price, ...overrides }: Partial<CourseInsert> & { price?: number } = {}) {
  const { db } = await testDatabase();
  const instructorId = overrides.instructorId ?? (await createUser('instructor')).id;
  if (price !== undefined) overrides.priceMinor = Math.round(price * 100);
  const [row] = await db
    .insert(courses)
    .values({ title: `Course ${randomBytes(4).toString('hex')}`, language: 'en', approveStatus: 'approved', completionStatus: 'complete', ...overrides, instructorId })
    .returning();
  return row!;
}

/** A section with `count` lectures; the first is a free preview when asked. */
export async function addLectures(courseId: number, count: number, opts: { freeFirst?: boolean; durationSeconds?: number; video?: string } = {}) {
  const { db } = await testDatabase();
  const [section] = await db.insert(sections).values({ courseId, title: 'Section 1', position: 0 }).returning();
  const rows = await db
    .insert(lectures)
    .values(
      Array.from({ length: count }, (_, i) => ({
        courseId,
        sectionId: section!.id,
        title: `Lecture ${i + 1}`,
        position: i,
        durationSeconds: opts.durationSeconds ?? 60,
        isFreePreview: !!opts.freeFirst && i === 0,
        video: opts.video ?? null,
      })),
    )
    .returning();
  return { section: section!, lectures: rows };
}

export async function setCourse(db: Db, id: number, values: Partial<CourseInsert>) {
  await db.update(courses).set(values).where(eq(courses.id, id));
}

/** A participant enrolled in the course (and their paid order, for revenue figures), written straight to the database. */
export async function enrollParticipant(courseId: number, opts: { amount?: number; status?: 'pending' | 'paid' | 'cancelled'; enroll?: boolean; paidAt?: Date } = {}) {
  const { db } = await testDatabase();
  const participant = await createUser('participant');
  const status = opts.status ?? 'paid';
  const [order] = await db
    .insert(orders)
    .values({
      participantId: participant.id,
      courseId,
      // `amount` in riyals for the tests' readability, stored in halalas.
      amountMinor: Math.round((opts.amount ?? 0) * 100),
      currency: 'SAR',
      provider: (opts.amount ?? 0) > 0 ? 'bank_transfer' : 'free',
      status,
      reference: `REF-${randomBytes(5).toString('hex')}`,
      paidAt: status === 'paid' ? (opts.paidAt ?? new Date()) : null,
    })
    .returning();
  if (opts.enroll ?? status === 'paid') await db.insert(enrollments).values({ participantId: participant.id, courseId, orderId: order!.id });
  return { participant, order: order! };
}

/**
 * Lets the server credit played time as if `seconds` had passed since the participant's last
 * progress report: their one credit clock (the latest updated_at of their progress) moves back.
 */
export async function rewindCreditClock(participantId: number, seconds: number): Promise<void> {
  const { db } = await testDatabase();
  await db
    .update(lectureProgress)
    .set({ updatedAt: sql`${lectureProgress.updatedAt} - make_interval(secs => ${seconds})` })
    .where(eq(lectureProgress.participantId, participantId));
}
