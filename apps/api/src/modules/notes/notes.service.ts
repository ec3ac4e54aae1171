import { NOTES_PER_COURSE_MAX, NOTES_PER_PAGE } from '@nibras/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { Language } from '../../lib/i18n';
import { renderNotesPdf } from '../../lib/notes-pdf';
import { hitPerClockMinute } from '../../lib/rate-limiter';
import { sanitizePlainText, withoutInvisibleControls } from '../../lib/sanitize';
import type { RequestUser } from '../../plugins/auth';
import { notesMarkdown } from './notes-markdown';
import { presentNote, presentNotePage } from './notes.presenter';
import { courseAccess, courseNotes, deleteNote, findOwnNote, insertNote, lectureOfCourse, lockEnrolment, noteCount, updateNote } from './notes.queries';

/** Every note written, changed or deleted counts against the participant's budget per minute of the clock. */
function countWrite(ctx: AppContext, user: RequestUser) {
  return hitPerClockMinute(ctx.limiter, `notes:${user.id}`, ctx.config.rateLimits.notesPerMinute, 'api.notes.too_many', ctx.now());
}

/** The text a reader sees, as messages keep it: no markup, no invisible controls. */
function cleanBody(text: string): string {
  const clean = sanitizePlainText(withoutInvisibleControls(text));
  if (!clean) throw new AppError('api.validation.failed', 400, { fields: { body: 'api.notes.empty' } });
  return clean;
}

/** A moment past the end of a lecture whose length is known is refused; 0 (unknown length) allows any. */
function checkPosition(position: number | null | undefined, durationSeconds: number) {
  if (position != null && durationSeconds > 0 && position > durationSeconds) {
    throw new AppError('api.validation.failed', 400, { fields: { position_seconds: 'api.notes.past_end' } });
  }
}

/** The course, when it exists (404) and the participant is enrolled in it (403). */
async function enrolledCourse(ctx: AppContext, user: RequestUser, courseId: number) {
  const course = await courseAccess(ctx.db, user.id, courseId);
  if (!course) throw new AppError('api.course.not_found', 404);
  if (!course.enrolled) throw new AppError('api.learn.not_enrolled', 403);
  return course;
}

/** One of the participant's own notes, on a course they are still enrolled in; another's is 404 as a missing one. */
async function ownNote(ctx: AppContext, user: RequestUser, noteId: number) {
  const row = await findOwnNote(ctx.db, user.id, noteId);
  if (!row) throw new AppError('api.notes.not_found', 404);
  return row;
}

export async function listNotes(ctx: AppContext, user: RequestUser, courseId: number, page: number) {
  await enrolledCourse(ctx, user, courseId);
  const [rows, total] = await Promise.all([courseNotes(ctx.db, user.id, courseId, NOTES_PER_PAGE, (page - 1) * NOTES_PER_PAGE), noteCount(ctx.db, user.id, courseId)]);
  return presentNotePage(rows, { page, perPage: NOTES_PER_PAGE, total });
}

export async function addNote(ctx: AppContext, user: RequestUser, courseId: number, input: { lecture_id: number; position_seconds?: number | null | undefined; body: string }) {
  const body = cleanBody(input.body);
  await enrolledCourse(ctx, user, courseId);
  const lecture = await lectureOfCourse(ctx.db, input.lecture_id, courseId);
  if (!lecture) throw new AppError('api.notes.lecture_not_found', 404, { fields: { lecture_id: 'api.notes.lecture_not_found' } });
  checkPosition(input.position_seconds, lecture.durationSeconds);
  await countWrite(ctx, user);
  const now = new Date(ctx.now());
  const id = await ctx.db.transaction(async (tx) => {
    // Enrolment locked: notes written at once are counted one after the other.
    if (!(await lockEnrolment(tx, user.id, courseId))) throw new AppError('api.learn.not_enrolled', 403);
    if ((await noteCount(tx, user.id, courseId)) >= NOTES_PER_COURSE_MAX) {
      throw new AppError('api.notes.course_full', 409);
    }
    return insertNote(tx, { participantId: user.id, courseId, lectureId: lecture.id, positionSeconds: input.position_seconds ?? null, body, createdAt: now, updatedAt: now });
  });
  return presentNote((await findOwnNote(ctx.db, user.id, id))!);
}

export async function editNote(ctx: AppContext, user: RequestUser, noteId: number, input: { body: string; position_seconds?: number | null | undefined }) {
  const body = cleanBody(input.body);
  const note = await ownNote(ctx, user, noteId);
  await enrolledCourse(ctx, user, note.courseId);
  checkPosition(input.position_seconds, note.lectureDuration);
  await countWrite(ctx, user);
  await updateNote(ctx.db, note.id, { body, ...(input.position_seconds !== undefined ? { positionSeconds: input.position_seconds } : {}), updatedAt: new Date(ctx.now()) });
  return presentNote((await findOwnNote(ctx.db, user.id, note.id))!);
}

/** Deleting one's own note needs no enrolment: a participant whose enrolment ended may still clear their notes. */
export async function removeNote(ctx: AppContext, user: RequestUser, noteId: number) {
  await ownNote(ctx, user, noteId);
  await countWrite(ctx, user);
  if (!(await deleteNote(ctx.db, user.id, noteId))) throw new AppError('api.notes.not_found', 404);
  return { id: noteId };
}

/** Every note of the course (at most NOTES_PER_COURSE_MAX), in the list's order, for an export. */
async function exportData(ctx: AppContext, user: RequestUser, courseId: number) {
  const course = await enrolledCourse(ctx, user, courseId);
  const rows = await courseNotes(ctx.db, user.id, courseId, NOTES_PER_COURSE_MAX, 0);
  return { courseId, courseTitle: course.title, notes: rows, exportedAt: new Date(ctx.now()) };
}

export async function notesAsMarkdown(ctx: AppContext, user: RequestUser, courseId: number, language: Language) {
  const data = await exportData(ctx, user, courseId);
  return { courseId, markdown: notesMarkdown({ ...data, language }) };
}

export async function notesAsPdf(ctx: AppContext, user: RequestUser, courseId: number, language: Language) {
  const data = await exportData(ctx, user, courseId);
  return { courseId, pdf: await renderNotesPdf({ ...data, language, participantName: user.name }) };
}
