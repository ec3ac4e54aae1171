import { z } from 'zod';
import { numeric } from './numbers';
import { envelope, idParam, listData, pageQuery } from './envelope';
import { ROLES, type RouteDef } from './route-def';

/**
 * Questions and answers per lecture (docs/questions.md): a course's participants ask on a lecture, at a
 * time of its video or not; participants and the instructor answer and upvote; the instructor accepts an
 * answer and works through the unanswered ones; the instructor and admins hide or delete posts with a reason.
 */

export const QUESTION_TITLE_MAX = 200;
export const QUESTION_BODY_MAX = 5000;
export const QUESTION_REASON_MAX = 500;
/** Questions per page of a list, answers per page of a thread. */
export const QUESTIONS_PER_PAGE = 20;
export const ANSWERS_PER_PAGE = 50;
export const QUESTION_POST_KINDS = ['question', 'answer'] as const;
export type QuestionPostKind = (typeof QUESTION_POST_KINDS)[number];

const id = numeric(z.number().int().min(1).max(2_147_483_647));
const kind = z.enum(QUESTION_POST_KINDS);
const reason = z.string().trim().min(1).max(QUESTION_REASON_MAX).describe('Why (1 to 500 characters); kept in the moderation record');

export const questionPerson = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(ROLES),
  /** The course's instructor (answers show it). */
  instructor: z.boolean(),
});
export type QuestionPerson = z.infer<typeof questionPerson>;

/** Set on a hidden post; participants never see a hidden post, the instructor and admins see it marked. */
export const questionHidden = z.object({ at: z.string(), reason: z.string(), by: z.string().describe("The moderator's name") });

export const question = z.object({
  id: z.number().int(),
  course: z.object({ id: z.number().int(), title: z.string() }),
  lecture: z.object({ id: z.number().int(), title: z.string() }),
  title: z.string(),
  body: z.string(),
  positionSeconds: z.number().int().nullable().describe("The time of the lecture's video the question is about; null: none"),
  author: questionPerson,
  answerCount: z.number().int().describe('Answers not hidden'),
  upvotes: z.number().int(),
  upvoted: z.boolean().describe('By the signed-in user'),
  acceptedAnswerId: z.number().int().nullable(),
  /** No answer of the instructor and none accepted: in the instructor's queue. */
  unanswered: z.boolean(),
  hidden: questionHidden.nullable(),
  mine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Question = z.infer<typeof question>;

export const questionAnswer = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  body: z.string(),
  author: questionPerson,
  upvotes: z.number().int(),
  upvoted: z.boolean(),
  accepted: z.boolean(),
  hidden: questionHidden.nullable(),
  mine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuestionAnswer = z.infer<typeof questionAnswer>;

export const questionThread = z.object({
  question,
  /** The accepted answer first, then the most upvoted, then the oldest. */
  answers: z.array(questionAnswer),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  /** The course's instructor or an admin: may hide and delete any post. */
  canModerate: z.boolean(),
  /** The course's instructor: may accept an answer. */
  canAccept: z.boolean(),
});
export type QuestionThread = z.infer<typeof questionThread>;

export const questionList = listData(question);
export type QuestionList = z.infer<typeof questionList>;

export const questionAskBody = z.strictObject({
  lecture_id: id,
  title: z.string().trim().min(1).max(QUESTION_TITLE_MAX).describe('1 to 200 characters; any markup is removed'),
  body: z.string().trim().max(QUESTION_BODY_MAX).default('').describe('Up to 5,000 characters of plain text; any markup is removed'),
  position_seconds: numeric(z.number().int().min(0).max(86_400)).nullable().optional().describe("A time of the lecture's video, in seconds"),
});

export const questionAnswerBody = z.strictObject({
  body: z.string().trim().min(1).max(QUESTION_BODY_MAX).describe('1 to 5,000 characters of plain text; any markup is removed'),
});

export const questionPostRef = z.strictObject({ kind, id });

export const questionEditBody = z.strictObject({
  kind,
  id,
  title: z.string().trim().min(1).max(QUESTION_TITLE_MAX).optional().describe('A question only'),
  body: z.string().trim().max(QUESTION_BODY_MAX),
});

export const questionRemoveBody = z.strictObject({
  kind,
  id,
  reason: z.string().trim().max(QUESTION_REASON_MAX).optional().describe("Needed when the post is not the caller's own"),
});

export const questionHideBody = z.strictObject({ kind, id, reason });

export const questionAcceptBody = z.strictObject({ answer_id: id.nullable().describe('The answer to accept; null: none') });

export const questionUpvoteData = z.object({ kind, id: z.number().int(), upvoted: z.boolean(), upvotes: z.number().int() });

export const courseQuestionsQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional().describe("Words of a question's title or text, folded as course search folds them"),
});

export const QUESTION_QUEUE_SCOPES = ['unanswered', 'recent'] as const;
export const questionQueueQuery = pageQuery.extend({
  scope: z.enum(QUESTION_QUEUE_SCOPES).default('unanswered').describe('unanswered: oldest first; recent: every question, newest first'),
});

