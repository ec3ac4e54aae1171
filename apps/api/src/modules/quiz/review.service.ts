import { SUBMISSION_STATUSES, type MarkBody, type SubmissionReview, mailLinks } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { issueCertificateIfEarned } from '../certificates/certificates.service';
import { notifyUser, siteLink } from '../mail/mail.service';
import { notify } from '../notifications/notifications.service';
import { submissionStatus } from './grading';
import { presentReview, presentSummary } from './quiz.presenter';
import { questionsOfAttempt } from './take.service';
import { answerMarks, answersOf, findSubmission, listSubmissions, lockAttempt, markAnswer, questionsOf, reviewerNames, submissionChunk, updateAttempt, type SubmissionFilters, type SubmissionRow } from './quiz.queries';
import type { ExportCell } from '../../lib/exports';

/** Instructors see their own courses only; admins every course. */
function scopeOf(user: RequestUser): Pick<SubmissionFilters, 'instructorId'> {
  return user.role === 'instructor' ? { instructorId: user.id } : {};
}

export async function listForReviewer(
  ctx: AppContext,
  user: RequestUser,
  q: { course_id?: number; assessment_id?: number; status?: string; search?: string; page: number; perPage: number },
) {
  const status = SUBMISSION_STATUSES.find((s) => s === q.status);
  const filters = { ...scopeOf(user), courseId: q.course_id, assessmentId: q.assessment_id, status, search: q.search };
  const { items, total } = await listSubmissions(ctx.db, filters, q.page, q.perPage);
  return { items: items.map(presentSummary), page: q.page, perPage: q.perPage, total };
}

const EXPORT_CHUNK = 1_000;

/**
 * A course's results as export rows (lib/exports.ts): every submission the filters keep, oldest first, an instructor's
 * own courses only; a header in the caller's language, then EXPORT_CHUNK submissions at a time.
 */
export async function* submissionExportRows(
  ctx: AppContext,
  user: RequestUser,
  q: { course_id?: number; assessment_id?: number; status?: string; search?: string },
  t: (key: string) => string,
): AsyncGenerator<ExportCell[]> {
  yield ['id', 'course', 'assessment', 'participant', 'email', 'attempt', 'status', 'score', 'max_score', 'percent', 'submitted_at', 'checked_at'].map((k) => t(`api.quiz.export.${k}`));
  const status = SUBMISSION_STATUSES.find((s) => s === q.status);
  const filters = { ...scopeOf(user), courseId: q.course_id, assessmentId: q.assessment_id, status, search: q.search };
  let after = 0;
  for (;;) {
    const rows = await submissionChunk(ctx.db, filters, after, EXPORT_CHUNK);
    for (const r of rows) {
      yield [
        r.id,
        r.courseTitle,
        r.assessmentTitle,
        r.participantName,
        r.participantEmail,
        r.number,
        t(`api.quiz.export.status.${r.status}`),
        r.score,
        r.maxScore,
        r.maxScore > 0 ? Math.floor((r.score * 100) / r.maxScore) : 0,
        r.submittedAt ? r.submittedAt.toISOString().replace('T', ' ').slice(0, 16) : '',
        r.checkedAt ? r.checkedAt.toISOString().replace('T', ' ').slice(0, 16) : '',
      ];
    }
    if (rows.length < EXPORT_CHUNK) return;
    after = rows.at(-1)!.id;
  }
}

/** Submissions waiting for a short answer to be checked: the oldest first, as a queue of work. */
export async function uncheckedForReviewer(ctx: AppContext, user: RequestUser, q: { course_id?: number; page: number; perPage: number }) {
  const { items, total } = await listSubmissions(ctx.db, { ...scopeOf(user), courseId: q.course_id, status: 'pending' }, q.page, q.perPage, 'oldest');
  return { items: items.map(presentSummary), page: q.page, perPage: q.perPage, total };
}

async function reviewableSubmission(ctx: AppContext, user: RequestUser, id: number, courseId?: number): Promise<SubmissionRow> {
  const row = await findSubmission(ctx.db, id);
  if (!row || (courseId !== undefined && row.courseId !== courseId)) throw new AppError('api.quiz.submission_not_found', 404);
  if (user.role === 'instructor' && row.instructorId !== user.id) throw new AppError('api.quiz.not_your_course', 403);
  return row;
}

