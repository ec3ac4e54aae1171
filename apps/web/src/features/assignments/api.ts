import type { QueryClient } from '@tanstack/react-query';
import { assignmentGraderRoutes, assignmentRoutes, type GradeBody } from '@nibras/contract';
import { callRoute, fetchFile, uploadRoute, type RequestBody, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

/** The two roles that set and grade assignments (docs/assignments.md): the same calls under each role's path. */
export type GraderRole = 'instructor' | 'admin';

export type AuthoredAssignmentView = ResponseData<typeof assignmentRoutes.instructorList>[number];
export type MyAssignmentView = ResponseData<typeof assignmentRoutes.one>;
export type HandInView = NonNullable<MyAssignmentView['submission']>;
export type GradedSubmissionView = ResponseData<typeof assignmentRoutes.instructorSubmission>;
export type SubmissionRowView = ResponseData<typeof assignmentRoutes.instructorSubmissions>['items'][number];
export type QueueItemView = ResponseData<typeof assignmentRoutes.instructorQueue>['items'][number];

export type SubmissionStatusFilter = 'ungraded' | 'graded' | '';

/** Every query of the feature starts with 'assignments'; then the role whose session it is. */
export const assignmentKeys = {
  all: ['assignments'] as const,
  participant: ['assignments', 'participant'] as const,
  grader: (role: GraderRole) => ['assignments', role] as const,
};

/** Hand-ins and grades change under the reader (the other side acts): a screen asks again each time it opens, showing what is cached meanwhile. */
const fresh = <O extends object>(options: O) => ({ ...options, staleTime: 0 });

export const assignmentQueries = {
  /** A course's assignments with their hand-in counts, for its instructor or an admin. */
  list: (role: GraderRole, courseId: number) => fresh(routeQuery([...assignmentKeys.grader(role), 'list', courseId], assignmentGraderRoutes[role].list, { params: { id: courseId } })),
  submissions: (role: GraderRole, assignmentId: number, status: SubmissionStatusFilter, page: number) =>
    fresh(routeQuery([...assignmentKeys.grader(role), 'submissions', assignmentId, status, page], assignmentGraderRoutes[role].submissions, {
      params: { id: assignmentId },
      query: status ? { status, page } : { page },
    })),
  submission: (role: GraderRole, submissionId: number) => fresh(routeQuery([...assignmentKeys.grader(role), 'submission', submissionId], assignmentGraderRoutes[role].submission, { params: { id: submissionId } })),
  /** `courseId` 0: every course. */
  queue: (role: GraderRole, courseId: number, page: number) =>
    fresh(routeQuery([...assignmentKeys.grader(role), 'queue', courseId, page], assignmentGraderRoutes[role].queue, { query: courseId ? { course_id: courseId, page } : { page } })),
  mine: (courseId: number) => fresh(routeQuery([...assignmentKeys.participant, 'course', courseId], assignmentRoutes.mine, { params: { id: courseId } })),
  one: (assignmentId: number) => fresh(routeQuery([...assignmentKeys.participant, 'one', assignmentId], assignmentRoutes.one, { params: { id: assignmentId } })),
};

export function saveAssignment(role: GraderRole, body: RequestBody<typeof assignmentRoutes.instructorSave>) {
  return callRoute(assignmentGraderRoutes[role].save, { body });
}

export function deleteAssignment(role: GraderRole, assignmentId: number) {
  return callRoute(assignmentGraderRoutes[role].remove, { params: { id: assignmentId } });
}

export function gradeSubmission(role: GraderRole, body: GradeBody) {
  return callRoute(assignmentGraderRoutes[role].grade, { body });
}

export function submitText(assignmentId: number, text: string) {
  return callRoute(assignmentRoutes.submitText, { params: { id: assignmentId }, body: { text } });
}

export function submitFile(assignmentId: number, file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  return uploadRoute(assignmentRoutes.submitFile, { params: { id: assignmentId }, file, fileName: file.name, onProgress, ...(signal ? { signal } : {}) });
}

/** A hand-in's file: the participant's own (by assignment), or one a grader opens (by submission). */
export function downloadHandIn(who: { role: 'participant'; assignmentId: number } | { role: GraderRole; submissionId: number }): Promise<Blob> {
  return who.role === 'participant'
    ? fetchFile(assignmentRoutes.myFile, { params: { id: who.assignmentId } })
    : fetchFile(assignmentGraderRoutes[who.role].file, { params: { id: who.submissionId } });
}

/** After a hand-in the answer is the assignment's new state; the course's list (standings) loads again when next shown. */
export function recordHandIn(client: QueryClient, assignment: MyAssignmentView): void {
  client.setQueryData(assignmentQueries.one(assignment.id).queryKey, assignment);
  void client.invalidateQueries({ queryKey: [...assignmentKeys.participant, 'course', assignment.course.id] });
}
