import type { FastifyRequest } from 'fastify';
import { mailLinks, type AssignmentInput, type AuthoredAssignment, type GradeBody, type MyAssignment, type RecordAssignment } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { sanitizeRichText, withoutInvisibleControls } from '../../lib/sanitize';
import { receiveUpload } from '../../lib/uploads';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { notifyUser, siteLink } from '../mail/mail.service';
import { notify } from '../notifications/notifications.service';
import { sectionOpensAt } from '../learning/release.service';
import { handingInOpen, percentOf, presentAuthored, presentGraded, presentMine, presentQueueItem, presentRow, presentSubmission, standingOf } from './assignments.presenter';
import {
  courseAssignments,
  courseOf,
  deleteUnsubmitted,
  findAssignment,
  findSubmission,
  gradeSubmission,
  gradingQueue,
  insertAssignment,
  enrolledAt,
  listSubmissions,
  ownSubmissions,
  recordAssignments,
  sectionOf,
  storeHandIn,
  submissionCounts,
  updateAssignment,
  type AssignmentRow,
  type HandIn,
} from './assignments.queries';

const MB = 1_048_576;

// ---------------------------------------------------------------------------------------------
// The course's instructor and admins

/** A live course the grader may manage: 404 when gone, 403 for another instructor's. */
async function managedCourse(ctx: AppContext, user: RequestUser, courseId: number) {
  const course = await courseOf(ctx.db, courseId);
  if (!course) throw new AppError('api.course.not_found', 404);
  if (user.role === 'instructor' && course.instructorId !== user.id) throw new AppError('api.assignments.not_your_course', 403);
  return course;
}

async function managedAssignment(ctx: AppContext, user: RequestUser, id: number): Promise<AssignmentRow> {
  const row = await findAssignment(ctx.db, id);
  if (!row) throw new AppError('api.assignments.not_found', 404);
  if (user.role === 'instructor' && row.instructorId !== user.id) throw new AppError('api.assignments.not_your_course', 403);
  return row;
}

async function authoredList(ctx: AppContext, courseId: number): Promise<AuthoredAssignment[]> {
  const rows = await courseAssignments(ctx.db, courseId);
  const counts = await submissionCounts(ctx.db, rows.map((r) => r.id));
  return rows.map((r) => presentAuthored(r, counts.get(r.id)));
}

export async function listAuthored(ctx: AppContext, user: RequestUser, courseId: number) {
  await managedCourse(ctx, user, courseId);
  return authoredList(ctx, courseId);
}

/** Adds or changes an assignment: the section must be the course's; the instructions are sanitised to the allow-list. */
export async function saveAssignment(ctx: AppContext, user: RequestUser, input: AssignmentInput): Promise<AuthoredAssignment> {
  await managedCourse(ctx, user, input.course_id);
  if (input.id !== undefined) {
    const existing = await managedAssignment(ctx, user, input.id);
    if (existing.courseId !== input.course_id) throw new AppError('api.assignments.not_found', 404);
  }
  const section = await sectionOf(ctx.db, input.section_id);
  if (!section || section.courseId !== input.course_id) throw new AppError('api.validation.failed', 400, { fields: { section_id: 'api.assignments.section_not_in_course' } });
  const values = {
    courseId: input.course_id,
    sectionId: input.section_id,
    title: withoutInvisibleControls(input.title).trim(),
    instructions: sanitizeRichText(input.instructions),
    dueAt: input.due_at === null ? null : new Date(input.due_at),
    acceptLate: input.accept_late,
    kind: input.kind,
    fileTypes: input.kind === 'file' ? [...new Set(input.file_types)] : [],
    maxSizeMb: input.max_size_mb,
    points: input.points,
    passMark: input.pass_mark,
    rubric: input.rubric.map((c) => ({ title: withoutInvisibleControls(c.title).trim(), points: c.points })),
  };
  let id = input.id;
  if (id === undefined) id = await insertAssignment(ctx.db, values);
  else await updateAssignment(ctx.db, id, values, new Date(ctx.now()));
  const row = (await findAssignment(ctx.db, id))!;
  return presentAuthored(row, (await submissionCounts(ctx.db, [id])).get(id));
}

/** Deletes an assignment nobody handed in: work handed in is never thrown away with it (409). */
export async function deleteAssignment(ctx: AppContext, user: RequestUser, id: number) {
  const row = await managedAssignment(ctx, user, id);
  if (!(await deleteUnsubmitted(ctx.db, id))) throw new AppError('api.assignments.has_submissions', 409);
  return authoredList(ctx, row.courseId);
}

export async function submissionsOf(ctx: AppContext, user: RequestUser, id: number, q: { status?: 'ungraded' | 'graded' | ''; page: number; perPage: number }) {
  const a = await managedAssignment(ctx, user, id);
  const { items, total } = await listSubmissions(ctx.db, id, q.status || undefined, q.page, q.perPage);
  return { items: items.map((s) => presentRow(s, a.points, a.passMark)), page: q.page, perPage: q.perPage, total };
}

