import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { COVER_WIDTHS, toMinor, step3UploadFields, type approveBody, type step1Body, type step2Body, type step3Body, type step3UnlinkBody, type step6Body, mailLinks } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { variantKeys } from '../../lib/image-variants';
import { sanitizePlainText, sanitizeRichText } from '../../lib/sanitize';
import type { Db } from '../../db/client';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { invalidateCatalog } from '../catalog/catalog.service';
import { notifyUser, siteLink } from '../mail/mail.service';
import { notify } from '../notifications/notifications.service';
import { afterCourseContentChanged, assertCourseAccess, courseState, editCourse, missingSteps, requireCourseAccess, saveMessage } from './course-edit.service';
import { presentState } from './authoring.presenter';
import {
  categoryExists,
  courseBlockers,
  courseLectureFileKeys,
  courseTagRows,
  deleteCourseRow,
  findInstructor,
  insertCourse,
  lockLiveCourse,
  removeCourseTag,
  replaceCourseTags,
  softDeleteCourse,
  updateCourse,
  upsertTags,
} from './authoring.queries';
import { step1Data, step2Data, step3Data, step6Data } from './steps.service';
import { receiveUploadWithFields } from './upload-fields';
import { fieldError, idOf, plainLines, requiredPlain } from './authoring.input';
import { removeVideoFiles } from '../video/video-files';

/** Instructors' step 1 has no instructor_id at all (the contract refuses it); admins' may name one. */
type Step1Input = z.output<typeof step1Body> & { instructor_id?: number | undefined };

// ---------------------------------------------------------------------------------------------
// Step 1: creates the course (draft) or updates it

function priceInMinorUnits(ctx: AppContext, price: number): number {
  const minor = toMinor(price, ctx.config.currency);
  if (minor === null) throw fieldError('price', 'api.authoring.price_cents');
  return minor;
}

export async function saveStep1(ctx: AppContext, user: RequestUser, body: Step1Input) {
  const ownerFromBody = user.role === 'admin' ? body.instructor_id : undefined;
  const values = {
    title: requiredPlain(body.title, 'title'),
    subtitle: sanitizePlainText(body.subtitle),
    categoryId: body.category_id,
    language: body.language,
    level: body.level,
    // Typed in major units (49.5), kept in minor units (4950): a price with more decimals than the currency has is refused.
    priceMinor: priceInMinorUnits(ctx, body.price),
  };
  const checkReferences = async (db: Db) => {
    if (!(await categoryExists(db, body.category_id))) throw fieldError('category_id', 'api.authoring.category_not_found');
    if (ownerFromBody !== undefined && !(await findInstructor(db, ownerFromBody))) throw fieldError('instructor_id', 'api.authoring.instructor_not_found');
  };
  const id = idOf(body.id);
  if (id === null) {
    // Instructors own what they create; an admin creates on an instructor's behalf and must say whose.
    const instructorId = user.role === 'instructor' ? user.id : ownerFromBody;
    if (instructorId === undefined) throw fieldError('instructor_id', 'api.authoring.instructor_required');
    await checkReferences(ctx.db);
    const course = await insertCourse(ctx.db, { ...values, instructorId });
    await afterCourseContentChanged(ctx, course.id);
    return { message: 'api.authoring.created', data: { ...(await step1Data(ctx, course)), state: await courseState(ctx, course) } };
  }
  const outcome = await editCourse(
    ctx,
    user,
    id,
    async ({ tx }) => {
      await checkReferences(tx);
      await updateCourse(tx, id, { ...values, ...(ownerFromBody !== undefined ? { instructorId: ownerFromBody } : {}) });
    },
    { searchText: true },
  );
  return { message: saveMessage(outcome), data: { ...(await step1Data(ctx, outcome.course)), state: outcome.state } };
}

// ---------------------------------------------------------------------------------------------
// Step 2: content

export async function saveStep2(ctx: AppContext, user: RequestUser, body: z.output<typeof step2Body>) {
  const rich = sanitizeRichText(body.description);
  // Markup without any text ("<p></p>") is no description: step 2 stays incomplete.
  const description = sanitizePlainText(rich) ? rich : '';
  const outcome = await editCourse(
    ctx,
    user,
    body.id,
    async ({ tx }) => {
      await updateCourse(tx, body.id, { description, learnPoints: plainLines(body.learn_points), requirements: plainLines(body.requirements), audience: plainLines(body.audience) });
    },
    { searchText: true },
  );
  return { message: saveMessage(outcome), data: { ...step2Data(outcome.course), state: outcome.state } };
}

