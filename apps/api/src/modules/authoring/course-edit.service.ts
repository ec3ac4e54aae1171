import { mailLinks } from '@nibras/contract';
import type { CourseState } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import type { Db } from '../../db/client';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { invalidateCatalog } from '../catalog/catalog.service';
import { notifyAdmins, recipientName, siteLink } from '../mail/mail.service';
import { refreshCourseSearchText } from '../search/search.service';
import { presentState } from './authoring.presenter';
import { completionFacts, findLiveCourse, lockLiveCourse, updateCourse, type CourseRow } from './authoring.queries';
import { removeVideoFiles } from '../video/video-files';

/**
 * Instructors touch only their own courses; admins any. A course that does not exist or was
 * deleted is 404 for everyone; a live course of someone else is 403 for an instructor.
 */
export function assertCourseAccess(user: RequestUser, course: CourseRow | undefined): asserts course is CourseRow {
  if (!course) throw new AppError('api.authoring.course_not_found', 404);
  if (user.role === 'instructor' && course.instructorId !== user.id) throw new AppError('api.authoring.not_your_course', 403);
  if (user.role !== 'instructor' && user.role !== 'admin') throw new AppError('api.auth.wrong_role', 403);
}

export async function requireCourseAccess(ctx: AppContext, user: RequestUser, courseId: number): Promise<CourseRow> {
  const course = await findLiveCourse(ctx.db, courseId);
  assertCourseAccess(user, course);
  return course;
}

/** Which required steps (1, 2, 4, 6) are not complete. */
export async function missingSteps(db: Db, courseId: number): Promise<number[]> {
  const f = await completionFacts(db, courseId);
  const missing: number[] = [];
  if (!f.hasCategory) missing.push(1);
  if (!f.hasContent) missing.push(2);
  // Every lecture must have its content (a video's file, an article's text, a PDF's file): a participant never meets an empty one.
  if (f.lectureCount === 0 || f.lecturesWithoutContent > 0) missing.push(4);
  if (f.tagCount === 0) missing.push(6);
  return missing;
}

export async function courseState(ctx: AppContext, course: CourseRow): Promise<CourseState> {
  return presentState(course, await missingSteps(ctx.db, course.id));
}

/**
 * search_text is made of title, subtitle, description, tags and instructor name: call after any
 * of them changes (steps 1, 2 and 6, tag removal). The search module owns how it is built.
 */
export async function afterCourseContentChanged(ctx: AppContext, courseId: number): Promise<void> {
  await refreshCourseSearchText(ctx.db, courseId);
}

export interface EditContext {
  tx: Db;
  course: CourseRow;
  /** Storage keys to delete once the change is committed (never before: a rollback must find them). */
  removeFiles: string[];
}

export interface EditOptions {
  /** Step 6: a complete course not yet approved goes to review. */
  submit?: boolean;
  /** The change touched what search_text is made of. */
  searchText?: boolean;
}

export interface EditOutcome<T> {
  value: T;
  course: CourseRow;
  state: CourseState;
  /** What the save did to the review status, for the answer's message. */
  transition: 'none' | 'submitted' | 'withdrawn';
}

/**
 * Every change to a course goes through here, in one transaction with the course row locked:
 * the access check, the change, then the completion and review rules:
 *  - saving step 6 with steps 1, 2, 4 and 6 complete submits a draft or rejected course (pending);
 *  - an approved course stays approved and public when edited, but may not lose a required step
 *    (409, nothing saved): it would be public half-empty;
 *  - a pending course that loses a required step is withdrawn from review (draft).
 * Files are removed and caches dropped only after the commit.
 */
export async function editCourse<T>(ctx: AppContext, user: RequestUser, courseId: number, change: (edit: EditContext) => Promise<T>, opts: EditOptions = {}): Promise<EditOutcome<T>> {
  const removeFiles: string[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const before = await lockLiveCourse(tx, courseId);
    assertCourseAccess(user, before);
    const missingBefore = await missingSteps(tx, courseId);
    const value = await change({ tx, course: before, removeFiles });
    const missing = await missingSteps(tx, courseId);
    const complete = missing.length === 0;
    // Only a step this change made incomplete counts: a course approved before a rule existed stays editable.
    const lost = missing.filter((step) => !missingBefore.includes(step));
    let approveStatus = before.approveStatus;
    let submittedAt = before.submittedAt;
    let transition: EditOutcome<T>['transition'] = 'none';
    if (approveStatus === 'approved' && lost.length > 0) {
      throw new AppError('api.authoring.approved_must_stay_complete', 409, { params: { steps: lost.join(', ') } });
    }
    if (opts.submit && complete && approveStatus !== 'approved') {
      approveStatus = 'pending';
      submittedAt = new Date();
      transition = 'submitted';
    } else if (approveStatus === 'pending' && lost.length > 0) {
      approveStatus = 'draft';
      transition = 'withdrawn';
    }
    const after = await updateCourse(tx, courseId, { approveStatus, submittedAt, completionStatus: complete ? 'complete' : 'incomplete', updatedAt: new Date() });
    return { value, before, after, missing, transition };
  });
  await Promise.all(removeFiles.map((key) => removeVideoFiles(ctx.storage, key)));
  if (result.before.approveStatus === 'approved' || result.after.approveStatus === 'approved') invalidateCatalog(ctx);
  if (opts.searchText) await afterCourseContentChanged(ctx, courseId);
  if (result.transition === 'submitted') await notifySubmitted(ctx, result.after);
  return { value: result.value, course: result.after, state: presentState(result.after, result.missing), transition: result.transition };
}

/** A course waits for review: every admin who has not turned it off is told, with a link to the course's review screen. */
async function notifySubmitted(ctx: AppContext, course: CourseRow): Promise<void> {
  const instructor = await recipientName(ctx, course.instructorId);
  await notifyAdmins(ctx, (to) => ({
    kind: 'course_submitted',
    params: { name: to.name, course: course.title, instructor, link: siteLink(ctx, mailLinks.adminCourse(course.id)) },
  }));
}

/** The answer's message for a change: what it did to the review status first, else `done`. */
export function saveMessage(outcome: EditOutcome<unknown>, opts: { submit?: boolean; done?: string } = {}): string {
  if (outcome.transition === 'submitted') return 'api.authoring.submitted';
  if (outcome.transition === 'withdrawn') return 'api.authoring.withdrawn';
  if (opts.submit && outcome.state.missing_steps.length > 0) return 'api.authoring.saved_incomplete';
  return opts.done ?? 'api.authoring.saved';
}