async function gradableSubmission(ctx: AppContext, user: RequestUser, id: number) {
  const submission = await findSubmission(ctx.db, id);
  if (!submission) throw new AppError('api.assignments.submission_not_found', 404);
  const assignment = await findAssignment(ctx.db, submission.assignmentId);
  if (!assignment) throw new AppError('api.assignments.submission_not_found', 404);
  if (user.role === 'instructor' && assignment.instructorId !== user.id) throw new AppError('api.assignments.not_your_course', 403);
  return { submission, assignment };
}

export async function submissionForGrader(ctx: AppContext, user: RequestUser, id: number) {
  const { submission, assignment } = await gradableSubmission(ctx, user, id);
  return presentGraded(assignment, submission);
}

export async function graderFile(ctx: AppContext, user: RequestUser, id: number) {
  const { submission } = await gradableSubmission(ctx, user, id);
  if (!submission.fileKey) throw new AppError('api.error.not_found', 404);
  return { key: submission.fileKey, name: submission.fileName ?? 'file', type: submission.fileType ?? 'application/octet-stream' };
}

/**
 * Grades a hand-in: a score within the points, or with a rubric one score per criterion within its points (the grade is
 * their sum), and feedback. The participant is told (bell and mail) when a version is graded the first time; a correction
 * later changes the grade quietly. A hand-in replaced since the grader read it (`version`) is not graded (409).
 */
export async function grade(ctx: AppContext, user: RequestUser, body: GradeBody) {
  const { submission, assignment } = await gradableSubmission(ctx, user, body.submission_id);
  let score: number;
  let rubricScores: number[] = [];
  if (assignment.rubric.length > 0) {
    const given = body.rubric_scores;
    if (!given || given.length !== assignment.rubric.length) throw new AppError('api.validation.failed', 400, { fields: { rubric_scores: 'api.assignments.rubric_scores' } });
    const over: Record<string, string> = {};
    given.forEach((points, i) => {
      if (points > assignment.rubric[i]!.points) over[`rubric_scores.${i}`] = 'api.assignments.score_over';
    });
    if (Object.keys(over).length) throw new AppError('api.validation.failed', 400, { fields: over });
    rubricScores = given;
    score = given.reduce((sum, n) => sum + n, 0);
  } else {
    if (body.score === undefined) throw new AppError('api.validation.failed', 400, { fields: { score: 'api.assignments.score_required' } });
    if (body.score > assignment.points) throw new AppError('api.validation.failed', 400, { fields: { score: 'api.assignments.score_over' } });
    score = body.score;
  }
  const feedback = withoutInvisibleControls(body.feedback).trim() || null;
  if (body.version !== undefined && body.version !== submission.versions) throw new AppError('api.assignments.changed', 409);
  const graded = await gradeSubmission(ctx.db, submission.id, submission.versions, { score, rubricScores, feedback, gradedBy: user.id, gradedAt: new Date(ctx.now()) });
  if (!graded) throw new AppError('api.assignments.changed', 409);
  if (submission.gradedAt === null) {
    const passed = percentOf(score, assignment.points) >= assignment.passMark;
    const link = mailLinks.assignment(assignment.id);
    await notify(ctx, submission.participantId, 'assignment_graded', { assignment: assignment.title, course: assignment.courseTitle, passed }, link);
    await notifyUser(ctx, submission.participantId, (to) => ({
      kind: 'assignment_graded',
      params: { name: to.name, assignment: assignment.title, course: assignment.courseTitle, passed, score, maxScore: assignment.points, feedback: feedback ?? '', link: siteLink(ctx, link) },
    }));
  }
  return presentGraded(assignment, (await findSubmission(ctx.db, submission.id))!);
}

/** Work waiting for a grade, both kinds, the oldest first: an instructor's own courses, an admin's every course. */
export async function queueFor(ctx: AppContext, user: RequestUser, q: { course_id?: number; page: number; perPage: number }) {
  const scope = { instructorId: user.role === 'instructor' ? user.id : undefined, courseId: q.course_id };
  const { items, total } = await gradingQueue(ctx.db, scope, q.page, q.perPage);
  return { items: items.map(presentQueueItem), page: q.page, perPage: q.perPage, total };
}

// ---------------------------------------------------------------------------------------------
// Participants

/** Whether the assignment's section is open for a participant enrolled at `since` (scheduled release, learning's release.service). */
const opened = (ctx: AppContext, row: AssignmentRow, since: Date) => sectionOpensAt(ctx, { opensAt: row.sectionOpensAt, opensAfterDays: row.sectionOpensAfterDays }, since) === null;

/**
 * An assignment of a course the participant is enrolled in: 404 when there is none, or while its section has not
 * opened for them (as its lectures are hidden); 403 when not enrolled.
 */
async function enrolledAssignment(ctx: AppContext, user: RequestUser, id: number): Promise<AssignmentRow> {
  const row = await findAssignment(ctx.db, id);
  if (!row) throw new AppError('api.assignments.not_found', 404);
  const since = await enrolledAt(ctx.db, row.courseId, user.id);
  if (!since) throw new AppError('api.learn.not_enrolled', 403);
  if (!opened(ctx, row, since)) throw new AppError('api.assignments.not_found', 404);
  return row;
}

