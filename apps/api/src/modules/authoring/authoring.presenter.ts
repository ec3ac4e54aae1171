import type { z } from 'zod';
import type { authoringAssessment, authoringLecture, authoringQuestion, step1Data, step2Data, step3Data, step4Data, step5Data, step6Data } from '@nibras/contract';
import { fromMinor, type AuthoringCourseItem, type CourseState } from '@nibras/contract';
import { categoryOf } from '../../db/course-projection';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { previewGrant, previewUrl } from '../media/media.service';
import type { AssessmentTree, TopicTree } from './assessments.queries';
import type { CourseRow, LectureRow, ListRow } from './authoring.queries';
import type { ResourceRow } from './outline.queries';
import type { VideoFacts } from '../video/video.service';

/**
 * Only these functions decide which course fields leave the server, and under which names. Files
 * of a course being authored are shown through preview URLs signed for the viewer (media module).
 */

export function presentState(course: CourseRow, missing: number[]): CourseState {
  return {
    approve_status: course.approveStatus,
    completion_status: course.completionStatus,
    missing_steps: missing,
    is_public: course.approveStatus === 'approved' && !course.deletedAt,
    review_message: course.reviewMessage,
    submitted_at: course.submittedAt ? course.submittedAt.toISOString() : null,
    reviewed_at: course.reviewedAt ? course.reviewedAt.toISOString() : null,
    created_at: course.createdAt.toISOString(),
    updated_at: course.updatedAt.toISOString(),
  };
}

export function presentStep1(
  course: CourseRow,
  info: { instructorName: string; categoryId: number | null; categorySlug: string | null; categoryAr: string | null; categoryEn: string | null },
  currency: string,
): z.infer<typeof step1Data> {
  return {
    id: course.id,
    instructor_id: course.instructorId,
    instructor: { id: course.instructorId, name: info.instructorName },
    title: course.title,
    subtitle: course.subtitle,
    category_id: info.categoryId,
    category: categoryOf(info),
    language: course.language,
    level: course.level,
    price: fromMinor(course.priceMinor, currency),
    priceMinor: course.priceMinor,
    currency,
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

export async function presentLecture(ctx: AppContext, viewer: RequestUser, l: LectureRow, facts: VideoFacts, resources: ResourceRow[]): Promise<z.infer<typeof authoringLecture>> {
  const own = resources.filter((r) => r.lectureId === l.id);
  const grant = l.video || l.pdf || own.length || facts.captions.has(l.id) ? await previewGrant(ctx, viewer, l.courseId, 'lecture', l.id) : null;
  return {
    id: l.id,
    section_id: l.sectionId,
    title: l.title,
    position: l.position,
    is_free_preview: l.isFreePreview,
    duration_seconds: l.durationSeconds,
    has_video: !!l.video,
    video_url: l.video && grant ? `/api/${viewer.role}/course/media?t=${grant}` : null,
    streaming: facts.streaming.get(l.id) ?? null,
    captions: (facts.captions.get(l.id) ?? []).map((lang) => ({ lang, url: `/api/media/lecture/${l.id}/captions/${lang}?t=${grant}` })),
    type: l.type,
    article_html: l.articleHtml,
    pdf_url: l.pdf && grant ? `/api/media/lecture/${l.id}/pdf?t=${grant}` : null,
    pdf_downloadable: l.pdfDownloadable,
    resources: own.map((r) => ({ id: r.id, name: r.originalName, content_type: r.contentType, size: r.size, url: `/api/media/lecture/${l.id}/resource/${r.id}?t=${grant}` })),
  };
}

export async function presentStep4(
  ctx: AppContext,
  viewer: RequestUser,
  courseId: number,
  outline: ({ id: number; title: string; position: number; lectures: LectureRow[] } & SectionRelease)[],
  facts: VideoFacts,
  resources: ResourceRow[],
): Promise<z.infer<typeof step4Data>> {
  return {
    id: courseId,
    sections: await Promise.all(
      outline.map(async (s) => ({
        id: s.id,
        title: s.title,
        position: s.position,
        lectures: await Promise.all(s.lectures.map((l) => presentLecture(ctx, viewer, l, facts, resources))),
        ...presentRelease(s),
      })),
    ),
  };
}

/** A section's scheduled release as stored (docs/authoring.md). */
export interface SectionRelease {
  opensAt: Date | null;
  opensAfterDays: number | null;
}

export function presentRelease(s: SectionRelease) {
  return { opens_at: s.opensAt ? s.opensAt.toISOString() : null, opens_after_days: s.opensAfterDays };
}

export function presentQuestion(q: AssessmentTree['questions'][number]): z.infer<typeof authoringQuestion> {
  return {
    id: q.id,
    assessment_id: q.assessmentId,
    topic_id: q.topicId,
    type: q.type,
    text: q.text,
    points: q.points,
    position: q.position,
    accepted_answers: q.acceptedAnswers,
    numeric_answer: q.numericAnswer,
    tolerance: q.numericTolerance,
    options: q.options.map((o) => ({ id: o.id, question_id: o.questionId, text: o.text, is_correct: o.isCorrect, match: o.matchText, position: o.position })),
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
    shuffle: a.shuffle,
    position: a.position,
    questions: a.questions.map(presentQuestion),
    draws: a.draws.map((d) => ({ topic_id: d.topicId, count: d.count, points: d.points })),
  };
}

export function presentStep5(courseId: number, assessments: AssessmentTree[], topics: TopicTree[]): z.infer<typeof step5Data> {
  return {
    id: courseId,
    assessments: assessments.map(presentAssessment),
    topics: topics.map((t) => ({ id: t.id, course_id: t.courseId, title: t.title, position: t.position, questions: t.questions.map(presentQuestion) })),
  };
}

export function presentStep6(courseId: number, tags: { id: number; name: string }[]): z.infer<typeof step6Data> {
  return { id: courseId, tags };
}

export async function presentListItem(ctx: AppContext, viewer: RequestUser, r: ListRow): Promise<AuthoringCourseItem> {
  const c = r.course;
  return {
    id: c.id,
    title: c.title,
    subtitle: c.subtitle,
    language: c.language,
    level: c.level,
    price: fromMinor(c.priceMinor, ctx.config.currency),
    priceMinor: c.priceMinor,
    currency: ctx.config.currency,
    category: categoryOf(r),
    instructor: { id: c.instructorId, name: r.instructorName },
    cover_image_url: c.coverImage ? await previewUrl(ctx, viewer, c.id, 'cover') : null,
    approve_status: c.approveStatus,
    completion_status: c.completionStatus,
    is_public: c.approveStatus === 'approved',
    review_message: c.reviewMessage,
    enrollment_count: r.enrollmentCount ?? 0,
    lecture_count: r.lectureCount ?? 0,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    submitted_at: c.submittedAt ? c.submittedAt.toISOString() : null,
    reviewed_at: c.reviewedAt ? c.reviewedAt.toISOString() : null,
  };
}
