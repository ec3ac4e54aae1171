import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, enrollments, lectureNotes, lectures, sections } from '../../db/schema';

/** A live course, and whether the participant is enrolled in it; undefined when there is no such course. */
export async function courseAccess(db: Db, participantId: number, courseId: number) {
  const [row] = await db
    .select({ id: courses.id, title: courses.title, enrolled: sql<boolean>`${enrollments.id} is not null` })
    .from(courses)
    .leftJoin(enrollments, and(eq(enrollments.courseId, courses.id), eq(enrollments.participantId, participantId)))
    .where(and(eq(courses.id, courseId), isNull(courses.deletedAt)));
  return row;
}

/**
 * Holds the participant's enrolment in the course until the transaction ends, so two notes written at once
 * both see the other in the count (the cap per course). False when not enrolled.
 */
export async function lockEnrolment(tx: Db, participantId: number, courseId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.participantId, participantId), eq(enrollments.courseId, courseId)))
    .for('update');
  return !!row;
}

/** A lecture of this course (undefined for another course's). */
export async function lectureOfCourse(db: Db, lectureId: number, courseId: number) {
  const [row] = await db
    .select({ id: lectures.id, durationSeconds: lectures.durationSeconds })
    .from(lectures)
    .where(and(eq(lectures.id, lectureId), eq(lectures.courseId, courseId)));
  return row;
}

export async function noteCount(db: Db, participantId: number, courseId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(lectureNotes).where(and(eq(lectureNotes.participantId, participantId), eq(lectureNotes.courseId, courseId)));
  return row?.n ?? 0;
}

const noteColumns = {
  id: lectureNotes.id,
  courseId: lectureNotes.courseId,
  lectureId: lectureNotes.lectureId,
  lectureTitle: lectures.title,
  lectureDuration: lectures.durationSeconds,
  sectionId: sections.id,
  sectionTitle: sections.title,
  positionSeconds: lectureNotes.positionSeconds,
  body: lectureNotes.body,
  createdAt: lectureNotes.createdAt,
  updatedAt: lectureNotes.updatedAt,
};

function notesWithOutline(db: Db) {
  return db.select(noteColumns).from(lectureNotes).innerJoin(lectures, eq(lectures.id, lectureNotes.lectureId)).innerJoin(sections, eq(sections.id, lectures.sectionId));
}

export type NoteRow = NonNullable<Awaited<ReturnType<typeof findOwnNote>>>;

/** One of the participant's notes, with its lecture and section (undefined when it is another's, or none). */
export async function findOwnNote(db: Db, participantId: number, noteId: number) {
  const [row] = await notesWithOutline(db).where(and(eq(lectureNotes.id, noteId), eq(lectureNotes.participantId, participantId)));
  return row;
}

/**
 * The participant's notes on a course in the outline's order: section, lecture (as authored), then the
 * moment (a note on the whole lecture first), then oldest first.
 */
export function courseNotes(db: Db, participantId: number, courseId: number, limit: number, offset: number) {
  return notesWithOutline(db)
    .where(and(eq(lectureNotes.participantId, participantId), eq(lectureNotes.courseId, courseId)))
    .orderBy(
      asc(sections.position),
      asc(sections.id),
      asc(lectures.position),
      asc(lectures.id),
      sql`${lectureNotes.positionSeconds} asc nulls first`,
      asc(lectureNotes.createdAt),
      asc(lectureNotes.id),
    )
    .limit(limit)
    .offset(offset);
}

export async function insertNote(db: Db, values: typeof lectureNotes.$inferInsert): Promise<number> {
  const [row] = await db.insert(lectureNotes).values(values).returning({ id: lectureNotes.id });
  return row!.id;
}

export async function updateNote(db: Db, noteId: number, values: { body: string; positionSeconds?: number | null; updatedAt: Date }) {
  await db.update(lectureNotes).set(values).where(eq(lectureNotes.id, noteId));
}

export async function deleteNote(db: Db, participantId: number, noteId: number): Promise<boolean> {
  const rows = await db
    .delete(lectureNotes)
    .where(and(eq(lectureNotes.id, noteId), eq(lectureNotes.participantId, participantId)))
    .returning({ id: lectureNotes.id });
  return rows.length > 0;
}