async function mineOf(ctx: AppContext, user: RequestUser, row: AssignmentRow): Promise<MyAssignment> {
  const own = await ownSubmissions(ctx.db, user.id, [row.id]);
  return presentMine(row, own.get(row.id), new Date(ctx.now()));
}

export async function myAssignments(ctx: AppContext, user: RequestUser, courseId: number): Promise<MyAssignment[]> {
  if (!(await courseOf(ctx.db, courseId))) throw new AppError('api.course.not_found', 404);
  const since = await enrolledAt(ctx.db, courseId, user.id);
  if (!since) throw new AppError('api.learn.not_enrolled', 403);
  const rows = (await courseAssignments(ctx.db, courseId)).filter((r) => opened(ctx, r, since));
  const own = await ownSubmissions(ctx.db, user.id, rows.map((r) => r.id));
  const now = new Date(ctx.now());
  return rows.map((r) => presentMine(r, own.get(r.id), now));
}

export async function myAssignment(ctx: AppContext, user: RequestUser, id: number) {
  return mineOf(ctx, user, await enrolledAssignment(ctx, user, id));
}

/** Refuses before anything is received: the wrong kind of answer, or handing in closed. */
async function openFor(ctx: AppContext, user: RequestUser, id: number, kind: 'file' | 'text') {
  const row = await enrolledAssignment(ctx, user, id);
  if (row.kind !== kind) throw new AppError('api.assignments.wrong_kind', 409);
  const own = await ownSubmissions(ctx.db, user.id, [row.id]);
  const now = new Date(ctx.now());
  if (!handingInOpen(row, own.has(row.id), now)) throw new AppError('api.assignments.closed', 409);
  return row;
}

async function store(ctx: AppContext, user: RequestUser, row: AssignmentRow, handIn: Omit<HandIn, 'late'>) {
  const now = new Date(ctx.now());
  const late = row.dueAt !== null && now > new Date(row.dueAt);
  const stored = await storeHandIn(ctx.db, row.id, row.courseId, user.id, { ...handIn, late }, now);
  if (!stored) {
    if (handIn.fileKey) await ctx.storage.remove(handIn.fileKey);
    throw new AppError('api.assignments.closed', 409);
  }
  if (stored.replaced && stored.replaced !== handIn.fileKey) await ctx.storage.remove(stored.replaced);
  return mineOf(ctx, user, row);
}

export async function submitText(ctx: AppContext, user: RequestUser, id: number, text: string) {
  const row = await openFor(ctx, user, id, 'text');
  return store(ctx, user, row, { text: withoutInvisibleControls(text).trim(), fileKey: null, fileName: null, fileType: null, fileSize: null });
}

/** A file answer: checked by its bytes as a resource (lib/uploads.ts) within the assignment's size, then against its types. */
export async function submitFile(ctx: AppContext, user: RequestUser, id: number, request: FastifyRequest) {
  const row = await openFor(ctx, user, id, 'file');
  const limits = { ...ctx.config.uploadLimits, resourceBytes: row.maxSizeMb * MB };
  const upload = await receiveUpload(request, ctx.storage, 'resource', limits, `assignments/${row.id}`);
  const ext = upload.key.split('.').pop() ?? '';
  if (!row.fileTypes.includes(ext)) {
    await ctx.storage.remove(upload.key);
    throw new AppError('api.assignments.file_type_not_allowed', 415, { fields: { file: 'api.assignments.file_type_not_allowed' }, params: { types: row.fileTypes.join(', ') } });
  }
  const name = withoutInvisibleControls(upload.originalName).trim().slice(0, 200) || `answer.${ext}`;
  return store(ctx, user, row, { text: null, fileKey: upload.key, fileName: name, fileType: upload.mime, fileSize: upload.size });
}

export async function myFile(ctx: AppContext, user: RequestUser, id: number) {
  const row = await enrolledAssignment(ctx, user, id);
  const own = (await ownSubmissions(ctx.db, user.id, [row.id])).get(row.id);
  if (!own?.fileKey) throw new AppError('api.error.not_found', 404);
  return { key: own.fileKey, name: own.fileName ?? 'file', type: own.fileType ?? 'application/octet-stream' };
}

/** A participant's assignments in a course for the learner's record (records module), in the outline's order. */
export async function assignmentsRecord(ctx: AppContext, participantId: number, courseId: number): Promise<RecordAssignment[]> {
  const { rows, submissions } = await recordAssignments(ctx.db, courseId, participantId);
  return rows.map((a) => {
    const s = submissions.get(a.id);
    const submission = s ? presentSubmission(s, a.points, a.passMark) : null;
    return {
      id: a.id,
      title: a.title,
      section_title: a.sectionTitle,
      due_at: a.dueAt ? new Date(a.dueAt).toISOString() : null,
      points: a.points,
      pass_mark: a.passMark,
      rubric: a.rubric.map((c) => ({ title: c.title, points: c.points })),
      standing: standingOf(submission),
      submission,
    };
  });
}