// ---------------------------------------------------------------------------------------------
// Step 3: cover image and promo video

export async function saveStep3(ctx: AppContext, user: RequestUser, body: z.output<typeof step3Body>) {
  const outcome = await editCourse(ctx, user, body.id, async ({ tx }) => {
    await updateCourse(tx, body.id, { coverAlt: sanitizePlainText(body.cover_alt) });
  });
  return { message: saveMessage(outcome), data: { ...(await step3Data(ctx, user, outcome.course)), state: outcome.state } };
}

const STEP3_COLUMN = { cover: 'coverImage', promo: 'promoVideo' } as const;

/** A stored file and, for a cover, the WebP copies the cover route may have made of it (lib/image-variants.ts). */
const withCopies = (column: 'coverImage' | 'promoVideo', key: string) => (column === 'coverImage' ? [key, ...variantKeys(key, COVER_WIDTHS)] : [key]);

export async function uploadStep3(ctx: AppContext, user: RequestUser, request: FastifyRequest) {
  const { fields, upload } = await receiveUploadWithFields(ctx, request, step3UploadFields, async (f) => {
    await requireCourseAccess(ctx, user, f.id);
    return f.field === 'cover' ? { kind: 'image', folder: 'covers' } : { kind: 'video', folder: 'promos' };
  });
  return attachStep3File(ctx, user, fields, upload.key);
}

/**
 * A stored file becomes the course's cover or promo video, replacing the old one (removed once the change
 * is committed). From a multipart upload, or a resumable one once its checks passed (resumable-uploads.ts);
 * if the course went away meanwhile, the file is removed and the error goes on.
 */
export async function attachStep3File(ctx: AppContext, user: RequestUser, fields: z.output<typeof step3UploadFields>, key: string) {
  const column = STEP3_COLUMN[fields.field];
  let outcome;
  try {
    outcome = await editCourse(ctx, user, fields.id, async ({ tx, course, removeFiles }) => {
      const old = course[column];
      if (old) removeFiles.push(...withCopies(column, old));
      await updateCourse(tx, course.id, { [column]: key });
    });
  } catch (error) {
    // The course went away (or changed hands) while the file was arriving.
    await ctx.storage.remove(key);
    throw error;
  }
  return { message: saveMessage(outcome, { done: 'api.authoring.uploaded' }), data: { ...(await step3Data(ctx, user, outcome.course)), state: outcome.state } };
}

export async function unlinkStep3(ctx: AppContext, user: RequestUser, body: z.output<typeof step3UnlinkBody>) {
  const column = STEP3_COLUMN[body.field];
  const outcome = await editCourse(ctx, user, body.id, async ({ tx, course, removeFiles }) => {
    const old = course[column];
    if (old) removeFiles.push(...withCopies(column, old));
    await updateCourse(tx, course.id, { [column]: null });
  });
  return { message: saveMessage(outcome, { done: 'api.authoring.unlinked' }), data: { ...(await step3Data(ctx, user, outcome.course)), state: outcome.state } };
}

// ---------------------------------------------------------------------------------------------
// Step 6: tags; submits for review

export async function saveStep6(ctx: AppContext, user: RequestUser, body: z.output<typeof step6Body>) {
  const byLower = new Map<string, string>();
  body.tags.forEach((raw, i) => {
    const name = sanitizePlainText(raw).replace(/\s+/g, ' ');
    if (!name) throw fieldError(`tags.${i}`, 'api.validation.required');
    if (!byLower.has(name.toLowerCase())) byLower.set(name.toLowerCase(), name);
  });
  const opts = { submit: true, searchText: true };
  const outcome = await editCourse(
    ctx,
    user,
    body.id,
    async ({ tx, course }) => {
      const rows = await upsertTags(tx, [...byLower.values()]);
      await replaceCourseTags(tx, course.id, rows.map((r) => r.id));
    },
    opts,
  );
  return { message: saveMessage(outcome, opts), data: { ...(await step6Data(ctx, body.id)), state: outcome.state } };
}

export async function getTag(ctx: AppContext, user: RequestUser, courseId: number, tagId: number) {
  await requireCourseAccess(ctx, user, courseId);
  const tag = (await courseTagRows(ctx.db, courseId)).find((t) => t.id === tagId);
  if (!tag) throw new AppError('api.authoring.item_not_found', 404);
  return { ...tag, course_id: courseId };
}

