import { z } from 'zod';
import { numeric } from './numbers';
import { envelope, listData } from './envelope';
import type { RouteDef } from './route-def';
import { certificateLink } from './certificates';
import { QUESTION_TYPES } from './authoring';

/**
 * Quizzes: participants take the assessments built in course step 5; choice questions are graded
 * at once, short answers without accepted answers wait for the instructor or an admin (docs/quizzes.md).
 */

const dbId = numeric(z.number().int().min(1).max(2_147_483_647));

export const SUBMISSION_STATUSES = ['pending', 'passed', 'failed'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
/** Where a participant stands with one assessment. */
export const ASSESSMENT_STANDINGS = ['not_started', 'in_progress', 'pending', 'passed', 'failed'] as const;
export type AssessmentStanding = (typeof ASSESSMENT_STANDINGS)[number];

/**
 * The spec builds its quiz list URLs with a second question mark (`?course_id=1?page=2`), which
 * reaches the server as `course_id = "1?page=2"`. Every value is split at "?" and what follows is
 * read as more parameters, so that form and the normal `&page=2` mean the same.
 */
export function withSecondQuestionMark<T extends z.ZodType>(schema: T) {
  return z.preprocess((raw) => {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
    const out: Record<string, unknown> = {};
    const extra: [string, string][] = [];
    for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
      if (typeof value !== 'string' || !value.includes('?')) {
        out[key] = value;
        continue;
      }
      const [first, ...rest] = value.split('?');
      out[key] = first;
      for (const part of rest) extra.push(...new URLSearchParams(part));
    }
    for (const [key, value] of extra) if (!(key in out)) out[key] = value;
    return out;
  }, schema);
}

/** A list filter: an id, or empty (the form's "all") for none. */
const optionalId = z.union([dbId, z.literal('').transform(() => undefined)]).optional();
const page = numeric(z.number().int().min(1).max(1_000_000)).default(1);
const perPage = numeric(z.number().int().min(1).max(100)).default(10);

/** Filters of the instructor's and admin's submission lists; `course_id` may carry `?page=` (see above). */
export const submissionListQuery = withSecondQuestionMark(
  z.strictObject({
    course_id: optionalId.describe('Only this course'),
    assessment_id: optionalId.describe('Only this assessment'),
    status: z.union([z.enum(SUBMISSION_STATUSES), z.literal('')]).optional().describe('pending: waiting for a short answer to be checked'),
    search: z.string().max(200).optional().describe('Part of the participant name'),
    page,
    perPage,
  }),
);
/** The submissions list's filters for its export (course, assessment, status, participant's name), and the format. */
export const submissionExportQuery = z.strictObject({
  format: z.enum(['csv', 'xlsx']).default('csv').describe('csv: UTF-8 with a byte order mark, formula-like cells defused; xlsx: a spreadsheet, right to left in Arabic'),
  course_id: optionalId.describe('Only this course'),
  assessment_id: optionalId.describe('Only this assessment'),
  status: z.union([z.enum(SUBMISSION_STATUSES), z.literal('')]).optional(),
  search: z.string().max(200).optional().describe('Part of the participant name'),
});
export const uncheckedListQuery = withSecondQuestionMark(z.strictObject({ course_id: optionalId, page, perPage }));
export const participantPageQuery = withSecondQuestionMark(z.strictObject({ page }));
/** `start=1` opens a new attempt (and starts its clock); without it the details only resume one under way. */
export const detailsQuery = withSecondQuestionMark(
  z.strictObject({
    page,
    start: z
      .enum(['1', 'true', '0', 'false'])
      .optional()
      .transform((v) => v === '1' || v === 'true')
      .describe('1: open a new attempt when one is allowed; without it the call only resumes the attempt under way'),
  }),
);

/**
 * What a participant may see of a question: never which options are correct, the accepted answers, the right order
 * or the right pairs. Ordering and matching questions name their options and choices by keys of that question (not
 * option ids, whose order would give the answer away) and list them in an order that says nothing.
 */
