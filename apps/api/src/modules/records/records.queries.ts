import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, enrollments, lectureProgress, lectures, sections, users } from '../../db/schema';

/** One participant's enrolment in a live course, with the course's owner and the names a record shows. */
export async function findEnrolment(db: Db, courseId: number, participantId: number) {
  const [row] = await db
    .select({
      courseId: courses.id,
      courseTitle: courses.title,
      instructorId: courses.instructorId,
      participantId: users.id,
      participantName: users.name,
      enrolledAt: enrollments.createdAt,
      completedAt: enrollments.completedAt,
    })
    .from(enrollments)
    .innerJoin(courses, and(eq(courses.id, enrollments.courseId), isNull(courses.deletedAt)))
    .innerJoin(users, eq(users.id, enrollments.participantId))
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.participantId, participantId)));
  return row;
}

/** The live course's owner, to tell an instructor's own course from another's. */
export async function courseOwner(db: Db, courseId: number): Promise<number | null | undefined> {
  const [row] = await db.select({ instructorId: courses.instructorId }).from(courses).where(and(eq(courses.id, courseId), isNull(courses.deletedAt)));
  return row?.instructorId;
}

/** Every lecture of the course in its order, with its section and the participant's progress on it (null: never opened). */
export function lecturesWithProgress(db: Db, courseId: number, participantId: number) {
  return db
    .select({
      id: lectures.id,
      title: lectures.title,
      sectionTitle: sections.title,
      type: lectures.type,
      durationSeconds: lectures.durationSeconds,
      watchedSeconds: lectureProgress.watchedSeconds,
      completedAt: lectureProgress.completedAt,
      updatedAt: lectureProgress.updatedAt,
    })
    .from(lectures)
    .innerJoin(sections, eq(sections.id, lectures.sectionId))
    .leftJoin(lectureProgress, and(eq(lectureProgress.lectureId, lectures.id), eq(lectureProgress.participantId, participantId)))
    .where(eq(lectures.courseId, courseId))
    .orderBy(asc(sections.position), asc(sections.id), asc(lectures.position), asc(lectures.id));
}
export type RecordLectureRow = Awaited<ReturnType<typeof lecturesWithProgress>>[number];