/** The questions the submission's attempt was given (drawn from the bank), or its assessment's own. */
async function submissionQuestions(ctx: AppContext, row: SubmissionRow) {
  const own = row.questions ? [] : ((await questionsOf(ctx.db, [row.assessmentId])).get(row.assessmentId) ?? []);
  return questionsOfAttempt(ctx, own, row.questions);
}

async function reviewOf(ctx: AppContext, row: SubmissionRow): Promise<SubmissionReview> {
  const [questions, answers] = await Promise.all([submissionQuestions(ctx, row), answersOf(ctx.db, [row.id])]);
  const reviewers = await reviewerNames(ctx.db, [...new Set(answers.flatMap((a) => (a.checkedBy ? [a.checkedBy] : [])))]);
  return presentReview(row, questions, answers, reviewers);
}

/** The spec's quizlist/{a}/{b}: submission b of course a. */
export async function reviewSubmission(ctx: AppContext, user: RequestUser, courseId: number, submissionId: number) {
  return reviewOf(ctx, await reviewableSubmission(ctx, user, submissionId, courseId));
}

/**
 * Marks short answers right or wrong (with feedback) and re-totals the submission: once no answer
 * waits, it is passed or failed against the pass mark it was taken under. A mark can be corrected later.
 */
export async function markSubmission(ctx: AppContext, user: RequestUser, body: MarkBody) {
  const row = await reviewableSubmission(ctx, user, body.submission_id);
  const answers = await answersOf(ctx.db, [row.id]);
  const byId = new Map(answers.map((a) => [a.id, a]));
  const shortQuestions = new Set((await submissionQuestions(ctx, row)).filter((q) => q.type === 'short').map((q) => q.id));
  const problems: Record<string, string> = {};
  body.marks.forEach((m, i) => {
    const answer = byId.get(m.answer_id);
    if (!answer) problems[`marks.${i}.answer_id`] = 'api.quiz.answer_not_in_submission';
    else if (!shortQuestions.has(answer.questionId)) problems[`marks.${i}.answer_id`] = 'api.quiz.not_short_answer';
  });
  if (Object.keys(problems).length) throw new AppError('api.validation.failed', 400, { fields: problems });

  const now = new Date();
  const status = await ctx.db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, row.id);
    for (const m of body.marks) {
      const answer = byId.get(m.answer_id)!;
      const feedback = m.feedback === undefined ? {} : { feedback: m.feedback.trim() || null };
      await markAnswer(tx, row.id, answer.id, { correct: m.correct, pointsAwarded: m.correct ? answer.points : 0, checkedBy: user.id, checkedAt: now, ...feedback });
    }
    const all = await answerMarks(tx, row.id);
    const score = all.reduce((sum, a) => sum + (a.awarded ?? 0), 0);
    const next = submissionStatus(all.map((a) => a.correct), score, attempt!.maxScore, attempt!.passMark);
    await updateAttempt(tx, row.id, { status: next, score, checkedAt: next === 'pending' ? null : now });
    return { next, before: attempt!.status, score, maxScore: attempt!.maxScore };
  });
  // The participant hears once, when the last short answer is checked (a later correction sends nothing).
  if (status.before === 'pending' && status.next !== 'pending') {
    await notify(ctx, row.participantId, 'assessment_checked', { assessment: row.assessmentTitle, course: row.courseTitle, passed: status.next === 'passed' }, mailLinks.assessment(row.assessmentId));
    await notifyUser(ctx, row.participantId, (to) => ({
      kind: 'assessment_checked',
      params: {
        name: to.name,
        assessment: row.assessmentTitle,
        course: row.courseTitle,
        passed: status.next === 'passed',
        score: status.score,
        maxScore: status.maxScore,
        link: siteLink(ctx, mailLinks.assessment(row.assessmentId)),
      },
    }));
  }
  if (status.next === 'passed') await issueCertificateIfEarned(ctx, row.participantId, row.courseId);
  return reviewOf(ctx, (await findSubmission(ctx.db, row.id))!);
}
