import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { courseOutline } from '../catalog/catalog.service';
import { courseAssessments, courseTopics } from './assessments.queries';
import { presentStep1, presentStep2, presentStep3, presentStep4, presentStep5, presentStep6 } from './authoring.presenter';
import { basicInfo, courseTagRows, enrollmentCount, type CourseRow } from './authoring.queries';
import { courseState, requireCourseAccess } from './course-edit.service';
import { videoFacts } from '../video/video.service';
import { lectureResourceRows } from './outline.queries';

/** What each step's form shows, as the edit/stepN reads and every save answer it. */

export async function step1Data(ctx: AppContext, course: CourseRow) {
  return presentStep1(course, await basicInfo(ctx.db, course.id), ctx.config.currency);
}

export const step2Data = (course: CourseRow) => presentStep2(course);

export const step3Data = (ctx: AppContext, viewer: RequestUser, course: CourseRow) => presentStep3(ctx, viewer, course);

export async function step4Data(ctx: AppContext, viewer: RequestUser, courseId: number) {
  const outline = await courseOutline(ctx, courseId);
  const lectures = outline.flatMap((s) => s.lectures);
  const [facts, resources] = await Promise.all([videoFacts(ctx, lectures), lectureResourceRows(ctx.db, lectures.map((l) => l.id))]);
  return presentStep4(ctx, viewer, courseId, outline, facts, resources);
}

export async function step5Data(ctx: AppContext, courseId: number) {
  const [assessments, topics] = await Promise.all([courseAssessments(ctx.db, courseId), courseTopics(ctx.db, courseId)]);
  return presentStep5(courseId, assessments, topics);
}

export async function step6Data(ctx: AppContext, courseId: number) {
  return presentStep6(courseId, await courseTagRows(ctx.db, courseId));
}

async function readStep<T extends object>(ctx: AppContext, user: RequestUser, courseId: number, read: (course: CourseRow) => T | Promise<T>) {
  const course = await requireCourseAccess(ctx, user, courseId);
  const [state, data] = await Promise.all([courseState(ctx, course), read(course)]);
  return { ...data, state };
}

export const editStep1 = (ctx: AppContext, user: RequestUser, id: number) => readStep(ctx, user, id, (c) => step1Data(ctx, c));
export const editStep2 = (ctx: AppContext, user: RequestUser, id: number) => readStep(ctx, user, id, (c) => step2Data(c));
export const editStep3 = (ctx: AppContext, user: RequestUser, id: number) => readStep(ctx, user, id, (c) => step3Data(ctx, user, c));
export const editStep4 = (ctx: AppContext, user: RequestUser, id: number) => readStep(ctx, user, id, () => step4Data(ctx, user, id));
export const editStep5 = (ctx: AppContext, user: RequestUser, id: number) => readStep(ctx, user, id, () => step5Data(ctx, id));
export const editStep6 = (ctx: AppContext, user: RequestUser, id: number) => readStep(ctx, user, id, () => step6Data(ctx, id));

/** GET list/{id}/a (admin) and list/{id}/b (instructor): every step at once. */
export async function wholeCourse(ctx: AppContext, user: RequestUser, courseId: number) {
  const course = await requireCourseAccess(ctx, user, courseId);
  const [state, step1, step3, step4, step5, step6, enrolled] = await Promise.all([
    courseState(ctx, course),
    step1Data(ctx, course),
    step3Data(ctx, user, course),
    step4Data(ctx, user, courseId),
    step5Data(ctx, courseId),
    step6Data(ctx, courseId),
    enrollmentCount(ctx.db, courseId),
  ]);
  return { id: courseId, state, step1, step2: step2Data(course), step3, step4, step5, step6, enrollment_count: enrolled };
}
