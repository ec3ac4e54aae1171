import { adminAuthoringRoutes, instructorAuthoringRoutes, quizRoutes, type AnswerBody, type MarkBody } from '@nibras/contract';
import { currentToken } from '../app/session';
import { callRoute, type ResponseData } from './http';

/** The two roles that check short answers (docs/quizzes.md): the same calls under different paths. */
export type ReviewerRole = 'instructor' | 'admin';

export type MyAssessmentItem = ResponseData<typeof quizRoutes.myAssessments>['items'][number];
export type AssessmentDetailsView = ResponseData<typeof quizRoutes.details>;
export type QuizQuestionView = AssessmentDetailsView['questions'][number];
export type SubmissionResultView = ResponseData<typeof quizRoutes.answer>;
export type SubmissionReviewView = ResponseData<typeof quizRoutes.instructorReview>;

export interface SubmissionFilter {
  course_id?: number;
  status?: 'pending' | 'passed' | 'failed';
  search?: string;
  page: number;
}

const reviewer = {
  instructor: { list: quizRoutes.instructorList, review: quizRoutes.instructorReview, mark: quizRoutes.instructorMark, unchecked: quizRoutes.instructorUnchecked },
  admin: { list: quizRoutes.adminList, review: quizRoutes.adminReview, mark: quizRoutes.adminMark, unchecked: quizRoutes.adminUnchecked },
} as const;

/** `courseId` 0: every enrolled course. */
export function fetchMyAssessments(courseId: number, page: number) {
  return callRoute(quizRoutes.myAssessments, { params: { id: courseId }, query: { page }, token: currentToken('participant') });
}

/** Looking at an assessment never starts its clock; `start` opens an attempt (or returns the one under way). */
export function fetchAssessmentDetails(assessmentId: number, page: number, start = false) {
  return callRoute(quizRoutes.details, {
    params: { id: assessmentId },
    query: start ? { page, start: 1 } : { page },
    token: currentToken('participant'),
  });
}

export function fetchMyPendingChecks() {
  return callRoute(quizRoutes.participantUnchecked, { query: { page: 1 }, token: currentToken('participant') });
}

export function submitAnswers(body: AnswerBody) {
  return callRoute(quizRoutes.answer, { body, token: currentToken('participant') });
}

export function fetchSubmissions(role: ReviewerRole, filter: SubmissionFilter) {
  const query: Record<string, string | number> = { page: filter.page };
  if (filter.course_id) query.course_id = filter.course_id;
  if (filter.status) query.status = filter.status;
  if (filter.search) query.search = filter.search;
  return callRoute(reviewer[role].list, { query, token: currentToken(role) });
}

export function fetchUnchecked(role: ReviewerRole) {
  return callRoute(reviewer[role].unchecked, { query: { page: 1, perPage: 1 }, token: currentToken(role) });
}

/** Submission `submissionId` of course `courseId` (the spec's a and b), with the right answers. */
export function fetchSubmissionReview(role: ReviewerRole, courseId: number, submissionId: number) {
  return callRoute(reviewer[role].review, { params: { a: courseId, b: submissionId }, token: currentToken(role) });
}

export function markSubmission(role: ReviewerRole, body: MarkBody) {
  return callRoute(reviewer[role].mark, { body, token: currentToken(role) });
}

/** Courses to filter by: the instructor's own, or every course for an admin (the first 100 by title). */
export async function fetchCourseChoices(role: ReviewerRole): Promise<{ id: number; title: string }[]> {
  const options = { token: currentToken(role), query: { page: 1 }, body: { perPage: 100, sortConfig: { key: 'title' as const, direction: 'asc' as const } } };
  const result = role === 'instructor' ? await callRoute(instructorAuthoringRoutes.myCourses, options) : await callRoute(adminAuthoringRoutes.list, options);
  return result.data.items.map((course) => ({ id: course.id, title: course.title }));
}
