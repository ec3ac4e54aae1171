import { questionRoutes, type QuestionPostKind, type Role } from '@nibras/contract';
import { callRoute, type RequestBody, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

export type QuestionItem = ResponseData<typeof questionRoutes.participantLecture>['items'][number];
export type QuestionThreadData = ResponseData<typeof questionRoutes.participantThread>;
export type AnswerItem = QuestionThreadData['answers'][number];
export type AskBody = RequestBody<typeof questionRoutes.participantAsk>;
export type ModeratorRole = 'instructor' | 'admin';
export type QueueScope = 'unanswered' | 'recent';

/** Each role's routes of the area (the same paths under /api/{role}/questions). */
const routes = {
  participant: {
    lecture: questionRoutes.participantLecture, course: questionRoutes.participantCourse, thread: questionRoutes.participantThread, answer: questionRoutes.participantAnswer,
    upvote: questionRoutes.participantUpvote, edit: questionRoutes.participantEdit, remove: questionRoutes.participantRemove,
  },
  instructor: {
    lecture: questionRoutes.instructorLecture, course: questionRoutes.instructorCourse, thread: questionRoutes.instructorThread, answer: questionRoutes.instructorAnswer,
    upvote: questionRoutes.instructorUpvote, edit: questionRoutes.instructorEdit, remove: questionRoutes.instructorRemove,
  },
  admin: {
    lecture: questionRoutes.adminLecture, course: questionRoutes.adminCourse, thread: questionRoutes.adminThread, answer: questionRoutes.adminAnswer,
    upvote: questionRoutes.adminUpvote, edit: questionRoutes.adminEdit, remove: questionRoutes.adminRemove,
  },
} as const;
const moderation = {
  instructor: { hide: questionRoutes.instructorHide, unhide: questionRoutes.instructorUnhide, queue: questionRoutes.instructorQueue },
  admin: { hide: questionRoutes.adminHide, unhide: questionRoutes.adminUnhide, queue: questionRoutes.adminQueue },
} as const;

/** Every query of the area starts with this key: one invalidation refreshes lists, threads and the queue. */
export const questionKeys = { all: ['questions'] as const, role: (role: Role) => ['questions', role] as const };

export const questionQueries = {
  lecture: (role: Role, lectureId: number, page: number) => routeQuery([...questionKeys.role(role), 'lecture', lectureId, page], routes[role].lecture, { params: { id: lectureId }, query: { page } }),
  course: (role: Role, courseId: number, search: string, page: number) =>
    routeQuery([...questionKeys.role(role), 'course', courseId, search, page], routes[role].course, { params: { id: courseId }, query: { page, ...(search ? { search } : {}) } }),
  thread: (role: Role, id: number, page = 1) => routeQuery([...questionKeys.role(role), 'thread', id, page], routes[role].thread, { params: { id }, query: { page } }),
  queue: (role: ModeratorRole, scope: QueueScope, page: number) => routeQuery([...questionKeys.role(role), 'queue', scope, page], moderation[role].queue, { query: { scope, page } }),
};

export function askQuestion(body: AskBody) {
  return callRoute(questionRoutes.participantAsk, { body });
}
export function answerQuestion(role: Role, id: number, body: { body: string }) {
  return callRoute(routes[role].answer, { params: { id }, body });
}
export function toggleUpvote(role: Role, kind: QuestionPostKind, id: number) {
  return callRoute(routes[role].upvote, { body: { kind, id } });
}
export function editPost(role: Role, body: RequestBody<typeof questionRoutes.participantEdit>) {
  return callRoute(routes[role].edit, { body });
}
export function removePost(role: Role, kind: QuestionPostKind, id: number, reason?: string) {
  return callRoute(routes[role].remove, { body: { kind, id, ...(reason ? { reason } : {}) } });
}
export function hidePost(role: ModeratorRole, kind: QuestionPostKind, id: number, reason: string) {
  return callRoute(moderation[role].hide, { body: { kind, id, reason } });
}
export function unhidePost(role: ModeratorRole, kind: QuestionPostKind, id: number) {
  return callRoute(moderation[role].unhide, { body: { kind, id } });
}
export function acceptAnswer(questionId: number, answerId: number | null) {
  return callRoute(questionRoutes.instructorAccept, { params: { id: questionId }, body: { answer_id: answerId } });
}
