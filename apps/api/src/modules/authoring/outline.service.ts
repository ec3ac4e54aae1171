import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AUTHORING_LIMITS, step4UploadFields, type step4ArticleBody, type step4Body, type step4CaptionsBody, type step4UnlinkBody } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { editCourse, requireCourseAccess, saveMessage } from './course-edit.service';
import { presentLecture, presentRelease } from './authoring.presenter';
import { collectPlain, fieldError, idOf } from './authoring.input';
import { courseLectures } from './authoring.queries';
import {
  courseSectionIds,
  deleteLectureRow,
  deleteResourceRow,
  deleteSectionRow,
  findLecture,
  findResource,
  findSection,
  insertLectures,
  insertResource,
  insertSections,
  lectureResourceRows,
  resourceCount,
  resourceKeys,
  sectionLectures,
  setLectureArticle,
  setLecturePdf,
  setLectureVideo,
  updateLectures,
  updateSections,
} from './outline.queries';
import { cmsRich } from '../cms/cms.service';
import { sanitizePlainText, withoutInvisibleControls } from '../../lib/sanitize';
import { step4Data } from './steps.service';
import { receiveUploadWithFields } from './upload-fields';
import { mp4DurationSeconds } from './video-duration';
import { captionsAsWebVtt, forgetLadder, queueLadder, removeCaptions, storeCaptions, videoFacts } from '../video/video.service';

const itemNotFound = () => new AppError('api.authoring.item_not_found', 404);

/**
 * Step 4 saves the outline as listed: new sections and lectures (no id) are added, existing ones
 * renamed, reordered and moved. Every existing section and lecture must be listed: a form opened
 * before someone else's change cannot delete by leaving things out (deletes are explicit calls).
 */
export async function saveStep4(ctx: AppContext, user: RequestUser, body: z.output<typeof step4Body>) {
  const outcome = await editCourse(ctx, user, body.id, async ({ tx, course }) => {
    const [sectionIds, existing] = await Promise.all([courseSectionIds(tx, course.id), courseLectures(tx, course.id)]);
    const knownSections = new Set(sectionIds);
    const knownLectures = new Set(existing.map((l) => l.id));
    const problems: Record<string, string> = {};
    const seenSections = new Set<number>();
    const seenLectures = new Set<number>();
    const titles = body.sections.map((s, i) => {
      const sid = idOf(s.id);
      if (sid !== null) {
        if (!knownSections.has(sid)) problems[`sections.${i}.id`] = 'api.authoring.not_in_course';
        else if (seenSections.has(sid)) problems[`sections.${i}.id`] = 'api.authoring.duplicate_id';
        seenSections.add(sid);
      }
      return {
        title: collectPlain(s.title, `sections.${i}.title`, problems),
        lectures: s.lectures.map((l, j) => {
          const lid = idOf(l.id);
          if (lid !== null) {
            if (!knownLectures.has(lid)) problems[`sections.${i}.lectures.${j}.id`] = 'api.authoring.not_in_course';
            else if (seenLectures.has(lid)) problems[`sections.${i}.lectures.${j}.id`] = 'api.authoring.duplicate_id';
            seenLectures.add(lid);
          }
          return collectPlain(l.title, `sections.${i}.lectures.${j}.title`, problems);
        }),
      };
    });
    if (Object.keys(problems).length) throw new AppError('api.validation.failed', 400, { fields: problems });
    if (sectionIds.some((id) => !seenSections.has(id)) || existing.some((l) => !seenLectures.has(l.id))) {
      throw new AppError('api.authoring.outline_stale', 409, { fields: { sections: 'api.authoring.outline_stale' } });
    }

    const newSections = body.sections.flatMap((s, i) => (idOf(s.id) === null ? [{ courseId: course.id, title: titles[i]!.title, position: i, ...(releaseOf(s) ?? {}) }] : []));
    const inserted = await insertSections(tx, newSections);
    const newSectionAt = new Map(inserted.map((r) => [r.position, r.id]));
    const sectionIdAt = (i: number) => idOf(body.sections[i]!.id) ?? newSectionAt.get(i)!;
    await updateSections(
      tx,
      course.id,
      body.sections.flatMap((s, i) => {
        const release = releaseOf(s);
        return idOf(s.id) === null
          ? []
          : [{ id: idOf(s.id)!, title: titles[i]!.title, position: i, keep_release: !release, opens_at: release?.opensAt?.toISOString() ?? null, opens_after_days: release?.opensAfterDays ?? null }];
      }),
    );

    const lectureRows = body.sections.flatMap((s, i) =>
      s.lectures.map((l, j) => ({
        id: idOf(l.id),
        sectionId: sectionIdAt(i),
        title: titles[i]!.lectures[j]!,
        position: j,
        isFreePreview: l.is_free_preview,
        duration: l.duration_seconds,
        type: l.type,
        pdfDownloadable: l.pdf_downloadable,
      })),
    );
    const newLectures = lectureRows.filter((l) => l.id === null);
    await insertLectures(
      tx,
      newLectures.map((l) => ({
        courseId: course.id,
        sectionId: l.sectionId,
        title: l.title,
        position: l.position,
        isFreePreview: l.isFreePreview,
        durationSeconds: l.duration ?? 0,
        type: l.type ?? 'video',
        pdfDownloadable: l.pdfDownloadable ?? false,
      })),
    );
    await updateLectures(
      tx,
      course.id,
      lectureRows.flatMap((l) =>
        l.id === null
          ? []
          : [
              {
                id: l.id,
                section_id: l.sectionId,
                title: l.title,
                position: l.position,
                is_free_preview: l.isFreePreview,
                duration_seconds: l.duration ?? null,
                type: l.type ?? null,
                pdf_downloadable: l.pdfDownloadable ?? null,
              },
            ],
      ),
    );
  });
  return { message: saveMessage(outcome), data: { ...(await step4Data(ctx, user, body.id)), state: outcome.state } };
}

