import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminAuthoringRoutes, instructorAuthoringRoutes, quizReviewRoutes, quizRoutes, type AnswerBody, type MarkBody } from '@nibras/contract';
import { callRoute, fetchFile, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

/** The two roles that check short answers (docs/quizzes.md): the same calls under different paths. */
export type ReviewerRole = 'instructor' | 'admin';

export type MyAssessmentItem = ResponseData<typeof quizRoutes.myAssessments>['items'][number];
export type AssessmentDetailsView = ResponseData<typeof quizRoutes.details>;
export type QuizQuestionView = AssessmentDetailsView['questions'][number];
/** A submission as the results list shows it. */
export type SubmissionResultView = AssessmentDetailsView['results']['items'][number];
/** The answer to a submission: the result, and the certificate when that pass completed the course. */
export type SubmittedResultView = ResponseData<typeof quizRoutes.answer>;
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

/**
 * The assessment as it stands once `result` was submitted, made from page 1 of the details that held
 * the attempt: the attempt closed, the result first among the results, the participant standing as
 * the result does (an attempt opens only while nothing passed or waits, docs/quizzes.md), and another
 * attempt possible after a fail while attempts are left. The attempts used and left already counted it.
 */
export function withSubmission(details: AssessmentDetailsView, result: SubmissionResultView): AssessmentDetailsView {
  const earlier = details.results.items.filter((item) => item.id !== result.id);
  const listed = earlier.length < details.results.items.length;
  return {
    ...details,
    attempt: null,
    standing: result.status,
    can_start: result.status === 'failed' && details.assessment.question_count > 0 && details.attempts_left !== 0,
    results: { ...details.results, items: [result, ...earlier].slice(0, details.results.perPage), total: details.results.total + (listed ? 0 : 1) },
  };
}

/**
 * After a submission its answer is the assessment's new state: when page 1 held the attempt, it takes
 * the result at once and nothing is asked of the server again. The other pages of results have moved
 * on and load when next shown; a submission made from another page (the screen goes back to page 1)
 * has no page 1 to build on, so the assessment loads again.
 */
export function recordSubmission(client: QueryClient, assessmentId: number, result: SubmissionResultView): void {
  const firstPage = quizQueries.assessment(assessmentId, 1).queryKey;
  const shown = client.getQueryData(firstPage);
  const held = shown !== undefined && shown.details.attempt?.id === result.id;
  void client.invalidateQueries({ queryKey: [...quizKeys.participant, 'details', assessmentId], refetchType: held ? 'none' : 'active' });
  if (held) client.setQueryData(firstPage, { ...shown, details: withSubmission(shown.details, result) });
}

export function markSubmission(role: ReviewerRole, body: MarkBody) {
  return callRoute(quizReviewRoutes[role].mark, { body });
}

/** A course's results (the submissions the list's filters keep) as CSV or XLSX. */
export function exportSubmissions(role: ReviewerRole, format: 'csv' | 'xlsx', filter: SubmissionFilter) {
  return fetchFile(quizReviewRoutes[role].export, {
    query: { format, ...(filter.course_id ? { course_id: filter.course_id } : {}), ...(filter.status ? { status: filter.status } : {}), ...(filter.search ? { search: filter.search } : {}) },
  });
}
