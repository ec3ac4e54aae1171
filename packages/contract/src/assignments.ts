import { z } from 'zod';
import { numeric } from './numbers';
import { envelope, idParam, listData } from './envelope';
import type { Role, RouteDef } from './route-def';

/**
 * Assignments (issue 30, point 3; docs/assignments.md): work a participant hands in, set by the course's instructor in
 * one of its sections: instructions, an optional due date, and either a file (of the types and size the instructor
 * allows, checked by its bytes) or a text answer. A participant may hand in again until the due date; work handed in
 * after it is marked late (or refused when the instructor accepts none). The instructor, or an admin, grades it with
 * feedback and, when the assignment has one, a rubric: in the same queue as the short answers waiting to be checked.
 */

const dbId = numeric(z.number().int().min(1).max(2_147_483_647));

export const ASSIGNMENT_KINDS = ['file', 'text'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];

/** What a file answer may be, by its bytes (the server's sniff.ts decides; the name only tells the legacy Office formats apart). */
export const ASSIGNMENT_FILE_TYPES = ['pdf', 'docx', 'doc', 'xlsx', 'xls', 'pptx', 'ppt', 'odt', 'ods', 'odp', 'txt', 'md', 'csv', 'zip', 'jpg', 'png', 'webp', 'mp3', 'mp4'] as const;
export type AssignmentFileType = (typeof ASSIGNMENT_FILE_TYPES)[number];

/** Where a participant stands with one assignment. */
export const ASSIGNMENT_STANDINGS = ['not_submitted', 'submitted', 'passed', 'failed'] as const;
export type AssignmentStanding = (typeof ASSIGNMENT_STANDINGS)[number];

export const ASSIGNMENT_LIMITS = {
  title: 200,
  /** The instructions' HTML as sent, before sanitising. */
  instructions: 50_000,
  /** A text answer, in characters. */
  text: 20_000,
  feedback: 5_000,
  criteria: 20,
  criterion: 200,
  maxSizeMb: 50,
  points: 1_000,
} as const;

const isoDateTime = z.iso.datetime({ offset: true }).describe('ISO 8601 date-time');

export const rubricCriterion = z.strictObject({
  title: z.string().trim().min(1).max(ASSIGNMENT_LIMITS.criterion),
  points: numeric(z.number().int().min(1).max(ASSIGNMENT_LIMITS.points)),
});

/** An assignment as its author sends it: a new one without `id`, a change with it. */
export const assignmentInput = z
  .strictObject({
    id: dbId.optional().describe('Omit to add a new assignment'),
    course_id: dbId,
    section_id: dbId.describe('A section of that course'),
    title: z.string().trim().min(1).max(ASSIGNMENT_LIMITS.title),
    instructions: z.string().max(ASSIGNMENT_LIMITS.instructions).default('').describe('Rich text (HTML), sanitised to the content pages\' allow-list before it is stored'),
    due_at: isoDateTime.nullable().default(null).describe('Null: no due date (never late)'),
    accept_late: z.boolean().default(true).describe('After the due date: a first hand-in is still taken, marked late (true), or refused (false). Handing in again ends at the due date either way'),
    kind: z.enum(ASSIGNMENT_KINDS).describe('file: one file; text: a written answer'),
    file_types: z.array(z.enum(ASSIGNMENT_FILE_TYPES)).max(ASSIGNMENT_FILE_TYPES.length).default([]).describe('kind file: what the file may be (at least one); ignored for text'),
    max_size_mb: numeric(z.number().int().min(1).max(ASSIGNMENT_LIMITS.maxSizeMb)).default(10).describe('kind file: the largest file taken'),
    points: numeric(z.number().int().min(1).max(ASSIGNMENT_LIMITS.points)).default(100).describe('The highest grade; with a rubric, the sum of its criteria'),
    pass_mark: numeric(z.number().int().min(0).max(100)).default(50).describe('Percent of the points needed to pass'),
    rubric: z.array(rubricCriterion).max(ASSIGNMENT_LIMITS.criteria).default([]).describe('Optional: each criterion graded on its own; the grade is their sum'),
  })
  .superRefine((value, issue) => {
    if (value.kind === 'file' && value.file_types.length === 0) issue.addIssue({ code: 'custom', path: ['file_types'], message: 'api.assignments.file_types_required' });
    const total = value.rubric.reduce((sum, c) => sum + c.points, 0);
    if (value.rubric.length > 0 && total !== value.points) issue.addIssue({ code: 'custom', path: ['points'], message: 'api.assignments.rubric_total' });
  });
export type AssignmentInput = z.infer<typeof assignmentInput>;

const settings = {
  id: z.number().int(),
  course: z.object({ id: z.number().int(), title: z.string() }),
  section: z.object({ id: z.number().int(), title: z.string() }),
  title: z.string(),
  instructions: z.string().describe('Sanitised HTML'),
  due_at: z.string().nullable(),
  accept_late: z.boolean(),
  kind: z.enum(ASSIGNMENT_KINDS),
  file_types: z.array(z.enum(ASSIGNMENT_FILE_TYPES)),
  max_size_mb: z.number().int(),
  points: z.number().int(),
  pass_mark: z.number().int(),
  rubric: z.array(z.object({ title: z.string(), points: z.number().int() })),
};