/**
 * A section's scheduled release from the body (docs/authoring.md): a date or a number of days, never both (the contract
 * refuses both); undefined when the body names neither, which keeps the section's rule as it is.
 */
function releaseOf(s: { opens_at?: string | null | undefined; opens_after_days?: number | null | undefined }) {
  if (s.opens_at === undefined && s.opens_after_days === undefined) return undefined;
  return { opensAt: s.opens_at ? new Date(s.opens_at) : null, opensAfterDays: s.opens_after_days ?? null };
}

export async function getSection(ctx: AppContext, user: RequestUser, courseId: number, sectionId: number) {
  await requireCourseAccess(ctx, user, courseId);
  const section = await findSection(ctx.db, courseId, sectionId);
  if (!section) throw itemNotFound();
  const rows = await sectionLectures(ctx.db, sectionId);
  const [facts, resources] = await Promise.all([videoFacts(ctx, rows), lectureResourceRows(ctx.db, rows.map((l) => l.id))]);
  return {
    id: section.id,
    course_id: courseId,
    title: section.title,
    position: section.position,
    lectures: await Promise.all(rows.map((l) => presentLecture(ctx, user, l, facts, resources))),
    ...presentRelease(section),
  };
}

export async function getLecture(ctx: AppContext, user: RequestUser, courseId: number, lectureId: number) {
  await requireCourseAccess(ctx, user, courseId);
  const lecture = await findLecture(ctx.db, courseId, lectureId);
  if (!lecture) throw itemNotFound();
  const [facts, resources] = await Promise.all([videoFacts(ctx, [lecture]), lectureResourceRows(ctx.db, [lecture.id])]);
  return { ...(await presentLecture(ctx, user, lecture, facts, resources)), course_id: courseId };
}

/** Deleting a section deletes its lectures and their videos; the rest close ranks. */
export async function deleteSection(ctx: AppContext, user: RequestUser, courseId: number, sectionId: number) {
  const outcome = await editCourse(ctx, user, courseId, async ({ tx, removeFiles }) => {
    const section = await findSection(tx, courseId, sectionId);
    if (!section) throw itemNotFound();
    removeFiles.push(...(await deleteSectionRow(tx, section)));
  });
  return { message: saveMessage(outcome, { done: 'api.authoring.deleted' }), data: { ...(await step4Data(ctx, user, courseId)), state: outcome.state } };
}

