import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lectureResources, lectures, sections } from '../../db/schema';
import type { LectureRow } from './authoring.queries';

export type SectionRow = typeof sections.$inferSelect;

export async function courseSectionIds(db: Db, courseId: number): Promise<number[]> {
  const rows = await db.select({ id: sections.id }).from(sections).where(eq(sections.courseId, courseId));
  return rows.map((r) => r.id);
}

/**
 * Rows given as one JSON parameter and written with one statement: an outline of hundreds of
 * lectures costs the same number of round trips as one.
 */
export async function updateSections(
  tx: Db,
  courseId: number,
  rows: { id: number; title: string; position: number; keep_release: boolean; opens_at: string | null; opens_after_days: number | null }[],
) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update ${sections} set title = u.title, position = u.position,
      opens_at = case when u.keep_release then ${sections.opensAt} else u.opens_at end,
      opens_after_days = case when u.keep_release then ${sections.opensAfterDays} else u.opens_after_days end
    from json_to_recordset(${JSON.stringify(rows)}::json) as u(id int, title text, position int, keep_release boolean, opens_at timestamptz, opens_after_days smallint)
    where ${sections.id} = u.id and ${sections.courseId} = ${courseId}`);
}

export async function updateLectures(
  tx: Db,
  courseId: number,
  rows: {
    id: number;
    section_id: number;
    title: string;
    position: number;
    is_free_preview: boolean;
    duration_seconds: number | null;
    type: string | null;
    pdf_downloadable: boolean | null;
  }[],
) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update ${lectures} set section_id = u.section_id, title = u.title, position = u.position,
      is_free_preview = u.is_free_preview, duration_seconds = coalesce(u.duration_seconds, ${lectures.durationSeconds}),
      type = coalesce(u.type, ${lectures.type}), pdf_downloadable = coalesce(u.pdf_downloadable, ${lectures.pdfDownloadable})
    from json_to_recordset(${JSON.stringify(rows)}::json) as u(id int, section_id int, title text, position int, is_free_preview boolean, duration_seconds int, type text, pdf_downloadable boolean)
    where ${lectures.id} = u.id and ${lectures.courseId} = ${courseId}`);
}

export async function findSection(db: Db, courseId: number, sectionId: number): Promise<SectionRow | undefined> {
  const [row] = await db.select().from(sections).where(and(eq(sections.id, sectionId), eq(sections.courseId, courseId)));
  return row;
}

export async function findLecture(db: Db, courseId: number, lectureId: number): Promise<LectureRow | undefined> {
  const [row] = await db.select().from(lectures).where(and(eq(lectures.id, lectureId), eq(lectures.courseId, courseId)));
  return row;
}

export function sectionLectures(db: Db, sectionId: number): Promise<LectureRow[]> {
  return db.select().from(lectures).where(eq(lectures.sectionId, sectionId)).orderBy(asc(lectures.position), asc(lectures.id));
}

/** New sections; answers their ids by position. */
export async function insertSections(tx: Db, rows: { courseId: number; title: string; position: number; opensAt?: Date | null; opensAfterDays?: number | null }[]) {
  return rows.length ? tx.insert(sections).values(rows).returning({ id: sections.id, position: sections.position }) : [];
}

export async function insertLectures(
  tx: Db,
  rows: { courseId: number; sectionId: number; title: string; position: number; isFreePreview: boolean; durationSeconds: number; type: LectureRow['type']; pdfDownloadable: boolean }[],
) {
  if (rows.length) await tx.insert(lectures).values(rows);
}

/** The section, its lectures (their files' keys are answered, to be removed after commit), and the rest close ranks. */
export async function deleteSectionRow(tx: Db, section: SectionRow): Promise<string[]> {
  const rows = await tx.select({ id: lectures.id, video: lectures.video, pdf: lectures.pdf }).from(lectures).where(eq(lectures.sectionId, section.id));
  const keys = [...rows.flatMap((r) => [r.video, r.pdf]), ...(await resourceKeys(tx, rows.map((r) => r.id)))].filter((k): k is string => !!k);
  await tx.delete(sections).where(eq(sections.id, section.id));
  await tx
    .update(sections)
    .set({ position: sql`${sections.position} - 1` })
    .where(and(eq(sections.courseId, section.courseId), gt(sections.position, section.position)));
  return keys;
}

/** The lecture goes and the rest of its section close ranks. */
export async function deleteLectureRow(tx: Db, lecture: LectureRow) {
  await tx.delete(lectures).where(eq(lectures.id, lecture.id));
  await tx
    .update(lectures)
    .set({ position: sql`${lectures.position} - 1` })
    .where(and(eq(lectures.sectionId, lecture.sectionId), gt(lectures.position, lecture.position)));
}

export async function setLectureVideo(tx: Db, lectureId: number, video: string | null, durationSeconds?: number) {
  await tx
    .update(lectures)
    .set({ video, ...(durationSeconds !== undefined ? { durationSeconds } : {}) })
    .where(eq(lectures.id, lectureId));
}

export async function setLecturePdf(tx: Db, lectureId: number, pdf: string | null) {
  await tx.update(lectures).set({ pdf }).where(eq(lectures.id, lectureId));
}

export async function setLectureArticle(tx: Db, lectureId: number, articleHtml: string) {
  await tx.update(lectures).set({ articleHtml }).where(eq(lectures.id, lectureId));
}

export type ResourceRow = typeof lectureResources.$inferSelect;

/** The resources of these lectures, in each lecture's order. */
export function lectureResourceRows(db: Db, lectureIds: number[]): Promise<ResourceRow[]> {
  if (lectureIds.length === 0) return Promise.resolve([]);
  return db.select().from(lectureResources).where(inArray(lectureResources.lectureId, lectureIds)).orderBy(asc(lectureResources.position), asc(lectureResources.id));
}

/** The storage keys of these lectures' resources. */
export async function resourceKeys(db: Db, lectureIds: number[]): Promise<string[]> {
  return (await lectureResourceRows(db, lectureIds)).map((r) => r.storageKey);
}

export async function resourceCount(db: Db, lectureId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(lectureResources).where(eq(lectureResources.lectureId, lectureId));
  return row?.n ?? 0;
}

/** A resource at the end of its lecture's list (the lecture's row is locked by the caller's course lock). */
export async function insertResource(tx: Db, values: { lectureId: number; storageKey: string; originalName: string; contentType: string; size: number }) {
  const position = await resourceCount(tx, values.lectureId);
  await tx.insert(lectureResources).values({ ...values, position });
}

/** A resource of a lecture of this course. */
export async function findResource(db: Db, courseId: number, resourceId: number): Promise<ResourceRow | undefined> {
  const [row] = await db
    .select({ resource: lectureResources })
    .from(lectureResources)
    .innerJoin(lectures, eq(lectures.id, lectureResources.lectureId))
    .where(and(eq(lectureResources.id, resourceId), eq(lectures.courseId, courseId)));
  return row?.resource;
}

/** The resource goes and the rest of its lecture's list close ranks. */
export async function deleteResourceRow(tx: Db, resource: ResourceRow) {
  await tx.delete(lectureResources).where(eq(lectureResources.id, resource.id));
  await tx
    .update(lectureResources)
    .set({ position: sql`${lectureResources.position} - 1` })
    .where(and(eq(lectureResources.lectureId, resource.lectureId), gt(lectureResources.position, resource.position)));
}
