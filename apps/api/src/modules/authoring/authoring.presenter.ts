import type { z } from 'zod';
import type { authoringAssessment, authoringLecture, step1Data, step2Data, step3Data, step4Data, step5Data, step6Data } from '@nibras/contract';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { courseOutline } from '../catalog/catalog.queries';
import { previewUrl } from './media-preview';
import { basicInfo, courseAssessments, courseTagRows, type AssessmentTree, type CourseRow, type LectureRow } from './authoring.queries';

/** Only these functions decide which course fields leave the server, and under which names. */

/** The category columns of a joined row (null when the course has none). */
export function presentCategory(r: { categoryId: number | null; categorySlug: string | null; categoryAr: string | null; categoryEn: string | null }) {
  return r.categoryId ? { id: r.categoryId, slug: r.categorySlug!, name_ar: r.categoryAr!, name_en: r.categoryEn! } : null;
}

export async function presentStep1(ctx: AppContext, course: CourseRow): Promise<z.infer<typeof step1Data>> {
  const info = await basicInfo(ctx.db, course.id);
  return {
    id: course.id,
    instructor_id: course.instructorId,
    instructor: { id: course.instructorId, name: info.instructorName },
    title: course.title,
    subtitle: course.subtitle,
    category_id: info.categoryId,
    category: presentCategory(info),
    language: course.language,
    level: course.level,
    price: Number(course.price),
  };
}

export function presentStep2(course: CourseRow): z.infer<typeof step2Data> {
  return { id: course.id, description: course.description, learn_points: course.learnPoints, requirements: course.requirements, audience: course.audience };
}

export async function presentStep3(ctx: AppContext, viewer: RequestUser, course: CourseRow): Promise<z.infer<typeof step3Data>> {
  return {
    id: course.id,
    cover_alt: course.coverAlt,
    cover_image_url: course.coverImage ? await previewUrl(ctx, viewer, course.id, 'cover') : null,
    promo_video_url: course.promoVideo ? await previewUrl(ctx, viewer, course.id, 'promo') : null,
  };
}

export async function presentLecture(ctx: AppContext, viewer: RequestUser, l: LectureRow): Promise<z.infer<typeof authoringLecture>> {
  return {
    id: l.id,
    section_id: l.sectionId,
    title: l.title,
    position: l.position,
    is_free_preview: l.isFreePreview,
    duration_seconds: l.durationSeconds,
    has_video: !!l.video,
    video_url: l.video ? await previewUrl(ctx, viewer, l.courseId, 'lecture', l.id) : null,
  };
}

export async function presentStep4(ctx: AppContext, viewer: RequestUser, courseId: number): Promise<z.infer<typeof step4Data>> {
  const outline = await courseOutline(ctx.db, courseId);
  return {
    id: courseId,
    sections: await Promise.all(
      outline.map(async (s) => ({ id: s.id, title: s.title, position: s.position, lectures: await Promise.all(s.lectures.map((l) => presentLecture(ctx, viewer, l))) })),
    ),
  };
}

export function presentAssessment(a: AssessmentTree): z.infer<typeof authoringAssessment> {
  return {
    id: a.id,
    course_id: a.courseId,
    title: a.title,
    pass_mark: a.passMark,
    time_limit_minutes: a.timeLimitMinutes,
    max_attempts: a.maxAttempts,
    position: a.position,
    questions: a.questions.map((q) => ({
      id: q.id,
      assessment_id: q.assessmentId,
      type: q.type,
      text: q.text,
      points: q.points,
      position: q.position,
      accepted_answers: q.acceptedAnswers,
      options: q.options.map((o) => ({ id: o.id, question_id: o.questionId, text: o.text, is_correct: o.isCorrect, position: o.position })),
    })),
  };
}

export async function presentStep5(ctx: AppContext, courseId: number): Promise<z.infer<typeof step5Data>> {
  return { id: courseId, assessments: (await courseAssessments(ctx.db, courseId)).map(presentAssessment) };
}

export async function presentStep6(ctx: AppContext, courseId: number): Promise<z.infer<typeof step6Data>> {
  return { id: courseId, tags: await courseTagRows(ctx.db, courseId) };
}
