import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, lectureResources, lectures, users } from '../../db/schema';
import { isPublicCourse } from '../../db/public-course';

/** A lecture's files with what decides who may watch it: free preview, and its course's approval. */
export async function findLectureFile(db: Db, id: number) {
  const [row] = await db
    .select({
      id: lectures.id, video: lectures.video, free: lectures.isFreePreview, courseId: lectures.courseId, approve: courses.approveStatus,
      type: lectures.type, pdf: lectures.pdf, pdfDownloadable: lectures.pdfDownloadable,
    })
    .from(lectures)
    .innerJoin(courses, and(eq(courses.id, lectures.courseId), isNull(courses.deletedAt)))
    .where(eq(lectures.id, id));
  return row;
}

export async function findPublicCourseFiles(db: Db, id: number) {
  const [row] = await db
    .select({ id: courses.id, coverImage: courses.coverImage, promoVideo: courses.promoVideo })
    .from(courses)
    .where(and(eq(courses.id, id), isPublicCourse))
    .limit(1);
  return row;
}

/** A live course's files and owner, whatever its review status: what an authoring preview may show. */
export async function findLiveCourseFiles(db: Db, id: number) {
  const [row] = await db
    .select({ id: courses.id, instructorId: courses.instructorId, coverImage: courses.coverImage, promoVideo: courses.promoVideo })
    .from(courses)
    .where(and(eq(courses.id, id), isNull(courses.deletedAt)))
    .limit(1);
  return row;
}

export async function findLectureVideo(db: Db, courseId: number, lectureId: number): Promise<string | null> {
  const [row] = await db.select({ video: lectures.video }).from(lectures).where(and(eq(lectures.id, lectureId), eq(lectures.courseId, courseId)));
  return row?.video ?? null;
}

export async function findAvatar(db: Db, userId: number) {
  const [row] = await db.select({ id: users.id, avatar: users.avatar }).from(users).where(eq(users.id, userId));
  return row;
}

export async function isAdmin(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.role, 'admin')));
  return !!row;
}

export async function findLectureArticle(db: Db, lectureId: number): Promise<string | null> {
  const [row] = await db.select({ html: lectures.articleHtml }).from(lectures).where(eq(lectures.id, lectureId));
  return row?.html ?? null;
}

export async function findLectureResource(db: Db, lectureId: number, resourceId: number) {
  const [row] = await db
    .select({ key: lectureResources.storageKey, name: lectureResources.originalName, contentType: lectureResources.contentType })
    .from(lectureResources)
    .where(and(eq(lectureResources.id, resourceId), eq(lectureResources.lectureId, lectureId)));
  return row;
}