/** Removes the tag from this course only (the tag itself may label other courses). */
export async function deleteTag(ctx: AppContext, user: RequestUser, courseId: number, tagId: number) {
  const outcome = await editCourse(
    ctx,
    user,
    courseId,
    async ({ tx }) => {
      if (!(await removeCourseTag(tx, courseId, tagId))) throw new AppError('api.authoring.item_not_found', 404);
    },
    { searchText: true },
  );
  return { message: saveMessage(outcome, { done: 'api.authoring.deleted' }), data: { ...(await step6Data(ctx, courseId)), state: outcome.state } };
}

// ---------------------------------------------------------------------------------------------
// Delete

/**
 * A course with enrolments (or orders waiting for payment) is part of someone's learning or
 * money: refused, it can be unpublished instead. Otherwise the course and its files go. A course
 * whose only orders were cancelled keeps a row (marked deleted, files gone) for the order history.
 */
export async function deleteCourse(ctx: AppContext, user: RequestUser, courseId: number) {
  const { files, wasPublic } = await ctx.db.transaction(async (tx) => {
    const course = await lockLiveCourse(tx, courseId);
    assertCourseAccess(user, course);
    const blockers = await courseBlockers(tx, courseId);
    if (blockers.enrollments > 0) throw new AppError('api.authoring.delete_has_enrollments', 409);
    if (blockers.liveOrders > 0) throw new AppError('api.authoring.delete_has_orders', 409);
    const videos = await courseLectureFileKeys(tx, courseId);
    const keys = [...(course.coverImage ? withCopies('coverImage', course.coverImage) : []), course.promoVideo, ...videos].filter((k): k is string => !!k);
    if (blockers.orders > 0) await softDeleteCourse(tx, courseId);
    else await deleteCourseRow(tx, courseId);
    return { files: keys, wasPublic: course.approveStatus === 'approved' };
  });
  await Promise.all(files.map((key) => removeVideoFiles(ctx.storage, key)));
  if (wasPublic) invalidateCatalog(ctx);
  return { id: courseId };
}

// ---------------------------------------------------------------------------------------------
// Review

/**
 * approved: public at once (only a complete course that was submitted, or rejected before);
 * rejected: back to the instructor with the message, who fixes it and saves step 6 again.
 * Rejecting an approved course unpublishes it; enrolled participants keep studying it.
 */
export async function reviewCourse(ctx: AppContext, admin: RequestUser, body: z.output<typeof approveBody>) {
  const message = sanitizePlainText(body.message);
  if (body.approve_status === 'rejected' && !message) throw fieldError('message', 'api.authoring.reject_message_required');
  const result = await ctx.db.transaction(async (tx) => {
    const course = await lockLiveCourse(tx, body.id);
    assertCourseAccess(admin, course);
    if (course.approveStatus === 'draft') throw new AppError('api.authoring.not_submitted', 409);
    const missing = await missingSteps(tx, course.id);
    if (body.approve_status === 'approved' && missing.length > 0) throw new AppError('api.authoring.incomplete', 409, { params: { steps: missing.join(', ') } });
    const after = await updateCourse(tx, course.id, {
      approveStatus: body.approve_status,
      reviewMessage: message,
      reviewedAt: new Date(),
      reviewedBy: admin.id,
      completionStatus: missing.length ? 'incomplete' : 'complete',
    });
    return { before: course, after, missing };
  });
  if (result.before.approveStatus === 'approved' || result.after.approveStatus === 'approved') invalidateCatalog(ctx);
  // In the instructor's language, whatever the admin's: with the admin's message and a link to the course.
  await notify(ctx, result.after.instructorId, 'course_reviewed', { course: result.after.title, approved: body.approve_status === 'approved' }, mailLinks.instructorCourse(body.id));
  await notifyUser(ctx, result.after.instructorId, (to) => ({
    kind: 'course_reviewed',
    params: { name: to.name, course: result.after.title, approved: body.approve_status === 'approved', message, link: siteLink(ctx, mailLinks.instructorCourse(body.id)) },
  }));
  return {
    message: body.approve_status === 'approved' ? 'api.authoring.approved' : 'api.authoring.rejected',
    data: { id: body.id, state: presentState(result.after, result.missing) },
  };
}