export const quizQuestion = z.object({
  id: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  text: z.string().describe('fill_blanks: each ___ (three or more underscores) is a blank, in order'),
  points: z.number().int(),
  options: z
    .array(z.object({ id: z.number().int(), text: z.string() }))
    .describe('Choices; matching: the prompts; ordering: the items to put in order (by key); empty for short, fill_blanks and numeric'),
  choices: z.array(z.object({ id: z.number().int(), text: z.string() })).describe('matching: what the prompts pair with (by key), in an order that says nothing; empty otherwise'),
  blanks: z.number().int().describe('fill_blanks: how many blanks the text has; 0 otherwise'),
});

const matchPair = z.strictObject({ option_id: dbId.describe("A prompt's key"), choice_id: dbId.describe("A choice's key") });

export const quizAssessment = z.object({
  id: z.number().int(),
  title: z.string(),
  course: z.object({ id: z.number().int(), title: z.string() }),
  pass_mark: z.number().int().describe('Percent of the points needed to pass'),
  time_limit_minutes: z.number().int().nullable(),
  max_attempts: z.number().int().nullable().describe('Null: unlimited'),
  shuffle: z.boolean().describe('Each attempt gets the questions and options in an order of its own'),
  question_count: z.number().int().describe('Per attempt: its own questions and those drawn from the question bank'),
  total_points: z.number().int().describe('Per attempt: drawn questions count with the points their draw gives them'),
});

export const openAttempt = z.object({
  id: z.number().int(),
  number: z.number().int().describe('1 for the first attempt'),
  started_at: z.string(),
  deadline: z.string().nullable().describe('Null without a time limit; answers are accepted until a short grace after it'),
  server_now: z.string().describe("The server's clock, for a countdown that does not trust the device's"),
});

export const answerResult = z.object({
  answer_id: z.number().int(),
  question_id: z.number().int(),
  option_ids: z.array(z.number().int()).describe('What the participant chose; ordering: the keys in the order given'),
  text: z.string().nullable().describe('What the participant typed (short answers)'),
  matches: z.array(z.object({ option_id: z.number().int(), choice_id: z.number().int() })).describe('matching: the pairs given, by key; empty otherwise'),
  blanks: z.array(z.string()).describe('fill_blanks: what was typed in each blank, in order; empty otherwise'),
  number: z.number().nullable().describe('numeric: the number given; null otherwise'),
  correct: z.boolean().nullable().describe('Null while a short answer waits to be checked'),
  points_awarded: z.number().int().nullable(),
  points: z.number().int(),
  feedback: z.string().nullable(),
});

/** A submitted attempt as its participant sees it: per question right or wrong, never the right options. */
export const submissionResult = z.object({
  id: z.number().int().describe('The submission (= attempt) id'),
  assessment_id: z.number().int(),
  number: z.number().int(),
  status: z.enum(SUBMISSION_STATUSES),
  score: z.number().int().describe('Points so far; pending short answers count 0 until checked'),
  max_score: z.number().int(),
  percent: z.number().int(),
  pass_mark: z.number().int(),
  submitted_at: z.string(),
  checked_at: z.string().nullable(),
  answers: z.array(answerResult),
});

/** The answer to a submission: its result, and the certificate when this pass completed the course. */
export const submittedResult = submissionResult.extend({
  certificate: certificateLink
    .nullable()
    .describe('The course certificate when this submission passed and the course is now complete (every lecture complete, every assessment passed); null otherwise, also while short answers wait to be checked'),
});

export const assessmentDetails = z.object({
  assessment: quizAssessment,
  questions: z.array(quizQuestion).describe("The attempt under way's questions (drawn for it from the question bank, in its order); without one, result_questions; empty until an attempt is under way or the participant has submitted one"),
  result_questions: z.array(quizQuestion).describe("The questions of the results on this page: each result's answers name the questions that attempt was given"),
  standing: z.enum(ASSESSMENT_STANDINGS),
  attempt: openAttempt.nullable().describe('The attempt to answer now: the one under way, or one opened by ?start=1; null otherwise'),
  can_start: z.boolean().describe('True when no attempt is under way and ?start=1 would open one'),
  attempts_used: z.number().int(),
  attempts_left: z.number().int().nullable().describe('Null: unlimited'),
  results: listData(submissionResult).describe('Earlier submissions, newest first, paginated by ?page='),
});