export async function deleteLecture(ctx: AppContext, user: RequestUser, courseId: number, lectureId: number) {
  const outcome = await editCourse(ctx, user, courseId, async ({ tx, removeFiles }) => {
    const lecture = await findLecture(tx, courseId, lectureId);
    if (!lecture) throw itemNotFound();
    removeFiles.push(...[lecture.video, lecture.pdf].filter((k): k is string => !!k), ...(await resourceKeys(tx, [lecture.id])));
    await deleteLectureRow(tx, lecture);
  });
  return { message: saveMessage(outcome, { done: 'api.authoring.deleted' }), data: { ...(await step4Data(ctx, user, courseId)), state: outcome.state } };
}

/** Where each of a lecture's uploads goes, and what its bytes must be (lib/uploads.ts). */
const LECTURE_UPLOADS = { video: { kind: 'video', folder: 'lectures' }, pdf: { kind: 'pdf', folder: 'lecture-pdfs' }, resource: { kind: 'resource', folder: 'lecture-resources' } } as const;

/**
 * A lecture's video, PDF or resource: checked for access and ownership of the lecture (and a resource for room in
 * its list) before a byte is stored; a video or PDF replaces the old one.
 */
export async function uploadLectureVideo(ctx: AppContext, user: RequestUser, request: FastifyRequest) {
  const { fields, upload } = await receiveUploadWithFields(ctx, request, step4UploadFields, async (f) => {
    await requireCourseAccess(ctx, user, f.id);
    if (!(await findLecture(ctx.db, f.id, f.lecture_id))) throw fieldError('lecture_id', 'api.authoring.not_in_course');
    if (f.target === 'resource' && (await resourceCount(ctx.db, f.lecture_id)) >= AUTHORING_LIMITS.resourcesPerLecture) {
      throw new AppError('api.authoring.too_many_resources', 409, { fields: { file: 'api.authoring.too_many_resources' }, params: { max: AUTHORING_LIMITS.resourcesPerLecture } });
    }
    return LECTURE_UPLOADS[f.target];
  });
  if (fields.target === 'video') return attachLectureVideo(ctx, user, fields, upload);
  return attachLectureDocument(ctx, user, fields, upload);
}

/** The name a resource is downloaded under: the uploaded name as plain text, no path, no invisible controls, at most 200 characters. */
function resourceName(name: string, ext: string): string {
  const base = sanitizePlainText(withoutInvisibleControls(name.split(/[\\/]/).pop() ?? ''))
    .replace(/[\r\n\t]/g, ' ')
    .slice(0, 200)
    .trim();
  return base || `resource.${ext}`;
}

/** A stored PDF becomes the lecture's (the old one removed after the commit), or a resource joins its list; if the lecture went away meanwhile, the file is removed. */
async function attachLectureDocument(ctx: AppContext, user: RequestUser, fields: z.output<typeof step4UploadFields>, upload: { key: string; mime: string; size: number; originalName: string }) {
  let outcome;
  try {
    outcome = await editCourse(ctx, user, fields.id, async ({ tx, removeFiles }) => {
      const lecture = await findLecture(tx, fields.id, fields.lecture_id);
      if (!lecture) throw fieldError('lecture_id', 'api.authoring.not_in_course');
      if (fields.target === 'pdf') {
        if (lecture.pdf) removeFiles.push(lecture.pdf);
        await setLecturePdf(tx, lecture.id, upload.key);
      } else {
        const ext = upload.key.split('.').pop() ?? '';
        await insertResource(tx, { lectureId: lecture.id, storageKey: upload.key, originalName: resourceName(upload.originalName, ext), contentType: upload.mime, size: upload.size });
      }
    });
  } catch (error) {
    await ctx.storage.remove(upload.key);
    throw error;
  }
  return { message: saveMessage(outcome, { done: 'api.authoring.uploaded' }), data: { ...(await step4Data(ctx, user, fields.id)), state: outcome.state } };
}

/** An article lecture's text, sanitised to the content pages' allow-list (cms's `cmsRich`): an empty document is stored as ''. */
export async function saveArticle(ctx: AppContext, user: RequestUser, body: z.output<typeof step4ArticleBody>) {
  const html = cmsRich(body.html);
  const outcome = await editCourse(ctx, user, body.id, async ({ tx }) => {
    const lecture = await findLecture(tx, body.id, body.lecture_id);
    if (!lecture) throw fieldError('lecture_id', 'api.authoring.not_in_course');
    await setLectureArticle(tx, lecture.id, html);
  });
  return { message: saveMessage(outcome), data: { ...(await step4Data(ctx, user, body.id)), state: outcome.state } };
}