function roleRoutes<R extends (typeof ROLES)[number]>(r: R) {
  return {
    lecture: {
      method: 'GET' as const, path: `/api/${r}/questions/lecture/:id`, access: r, tags: ['questions'], errors: [404] as const,
      summary: "A lecture's questions, newest first", params: idParam, query: pageQuery, response: envelope(questionList),
    },
    course: {
      method: 'GET' as const, path: `/api/${r}/questions/course/:id`, access: r, tags: ['questions'], errors: [404] as const,
      summary: "A course's questions, newest first; `search` keeps those whose title or text has every word (folded as course search folds them)",
      params: idParam, query: courseQuestionsQuery, response: envelope(questionList),
    },
    thread: {
      method: 'GET' as const, path: `/api/${r}/questions/thread/:id`, access: r, tags: ['questions'], errors: [404] as const,
      summary: 'One question with its answers', params: idParam, query: pageQuery, response: envelope(questionThread),
    },
    answer: {
      method: 'POST' as const, path: `/api/${r}/questions/thread/:id/answer`, access: r, tags: ['questions'], errors: [404, 429] as const,
      summary: 'Answer a question', params: idParam, body: questionAnswerBody, response: envelope(questionAnswer),
    },
    upvote: {
      method: 'POST' as const, path: `/api/${r}/questions/upvote`, access: r, tags: ['questions'], errors: [404] as const,
      summary: 'Upvote a question or an answer, or take the upvote back (one per person and post; not your own)', body: questionPostRef, response: envelope(questionUpvoteData),
    },
    edit: {
      method: 'POST' as const, path: `/api/${r}/questions/edit`, access: r, tags: ['questions'], errors: [404, 429] as const,
      summary: 'Edit your own question or answer', body: questionEditBody, response: envelope(z.object({ kind, id: z.number().int() })),
    },
    remove: {
      method: 'POST' as const, path: `/api/${r}/questions/delete`, access: r, tags: ['questions'], errors: [404] as const,
      summary: "Delete a question (with its answers) or an answer: your own, or, for the course's instructor and admins, anyone's with a reason (recorded)",
      body: questionRemoveBody, response: envelope(z.object({ kind, id: z.number().int() })),
    },
  };
}

function moderatorRoutes<R extends 'instructor' | 'admin'>(r: R) {
  return {
    hide: {
      method: 'POST' as const, path: `/api/${r}/questions/hide`, access: r, tags: ['questions'], errors: [404] as const,
      summary: 'Hide a post from participants, with a reason (recorded); the instructor and admins still see it, marked',
      body: questionHideBody, response: envelope(z.object({ kind, id: z.number().int() })),
    },
    unhide: {
      method: 'POST' as const, path: `/api/${r}/questions/unhide`, access: r, tags: ['questions'], errors: [404] as const,
      summary: 'Show a hidden post again', body: questionPostRef, response: envelope(z.object({ kind, id: z.number().int() })),
    },
    queue: {
      method: 'GET' as const, path: `/api/${r}/questions/queue`, access: r, tags: ['questions'],
      summary: r === 'instructor'
        ? "Your courses' questions: the unanswered ones (no answer of yours, none accepted, not hidden), oldest first; or every one, newest first"
        : "Every course's questions: the unanswered ones, oldest first; or every one, newest first",
      query: questionQueueQuery, response: envelope(questionList),
    },
  };
}

const participant = roleRoutes('participant');
const instructor = { ...roleRoutes('instructor'), ...moderatorRoutes('instructor') };
const admin = { ...roleRoutes('admin'), ...moderatorRoutes('admin') };

export const questionRoutes = {
  participantLecture: participant.lecture,
  participantCourse: participant.course,
  participantThread: participant.thread,
  participantAsk: {
    method: 'POST', path: '/api/participant/questions/ask', access: 'participant', tags: ['questions'], errors: [404, 429],
    summary: 'Ask a question on a lecture of a course you are enrolled in, at a time of its video or not', body: questionAskBody, response: envelope(question),
  },
  participantAnswer: participant.answer,
  participantUpvote: participant.upvote,
  participantEdit: participant.edit,
  participantRemove: participant.remove,
  instructorLecture: instructor.lecture,
  instructorCourse: instructor.course,
  instructorThread: instructor.thread,
  instructorAnswer: instructor.answer,
  instructorUpvote: instructor.upvote,
  instructorEdit: instructor.edit,
  instructorRemove: instructor.remove,
  instructorHide: instructor.hide,
  instructorUnhide: instructor.unhide,
  instructorQueue: instructor.queue,
  instructorAccept: {
    method: 'POST', path: '/api/instructor/questions/thread/:id/accept', access: 'instructor', tags: ['questions'], errors: [404, 409],
    summary: 'Accept an answer to a question of your course (or none)', params: idParam, body: questionAcceptBody, response: envelope(question),
  },
  adminLecture: admin.lecture,
  adminCourse: admin.course,
  adminThread: admin.thread,
  adminAnswer: admin.answer,
  adminUpvote: admin.upvote,
  adminEdit: admin.edit,
  adminRemove: admin.remove,
  adminHide: admin.hide,
  adminUnhide: admin.unhide,
  adminQueue: admin.queue,
} satisfies Record<string, RouteDef>;

const byRole = { participant, instructor, admin };

/** The routes every role shares, for one role's screens (a function: the route walkers of the tests see each route once). */
export function questionRoutesOf<R extends keyof typeof byRole>(role: R): (typeof byRole)[R] {
  return byRole[role];
}