export const answerBody = z.strictObject({
  attempt_id: dbId,
  idempotency_key: z.uuid().describe('Made by the client once per submission; a retry with the same key returns the first result'),
  answers: z
    .array(
      z.strictObject({
        question_id: dbId,
        option_ids: z.array(dbId).max(10).optional().describe('Choice questions: the chosen options; ordering: every item\'s key, in the order given'),
        text: z.string().max(2000).optional().describe('Short answers'),
        matches: z.array(matchPair).max(10).optional().describe('matching: each prompt\'s key with the key of the choice it pairs with'),
        blanks: z.array(z.string().max(200)).max(10).optional().describe('fill_blanks: what goes in each blank, in order'),
        number: z.number().min(-1e12).max(1e12).optional().describe('numeric: the number'),
      }),
    )
    .max(200)
    .describe('All answers at once; a question left out counts as unanswered (wrong)'),
});

export const myAssessment = z.object({
  assessment: quizAssessment,
  standing: z.enum(ASSESSMENT_STANDINGS),
  attempts_used: z.number().int(),
  attempts_left: z.number().int().nullable(),
  latest: submissionResult.omit({ answers: true }).nullable().describe('The latest submission'),
});

export const submissionSummary = z.object({
  id: z.number().int(),
  number: z.number().int(),
  course: z.object({ id: z.number().int(), title: z.string() }),
  assessment: z.object({ id: z.number().int(), title: z.string() }),
  participant: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(SUBMISSION_STATUSES),
  score: z.number().int(),
  max_score: z.number().int(),
  percent: z.number().int(),
  pass_mark: z.number().int(),
  unchecked_answers: z.number().int(),
  submitted_at: z.string(),
  checked_at: z.string().nullable(),
});

/** The reviewer's view of a submission: the questions with their right options and accepted answers. */
export const submissionReview = submissionSummary.extend({
  questions: z.array(
    quizQuestion.extend({
      options: z
        .array(z.object({ id: z.number().int(), text: z.string(), is_correct: z.boolean(), match: z.string().nullable().describe('matching: the choice this prompt pairs with') }))
        .describe('In their right order (ordering); matching: each prompt with its match; fill_blanks: each blank\'s accepted answers, one a line'),
      accepted_answers: z.array(z.string()),
      numeric_answer: z.number().nullable(),
      tolerance: z.number(),
      answer: answerResult.extend({ checked_by: z.object({ id: z.number().int(), name: z.string() }).nullable() }).nullable(),
    }),
  ),
});

export const markBody = z.strictObject({
  submission_id: dbId,
  marks: z
    .array(
      z.strictObject({
        answer_id: dbId.describe('A short answer of this submission'),
        correct: z.boolean(),
        feedback: z.string().max(2000).optional().describe('Shown to the participant; omit to keep, empty to remove'),
      }),
    )
    .min(1)
    .max(200),
});

const pair = z.strictObject({ a: dbId.describe('Course id'), b: dbId.describe('Submission id (of that course)') });
const idOrAll = z.strictObject({ id: numeric(z.number().int().min(0).max(2_147_483_647)).describe('A course id, or 0 for every enrolled course') });
const assessmentId = z.strictObject({ id: dbId.describe('Assessment id') });
const tags = ['quizzes'];

/**
 * Who checks short answers (docs/quizzes.md): an instructor in their own courses, an admin in every
 * course. Both have the same four routes with the same shapes, under the spec's paths (`insquiz` and
 * `adminquiz`, ...) and with words saying whose submissions they reach.
 */
const REVIEWERS = {
  instructor: { path: 'ins', submissions: 'Submissions in your courses', course: 'your course', scope: '' },
  admin: { path: 'admin', submissions: 'Every submission', course: 'a course', scope: ' of any course' },
} as const;