export async function deleteResource(ctx: AppContext, user: RequestUser, courseId: number, resourceId: number) {
  const outcome = await editCourse(ctx, user, courseId, async ({ tx, removeFiles }) => {
    const resource = await findResource(tx, courseId, resourceId);
    if (!resource) throw itemNotFound();
    removeFiles.push(resource.storageKey);
    await deleteResourceRow(tx, resource);
  });
  return { message: saveMessage(outcome, { done: 'api.authoring.deleted' }), data: { ...(await step4Data(ctx, user, courseId)), state: outcome.state } };
}

/**
 * A stored video becomes the lecture's, replacing the old one (removed once the change is committed), its
 * length read from the file when it is an MP4. From a multipart upload, or a resumable one once its checks
 * passed (resumable-uploads.ts); if the lecture or course went away meanwhile, the file is removed.
 */
export async function attachLectureVideo(ctx: AppContext, user: RequestUser, fields: z.output<typeof step4UploadFields>, upload: { key: string; mime: string }) {
  let outcome;
  try {
    const duration = upload.mime === 'video/mp4' ? await mp4DurationSeconds(ctx.storage, upload.key).catch(() => null) : null;
    outcome = await editCourse(ctx, user, fields.id, async ({ tx, removeFiles }) => {
      const lecture = await findLecture(tx, fields.id, fields.lecture_id);
      if (!lecture) throw fieldError('lecture_id', 'api.authoring.not_in_course');
      if (lecture.video) removeFiles.push(lecture.video);
      await setLectureVideo(tx, lecture.id, upload.key, duration ?? undefined);
      await queueLadder(tx, lecture.id, upload.key);
    });
  } catch (error) {
    // The lecture or course went away while the file was arriving.
    await ctx.storage.remove(upload.key);
    throw error;
  }
  // The streaming ladder is made by the video worker (modules/video), of this process or another.
  ctx.video.wake();
  return { message: saveMessage(outcome, { done: 'api.authoring.uploaded' }), data: { ...(await step4Data(ctx, user, fields.id)), state: outcome.state } };
}

export async function unlinkLectureVideo(ctx: AppContext, user: RequestUser, body: z.output<typeof step4UnlinkBody>) {
  const outcome = await editCourse(ctx, user, body.id, async ({ tx, removeFiles }) => {
    const lecture = await findLecture(tx, body.id, body.lecture_id);
    if (!lecture) throw fieldError('lecture_id', 'api.authoring.not_in_course');
    if (body.target === 'pdf') {
      if (lecture.pdf) removeFiles.push(lecture.pdf);
      await setLecturePdf(tx, lecture.id, null);
      return;
    }
    if (lecture.video) removeFiles.push(lecture.video);
    await setLectureVideo(tx, lecture.id, null);
    await forgetLadder(tx, lecture.id);
  });
  return { message: saveMessage(outcome, { done: 'api.authoring.unlinked' }), data: { ...(await step4Data(ctx, user, body.id)), state: outcome.state } };
}

/** A lecture's captions in one language, added or replaced: the text must read as WebVTT or SRT (it is kept cleaned). */
export async function addCaptions(ctx: AppContext, user: RequestUser, body: z.output<typeof step4CaptionsBody>) {
  const vtt = await captionsAsWebVtt(body.text);
  if (!vtt) throw fieldError('text', 'api.captions.unreadable');
  const outcome = await editCourse(ctx, user, body.id, async ({ tx }) => {
    const lecture = await findLecture(tx, body.id, body.lecture_id);
    if (!lecture) throw fieldError('lecture_id', 'api.authoring.not_in_course');
    await storeCaptions(tx, lecture.id, body.lang, vtt);
  });
  return { message: saveMessage(outcome, { done: 'api.captions.saved' }), data: { ...(await step4Data(ctx, user, body.id)), state: outcome.state } };
}

export async function deleteCaptions(ctx: AppContext, user: RequestUser, courseId: number, lectureId: number, lang: string) {
  const outcome = await editCourse(ctx, user, courseId, async ({ tx }) => {
    const lecture = await findLecture(tx, courseId, lectureId);
    if (!lecture || !(await removeCaptions(tx, lecture.id, lang))) throw itemNotFound();
  });
  return { message: saveMessage(outcome, { done: 'api.captions.removed' }), data: { ...(await step4Data(ctx, user, courseId)), state: outcome.state } };
}
