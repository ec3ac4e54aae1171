import { queryOptions } from '@tanstack/react-query';
import { adminAuthoringRoutes, instructorAuthoringRoutes, quizReviewRoutes, quizRoutes, type AnswerBody, type MarkBody } from '@nibras/contract';
import { callRoute, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

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

export const quizKeys = {
  all: ['quiz'] as const,
  /** The participant's assessments, attempts and results. */
  participant: ['quiz', 'participant'] as const,
  /** A reviewer's submission lists, reviews and counts. */
  reviewer: (role: ReviewerRole) => ['quiz', role] as const,
};

/** What the assessment page shows, with when it arrived: the attempt's clock runs from the server's time then. */
export interface LoadedAssessment {
  details: AssessmentDetailsView;
  receivedAt: number;
}

/** Looking at an assessment never starts its clock; `start` opens an attempt (or returns the one under way). */
export async function loadAssessment(assessmentId: number, page: number, start = false): Promise<LoadedAssessment> {
  const details = (await callRoute(quizRoutes.details, { params: { id: assessmentId }, query: start ? { page, start: 1 } : { page } })).data;
  return { details, receivedAt: Date.now() };
}

function submissionQuery(filter: SubmissionFilter): Record<string, string | number> {
  const query: Record<string, string | number> = { page: filter.page };
  if (filter.course_id) query.course_id = filter.course_id;
  if (filter.status) query.status = filter.status;
  if (filter.search) query.search = filter.search;
  return query;
}

export const quizQueries = {
  /** `courseId` 0: every enrolled course. */
  myAssessments: (courseId: number, page: number) =>
    routeQuery([...quizKeys.participant, 'assessments', courseId, page], quizRoutes.myAssessments, { params: { id: courseId }, query: { page } }),
  myPendingChecks: () => routeQuery([...quizKeys.participant, 'pending'], quizRoutes.participantUnchecked, { query: { page: 1 } }),
  assessment: (assessmentId: number, page: number) =>
    queryOptions({ queryKey: [...quizKeys.participant, 'details', assessmentId, page], queryFn: () => loadAssessment(assessmentId, page), meta: { access: 'participant' as const } }),
  submissions: (role: ReviewerRole, filter: SubmissionFilter) => routeQuery([...quizKeys.reviewer(role), 'submissions', filter], quizReviewRoutes[role].list, { query: submissionQuery(filter) }),
  uncheckedCount: (role: ReviewerRole) => routeQuery([...quizKeys.reviewer(role), 'unchecked'], quizReviewRoutes[role].unchecked, { query: { page: 1, perPage: 1 } }),
  /** Submission `submissionId` of course `courseId` (the spec's a and b), with the right answers. */
  review: (role: ReviewerRole, courseId: number, submissionId: number) =>
    routeQuery([...quizKeys.reviewer(role), 'review', courseId, submissionId], quizReviewRoutes[role].review, { params: { a: courseId, b: submissionId } }),
  /** Courses to filter by: the instructor's own, or every course for an admin (the first 100 by title). */
  courseChoices: (role: ReviewerRole) =>
    queryOptions({
      queryKey: [...quizKeys.reviewer(role), 'courses'],
      queryFn: async (): Promise<{ id: number; title: string }[]> => {
        const options = { query: { page: 1 }, body: { perPage: 100, sortConfig: { key: 'title' as const, direction: 'asc' as const } } };
        const result = role === 'instructor' ? await callRoute(instructorAuthoringRoutes.myCourses, options) : await callRoute(adminAuthoringRoutes.list, options);
        return result.data.items.map((course) => ({ id: course.id, title: course.title }));
      },
      meta: { access: role },
    }),
};

export function submitAnswers(body: AnswerBody) {
  return callRoute(quizRoutes.answer, { body });
}

export function markSubmission(role: ReviewerRole, body: MarkBody) {
  return callRoute(quizReviewRoutes[role].mark, { body });
}