/** An assignment as its course's instructor and admins see it, with how many have handed it in. */
export const authoredAssignment = z.object({
  ...settings,
  submissions: z.number().int().describe('Participants who handed it in'),
  ungraded: z.number().int().describe('Of those, waiting for a grade'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AuthoredAssignment = z.infer<typeof authoredAssignment>;

const handedInFile = z.object({ name: z.string(), size: z.number().int(), type: z.string().describe('MIME type, decided by the bytes') });

/** What was handed in and what came back: the participant's own view, and part of the grader's. */
export const assignmentSubmission = z.object({
  id: z.number().int(),
  text: z.string().nullable().describe('kind text: the answer'),
  file: handedInFile.nullable().describe('kind file: the file (downloaded from its own route)'),
  submitted_at: z.string().describe('The latest hand-in'),
  late: z.boolean().describe('Handed in after the due date'),
  versions: z.number().int().describe('How many times it was handed in (1: once)'),
  graded: z.boolean(),
  score: z.number().int().nullable().describe('Null until graded'),
  percent: z.number().int().nullable(),
  passed: z.boolean().nullable(),
  feedback: z.string().nullable(),
  rubric_scores: z.array(z.number().int()).describe('With a rubric: the points given for each criterion, in order; empty otherwise'),
  graded_at: z.string().nullable(),
  graded_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type AssignmentSubmission = z.infer<typeof assignmentSubmission>;

/** An assignment as a participant enrolled in its course sees it, with what they handed in. */
export const myAssignment = z.object({
  ...settings,
  standing: z.enum(ASSIGNMENT_STANDINGS),
  can_submit: z.boolean().describe('False once handing in is closed: past the due date after a hand-in, or when late work is not accepted'),
  server_now: z.string(),
  submission: assignmentSubmission.nullable(),
});
export type MyAssignment = z.infer<typeof myAssignment>;

/** One participant's hand-in as its grader sees it. */
export const gradedSubmission = assignmentSubmission.extend({
  assignment: z.object({ ...settings }),
  participant: z.object({ id: z.number().int(), name: z.string() }),
});
export type GradedSubmission = z.infer<typeof gradedSubmission>;

export const submissionRow = z.object({
  id: z.number().int(),
  participant: z.object({ id: z.number().int(), name: z.string() }),
  submitted_at: z.string(),
  late: z.boolean(),
  versions: z.number().int(),
  graded: z.boolean(),
  score: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  passed: z.boolean().nullable(),
});

export const textAnswerBody = z.strictObject({
  text: z.string().trim().min(1).max(ASSIGNMENT_LIMITS.text).describe('The written answer (plain text)'),
});

export const gradeBody = z.strictObject({
  submission_id: dbId,
  version: numeric(z.number().int().min(1).max(1_000_000)).optional().describe("The hand-in's `versions` the grader read: a newer hand-in meanwhile is not graded (409)"),
  score: numeric(z.number().int().min(0).max(ASSIGNMENT_LIMITS.points)).optional().describe('Without a rubric: the grade, 0 to the points'),
  rubric_scores: z
    .array(numeric(z.number().int().min(0).max(ASSIGNMENT_LIMITS.points)))
    .max(ASSIGNMENT_LIMITS.criteria)
    .optional()
    .describe('With a rubric: the points for each criterion, in order (the grade is their sum)'),
  feedback: z.string().max(ASSIGNMENT_LIMITS.feedback).default('').describe('Shown to the participant'),
});
export type GradeBody = z.infer<typeof gradeBody>;

export const GRADING_ITEM_KINDS = ['quiz', 'assignment'] as const;

/** One piece of work waiting for a grade: a submission with short answers to check, or an assignment handed in. */
export const gradingQueueItem = z.object({
  kind: z.enum(GRADING_ITEM_KINDS),
  id: z.number().int().describe('The quiz submission or the assignment submission'),
  course: z.object({ id: z.number().int(), title: z.string() }),
  item: z.object({ id: z.number().int(), title: z.string() }).describe('The assessment or the assignment'),
  participant: z.object({ id: z.number().int(), name: z.string() }),
  submitted_at: z.string(),
  late: z.boolean().describe('An assignment handed in after its due date; false for quizzes'),
});
export type GradingQueueItem = z.infer<typeof gradingQueueItem>;

const page = numeric(z.number().int().min(1).max(1_000_000)).default(1);
const perPage = numeric(z.number().int().min(1).max(100)).default(10);
export const gradingQueueQuery = z.strictObject({ course_id: dbId.optional().describe('Only this course'), page, perPage });
export const submissionsQuery = z.strictObject({
  status: z.enum(['ungraded', 'graded', '']).optional().describe('ungraded: waiting for a grade'),
  page,
  perPage,
});

const tags = ['assignments'];
const fileTypes = ['application/octet-stream'] as const;

/** What the instructor (their own courses) and an admin (every course) may do, the same shapes under each role's path. */
function graderRoutes<R extends Exclude<Role, 'participant'>>(r: R) {
  return {
    list: {
      method: 'GET' as const, path: `/api/${r}/assignments/course/:id`, access: r, tags, errors: [404] as const, params: idParam,
      summary: "A course's assignments in the outline's order, with how many handed each in", response: envelope(z.array(authoredAssignment)),
    },
    save: {
      method: 'POST' as const, path: `/api/${r}/assignments/save`, access: r, tags, errors: [404] as const, body: assignmentInput,
      summary: 'Add an assignment to a section (without id) or change one (with id)', response: envelope(authoredAssignment),
    },
    remove: {
      method: 'POST' as const, path: `/api/${r}/assignments/:id/delete`, access: r, tags, errors: [404, 409] as const, params: idParam,
      summary: 'Delete an assignment nobody has handed in (409 once someone has)', response: envelope(z.array(authoredAssignment)),
    },
    submissions: {
      method: 'GET' as const, path: `/api/${r}/assignments/:id/submissions`, access: r, tags, errors: [404] as const, params: idParam, query: submissionsQuery,
      summary: "An assignment's hand-ins, the oldest first, filtered and paginated", response: envelope(listData(submissionRow)),
    },
    submission: {
      method: 'GET' as const, path: `/api/${r}/assignments/submission/:id`, access: r, tags, errors: [404] as const, params: idParam,
      summary: 'One hand-in with its assignment, to grade', response: envelope(gradedSubmission),
    },
    file: {
      method: 'GET' as const, path: `/api/${r}/assignments/submission/:id/file`, access: r, tags, errors: [404] as const, params: idParam,
      summary: "A hand-in's file, as an attachment", file: { types: fileTypes, ranges: false },
    },
    grade: {
      method: 'POST' as const, path: `/api/${r}/assignments/grade`, access: r, tags, errors: [404, 409] as const, body: gradeBody,
      summary: 'Grade a hand-in with feedback (and the rubric\'s points); the participant is told. A grade can be corrected later', response: envelope(gradedSubmission),
    },
    queue: {
      method: 'GET' as const, path: `/api/${r}/grading/queue`, access: r, tags: ['assignments', 'quizzes'], query: gradingQueueQuery,
      summary: 'Work waiting for a grade, the oldest first: quiz submissions with short answers to check and assignments handed in', response: envelope(listData(gradingQueueItem)),
    },
  } satisfies Record<string, RouteDef>;
}

const instructorGrader = graderRoutes('instructor');
const adminGrader = graderRoutes('admin');

export const assignmentRoutes = {
  mine: {
    method: 'GET', path: '/api/participant/assignments/course/:id', access: 'participant', tags, errors: [403, 404], params: idParam,
    summary: "An enrolled course's assignments with what you handed in, in the outline's order", response: envelope(z.array(myAssignment)),
  },
  one: {
    method: 'GET', path: '/api/participant/assignments/:id', access: 'participant', tags, errors: [403, 404], params: idParam,
    summary: 'One assignment of a course you are enrolled in, with what you handed in and its grade', response: envelope(myAssignment),
  },
  submitText: {
    method: 'POST', path: '/api/participant/assignments/:id/text', access: 'participant', tags, errors: [403, 404, 409], params: idParam, body: textAnswerBody,
    summary: 'Hand in (or again) a text answer; 409 when handing in is closed or the assignment takes a file', response: envelope(myAssignment),
  },
  submitFile: {
    method: 'POST', path: '/api/participant/assignments/:id/file', access: 'participant', tags, errors: [403, 404, 409], params: idParam, multipart: true,
    summary: "Hand in (or again) a file (multipart field `file`): one of the assignment's types by its bytes, at most its size (413); 409 when handing in is closed or the assignment takes text", response: envelope(myAssignment),
  },
  myFile: {
    method: 'GET', path: '/api/participant/assignments/:id/file', access: 'participant', tags, errors: [403, 404], params: idParam,
    summary: 'The file you handed in for an assignment, as an attachment', file: { types: fileTypes, ranges: false },
  },
  instructorList: instructorGrader.list,
  instructorSave: instructorGrader.save,
  instructorDelete: instructorGrader.remove,
  instructorSubmissions: instructorGrader.submissions,
  instructorSubmission: instructorGrader.submission,
  instructorFile: instructorGrader.file,
  instructorGrade: instructorGrader.grade,
  instructorQueue: instructorGrader.queue,
  adminList: adminGrader.list,
  adminSave: adminGrader.save,
  adminDelete: adminGrader.remove,
  adminSubmissions: adminGrader.submissions,
  adminSubmission: adminGrader.submission,
  adminFile: adminGrader.file,
  adminGrade: adminGrader.grade,
  adminQueue: adminGrader.queue,
} satisfies Record<string, RouteDef>;

/** The graders' routes by role (the same calls under each role's path). */
export const assignmentGraderRoutes = { instructor: instructorGrader, admin: adminGrader } as const;