function reviewRoutes<R extends keyof typeof REVIEWERS>(access: R) {
  const who = REVIEWERS[access];
  return {
    list: {
      method: 'GET', path: `/api/quiz/${who.path}quiz`, access, tags,
      summary: `${who.submissions}, newest first, filtered and paginated (also ?course_id=1?page=2)`, query: submissionListQuery,
      response: envelope(listData(submissionSummary)),
    },
    review: {
      method: 'GET', path: `/api/quiz/${who.path}quizlist/:a/:b`, access, errors: [404], tags,
      summary: `One submission (b) of ${who.course} (a), with the right answers`, params: pair, response: envelope(submissionReview),
    },
    mark: {
      method: 'POST', path: `/api/quiz/${who.path}UpdateQuiz`, access, errors: [404, 409], tags,
      summary: `Mark short answers${who.scope} right or wrong, with feedback; when none is left to check the submission is passed or failed`,
      body: markBody, response: envelope(submissionReview),
    },
    export: {
      method: 'GET', path: `/api/${access}/submissions/export`, access, tags,
      summary: `${who.submissions} as CSV or XLSX, streamed, oldest first, with the list's filters: a course's results (participant, assessment, attempt, status, score, percent, dates); headers in the caller's language`,
      query: submissionExportQuery, file: { types: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], ranges: false },
    },
    unchecked: {
      method: 'GET', path: `/api/${access}/unchecked/list`, access, tags,
      summary: `${who.submissions} waiting for a short answer to be checked, oldest first`, query: uncheckedListQuery,
      response: envelope(listData(submissionSummary)),
    },
  } satisfies Record<string, RouteDef>;
}

const instructorReview = reviewRoutes('instructor');
const adminReview = reviewRoutes('admin');

export const quizRoutes = {
  myAssessments: {
    method: 'GET', path: '/api/participant/assessmentlist/:id', access: 'participant', errors: [404], tags,
    summary: 'Your assessments with where you stand, per enrolled course (id 0: all of them)', params: idOrAll, query: participantPageQuery,
    response: envelope(listData(myAssessment)),
  },
  details: {
    method: 'GET', path: '/api/participant/assessment-details/:id', access: 'participant', errors: [404], tags,
    summary: 'An assessment of a course you are enrolled in: questions without the right answers, your results, the attempt under way, or a new one with ?start=1',
    params: assessmentId, query: detailsQuery, response: envelope(assessmentDetails),
  },
  participantUnchecked: {
    method: 'GET', path: '/api/participant/unchecked/list', access: 'participant', tags,
    summary: 'Your submissions waiting for a short answer to be checked', query: participantPageQuery, response: envelope(listData(submissionResult.omit({ answers: true }))),
  },
  answer: {
    method: 'POST', path: '/api/quiz/answer', access: 'participant', errors: [404, 409], tags,
    summary: 'Submit every answer of an open attempt at once; graded at once except short answers to check. Retrying with the same idempotency key returns the first result.',
    body: answerBody, response: envelope(submittedResult),
  },
  instructorList: instructorReview.list,
  instructorReview: instructorReview.review,
  instructorMark: instructorReview.mark,
  instructorUnchecked: instructorReview.unchecked,
  instructorExport: instructorReview.export,
  adminList: adminReview.list,
  adminReview: adminReview.review,
  adminMark: adminReview.mark,
  adminUnchecked: adminReview.unchecked,
  adminExport: adminReview.export,
} satisfies Record<string, RouteDef>;

/** The routes of each role that checks submissions, by role (the same calls under different paths). */
export const quizReviewRoutes = { instructor: instructorReview, admin: adminReview } as const;

export type AssessmentDetails = z.infer<typeof assessmentDetails>;
export type SubmissionResult = z.infer<typeof submissionResult>;
export type SubmittedResult = z.infer<typeof submittedResult>;
export type SubmissionSummary = z.infer<typeof submissionSummary>;
export type SubmissionReview = z.infer<typeof submissionReview>;
export type MyAssessment = z.infer<typeof myAssessment>;
export type AnswerBody = z.infer<typeof answerBody>;
export type MarkBody = z.infer<typeof markBody>;
