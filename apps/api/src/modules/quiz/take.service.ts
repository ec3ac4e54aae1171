import { randomInt } from 'node:crypto';
import type { AnswerBody, AssessmentDetails, AssessmentStanding, LearnerRecord, MyAssessment, SubmissionResult, SubmittedResult } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { issueCertificateIfEarned } from '../certificates/certificates.service';
import { enrolledCourseIds, isEnrolled } from '../learning/learning.service';
import { gradeAnswer, percentOf, pointsFor, submissionStatus, type GivenAnswer } from './grading';
import { isSubmitted, presentAssessment, presentResult, presentResultHead, questionForParticipant, questionsForAttempt } from './quiz.presenter';
import {
  answersOf,
  assessmentsOfCourses,
  attemptsOf,
  bankQuestionIds,
  drawsOf,
  questionsByIds,
  expireAttempt,
  findAssessment,
  findAttempt,
  findOpenAttempt,
  insertAttempt,
  listSubmissions,
  questionsOf,
  submissionContext,
  submitOpenAttempt,
  type AssessmentWithQuestions,
  type AttemptRow,
  type GivenQuestions,
  type StoredAnswer,
} from './quiz.queries';

const PER_PAGE = 10;

function deadlineOf(a: Pick<AttemptRow, 'startedAt' | 'timeLimitMinutes'>): Date | null {
  return a.timeLimitMinutes === null ? null : new Date(a.startedAt.getTime() + a.timeLimitMinutes * 60_000);
}

/** Past the deadline and the grace after it: the attempt can no longer be submitted. */
function isLate(ctx: AppContext, a: Pick<AttemptRow, 'startedAt' | 'timeLimitMinutes'>, now: number): boolean {
  const deadline = deadlineOf(a);
  return deadline !== null && now > deadline.getTime() + ctx.config.quizGraceSeconds * 1000;
}

function standingOf(ctx: AppContext, attempts: AttemptRow[], now: number): AssessmentStanding {
  if (attempts.some((a) => a.status === 'passed')) return 'passed';
  if (attempts.some((a) => a.status === 'pending')) return 'pending';
  if (attempts.some((a) => a.status === 'open' && !isLate(ctx, a, now))) return 'in_progress';
  return attempts.length ? 'failed' : 'not_started';
}

function attemptsLeft(maxAttempts: number | null, used: number): number | null {
  return maxAttempts === null ? null : Math.max(0, maxAttempts - used);
}

async function enrolledAssessment(ctx: AppContext, user: RequestUser, id: number): Promise<AssessmentWithQuestions> {
  const assessment = await findAssessment(ctx.db, id);
  if (!assessment) throw new AppError('api.quiz.not_found', 404);
  if (!(await isEnrolled(ctx, user.id, assessment.courseId))) throw new AppError('api.learn.not_enrolled', 403);
  return assessment;
}

/** A new attempt may be opened: not passed, nothing waiting to be checked, questions to answer, attempts left. */
function mayStart(a: AssessmentWithQuestions, attempts: AttemptRow[]): boolean {
  const blocked = attempts.some((x) => x.status === 'passed' || x.status === 'pending' || x.status === 'open');
  return !blocked && (a.questions.length > 0 || a.draws.length > 0) && attemptsLeft(a.maxAttempts, attempts.length) !== 0;
}

/** `count` of the items, chosen at random (a partial Fisher-Yates with the system's secure generator), in random order. */
function sample<T>(items: readonly T[], count: number): T[] {
  const pool = [...items];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + randomInt(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

/**
 * The questions of a new attempt when its assessment draws from the question bank: its own questions, then each draw's
 * questions chosen at random from the topic, each worth the draw's points. Null without draws: the attempt has the
 * assessment's own questions, as before banks. A topic that lost questions since the assessment was saved gives
 * what it has (deleting a bank question a draw needs is refused, so only a race can get here).
 */
async function drawQuestions(ctx: AppContext, a: AssessmentWithQuestions): Promise<GivenQuestions | null> {
  if (a.draws.length === 0) return null;
  const bank = await bankQuestionIds(ctx.db, a.draws.map((d) => d.topicId));
  const own = a.questions.map((q) => ({ id: q.id, points: q.points }));
  return [...own, ...a.draws.flatMap((d) => sample(bank.get(d.topicId) ?? [], d.count).map((id) => ({ id, points: d.points })))];
}

type Question = AssessmentWithQuestions['questions'][number];

/**
 * The questions an attempt was given, in its order, each with its points in that attempt: those written when it opened
 * (drawn from the bank), or the assessment's own. A question deleted since is left out (its answer went with it).
 */
export async function questionsOfAttempt(ctx: AppContext, own: Question[], given: GivenQuestions | null): Promise<Question[]> {
  if (!given) return own;
  const found = await questionsByIds(ctx.db, given.map((g) => g.id));
  return given.flatMap((g) => {
    const q = found.get(g.id);
    return q ? [{ ...q, points: g.points }] : [];
  });
}

/** Every question of these attempts, each once, in the order first met: what their results are shown with. */
export async function questionsOfAttempts(ctx: AppContext, own: Question[], attempts: Pick<AttemptRow, 'questions'>[]): Promise<Question[]> {
  const given = attempts.flatMap((x) => x.questions ?? own.map((q) => ({ id: q.id, points: q.points })));
  if (attempts.every((x) => x.questions === null)) return own;
  const seen = new Set<number>();
  return questionsOfAttempt(ctx, own, given.filter((g) => !seen.has(g.id) && Boolean(seen.add(g.id))));
}

/** Closes an attempt left open past its deadline and grace: it counts as used. */
async function expireLate(ctx: AppContext, attempts: AttemptRow[], now: number): Promise<AttemptRow[]> {
  const late = attempts.find((x) => x.status === 'open' && isLate(ctx, x, now));
  if (!late) return attempts;
  await expireAttempt(ctx.db, late.id);
  return attempts.map((x) => (x.id === late.id ? { ...x, status: 'expired' as const } : x));
}

/**
 * The attempt under way, or, when asked to start and allowed, a new one. Looking at an assessment
 * never starts its clock: a participant reads the rules and the earlier results first.
 */
async function openOrResume(ctx: AppContext, user: RequestUser, a: AssessmentWithQuestions, attempts: AttemptRow[], start: boolean) {
  const open = attempts.find((x) => x.status === 'open');
  if (open) return open;
  if (!start || !mayStart(a, attempts)) return null;
  const questions = await drawQuestions(ctx, a);
  const created = await insertAttempt(ctx.db, { assessmentId: a.id, courseId: a.courseId, participantId: user.id, number: attempts.length + 1, passMark: a.passMark, timeLimitMinutes: a.timeLimitMinutes, questions });
  // Two tabs opening the assessment at once: the database keeps one open attempt, both get it.
  return created ?? (await findOpenAttempt(ctx.db, a.id, user.id)) ?? null;
}

export async function assessmentDetails(ctx: AppContext, user: RequestUser, id: number, query: { page: number; start: boolean }): Promise<AssessmentDetails> {
  const { page, start } = query;
  const a = await enrolledAssessment(ctx, user, id);
  const now = Date.now();
  const before = await expireLate(ctx, await attemptsOf(ctx.db, user.id, [a.id]), now);
  const attempt = await openOrResume(ctx, user, a, before, start);
  const attempts = attempt && !before.some((x) => x.id === attempt.id) ? [attempt, ...before] : before;
  const submitted = attempts.filter(isSubmitted);
  const shown = submitted.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  const [answers, given, reviewed] = await Promise.all([
    answersOf(ctx.db, shown.map((s) => s.id)),
    attempt ? questionsOfAttempt(ctx, a.questions, attempt.questions) : Promise.resolve([]),
    shown.length > 0 ? questionsOfAttempts(ctx, a.questions, shown) : Promise.resolve([]),
  ]);
  const resultQuestions = reviewed.map(questionForParticipant);
  return {
    assessment: presentAssessment(a, a.questions),
    // The questions are read on the clock: shown with an attempt under way, or next to earlier results.
    // An attempt under way has its own questions (drawn from the bank) and order (shuffled) (questionsForAttempt).
    questions: attempt ? questionsForAttempt({ shuffle: a.shuffle, questions: given }, attempt.id) : resultQuestions,
    result_questions: resultQuestions,
    standing: standingOf(ctx, attempts, now),
    attempt: attempt
      ? { id: attempt.id, number: attempt.number, started_at: attempt.startedAt.toISOString(), deadline: deadlineOf(attempt)?.toISOString() ?? null, server_now: new Date(now).toISOString() }
      : null,
    can_start: !attempt && mayStart(a, attempts),
    attempts_used: attempts.length,
    attempts_left: attemptsLeft(a.maxAttempts, attempts.length),
    results: { items: shown.map((s) => presentResult(s, answers)), page, perPage: PER_PAGE, total: submitted.length },
  };
}

/** The participant's assessments of one enrolled course, or of all of them (courseId 0), in course order. */
export async function myAssessments(ctx: AppContext, user: RequestUser, courseId: number, page: number) {
  let courseIds: number[];
  if (courseId === 0) {
    courseIds = await enrolledCourseIds(ctx, user.id);
  } else {
    if (!(await isEnrolled(ctx, user.id, courseId))) throw new AppError('api.learn.not_enrolled', 403);
    courseIds = [courseId];
  }
  const all = await assessmentsOfCourses(ctx.db, courseIds);
  const shown = all.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  const ids = shown.map((a) => a.id);
  const [questions, draws, attempts] = await Promise.all([questionsOf(ctx.db, ids), drawsOf(ctx.db, ids), attemptsOf(ctx.db, user.id, ids)]);
  const now = Date.now();
  const items: MyAssessment[] = shown.map((a) => {
    const mine = attempts.filter((x) => x.assessmentId === a.id);
    const latest = mine.find(isSubmitted);
    return {
      assessment: presentAssessment({ ...a, draws: draws.get(a.id) ?? [] }, questions.get(a.id) ?? []),
      standing: standingOf(ctx, mine, now),
      attempts_used: mine.length,
      attempts_left: attemptsLeft(a.maxAttempts, mine.length),
      latest: latest ? presentResultHead(latest) : null,
    };
  });
  return { items, page, perPage: PER_PAGE, total: all.length };
}

export async function participantUnchecked(ctx: AppContext, user: RequestUser, page: number) {
  const { items, total } = await listSubmissions(ctx.db, { participantId: user.id, status: 'pending' }, page, PER_PAGE, 'oldest');
  return {
    items: items.map((r) => ({
      id: r.id,
      assessment_id: r.assessmentId,
      number: r.number,
      status: 'pending' as const,
      score: r.score,
      max_score: r.maxScore,
      percent: percentOf(r.score, r.maxScore),
      pass_mark: r.passMark,
      submitted_at: r.submittedAt!.toISOString(),
      checked_at: null,
    })),
    page,
    perPage: PER_PAGE,
    total,
  };
}

type Answers = AnswerBody['answers'];

/** One answer checked against its question: its options, keys or blanks; problems are recorded under `at`. */
function readAnswer(q: Question, answer: Answers[number], at: string, problems: Record<string, string>): GivenAnswer {
  switch (q.type) {
    case 'short':
      return { optionIds: [], text: (answer.text ?? '').trim() };
    case 'ordering': {
      const keys = answer.option_ids ?? [];
      const known = new Set(q.options.map((o) => o.key));
      if (keys.some((k) => !known.has(k))) problems[`${at}.option_ids`] = 'api.quiz.unknown_option';
      else if (new Set(keys).size !== keys.length) problems[`${at}.option_ids`] = 'api.quiz.item_twice';
      return { optionIds: keys, text: null };
    }
    case 'matching': {
      const pairs = answer.matches ?? [];
      const prompts = new Set(q.options.map((o) => o.key));
      const choices = new Set(q.options.map((o) => o.matchKey));
      if (pairs.some((m) => !prompts.has(m.option_id) || !choices.has(m.choice_id))) problems[`${at}.matches`] = 'api.quiz.unknown_option';
      else if (new Set(pairs.map((m) => m.option_id)).size !== pairs.length) problems[`${at}.matches`] = 'api.quiz.item_twice';
      return { optionIds: [], text: null, matches: pairs.map((m) => ({ option_id: m.option_id, choice_id: m.choice_id })) };
    }
    case 'fill_blanks': {
      const blanks = (answer.blanks ?? []).map((b) => b.trim());
      if (blanks.length > q.options.length) problems[`${at}.blanks`] = 'api.quiz.too_many_blanks';
      return { optionIds: [], text: null, blanks };
    }
    case 'numeric':
      return { optionIds: [], text: null, ...(answer.number === undefined ? {} : { number: answer.number }) };
    default: {
      const optionIds = [...new Set(answer.option_ids ?? [])];
      const known = new Set(q.options.map((o) => o.id));
      if (optionIds.some((id) => !known.has(id))) problems[`${at}.option_ids`] = 'api.quiz.unknown_option';
      else if ((q.type === 'single' || q.type === 'true_false') && optionIds.length > 1) problems[`${at}.option_ids`] = 'api.quiz.one_option';
      return { optionIds, text: null };
    }
  }
}

/** Every answer must be about a question of this assessment, once, with that question's options (or keys, or blanks). */
function readAnswers(attemptQuestions: Question[], answers: Answers): Map<number, GivenAnswer> {
  const problems: Record<string, string> = {};
  const given = new Map<number, GivenAnswer>();
  const questions = new Map(attemptQuestions.map((q) => [q.id, q]));
  answers.forEach((answer, i) => {
    const q = questions.get(answer.question_id);
    if (!q) return void (problems[`answers.${i}.question_id`] = 'api.quiz.unknown_question');
    if (given.has(q.id)) return void (problems[`answers.${i}.question_id`] = 'api.quiz.duplicate_question');
    given.set(q.id, readAnswer(q, answer, `answers.${i}`, problems));
  });
  if (Object.keys(problems).length) throw new AppError('api.validation.failed', 400, { fields: problems });
  return given;
}

/** What an answer stores besides its options and text: the pairs, the blanks or the number. */
function responseOf(answer: GivenAnswer | undefined): StoredAnswer['response'] {
  if (answer?.matches) return { matches: answer.matches };
  if (answer?.blanks) return { blanks: answer.blanks };
  if (answer?.number !== undefined) return { number: answer.number };
  return null;
}

async function resultOf(ctx: AppContext, attemptId: number) {
  const attempt = await findAttempt(ctx.db, attemptId);
  if (!attempt || !isSubmitted(attempt)) throw new AppError('api.quiz.attempt_not_found', 404);
  return presentResult(attempt, await answersOf(ctx.db, [attempt.id]));
}

/**
 * A pass may complete the course: the certificate is issued then (once; later calls find it) and
 * given with the result, so a retry of that submission gets it too. Any other result carries null:
 * a pending submission earns it when its short answers are checked.
 */
async function withCertificate(ctx: AppContext, user: RequestUser, courseId: number, result: SubmissionResult): Promise<SubmittedResult> {
  const certificate = result.status === 'passed' ? await issueCertificateIfEarned(ctx, user.id, courseId) : null;
  return { ...result, certificate };
}

const keyReused = () => new AppError('api.quiz.key_reused', 409, { fields: { idempotency_key: 'api.quiz.key_reused' } });

/**
 * Stores and grades every answer of an open attempt in one statement (submitOpenAttempt), which
 * writes only while the attempt is still open, so of two submissions of one attempt the second finds
 * the first's result: with the same idempotency key it gets that result back, with another key a
 * 409. Nothing is stored twice.
 */
export async function submitAnswers(ctx: AppContext, user: RequestUser, body: { attempt_id: number; idempotency_key: string; answers: Answers }) {
  const key = body.idempotency_key.toLowerCase();
  // The attempt, whatever carries the key, the assessment and the enrolment: one prepared statement.
  const { attempts: rows, assessment: a, enrolled } = await submissionContext(ctx.db, body.attempt_id, key, user.id);
  const byKey = rows.find((r) => r.idempotencyKey === key);
  if (byKey) {
    if (byKey.id !== body.attempt_id || byKey.participantId !== user.id) throw keyReused();
    return { replayed: true, result: await withCertificate(ctx, user, byKey.courseId, await resultOf(ctx, byKey.id)) };
  }
  const attempt = rows.find((r) => r.id === body.attempt_id);
  if (!attempt || attempt.participantId !== user.id) throw new AppError('api.quiz.attempt_not_found', 404, { fields: { attempt_id: 'api.quiz.attempt_not_found' } });
  if (!a) throw new AppError('api.quiz.not_found', 404);
  if (!enrolled) throw new AppError('api.learn.not_enrolled', 403);
  // The attempt's own questions: drawn for it from the bank, or the assessment's.
  const questions = await questionsOfAttempt(ctx, a.questions, attempt.questions);
  const given = readAnswers(questions, body.answers);
  const graded = questions.map((q) => {
    const answer = given.get(q.id);
    const verdict = gradeAnswer(q, answer);
    return { q, answer, verdict, awarded: pointsFor(verdict, q.points) };
  });
  const score = graded.reduce((sum, g) => sum + (g.awarded ?? 0), 0);
  const maxScore = questions.reduce((sum, q) => sum + q.points, 0);

  // What decides a submission (lateness, the attempt's number, its pass mark) never changes while the
  // attempt is open; only its status does, and submitOpenAttempt writes only while it is still open.
  const notOpen = (status: AttemptRow['status']) => new AppError(status === 'expired' ? 'api.quiz.time_up' : 'api.quiz.already_submitted', 409);
  if (attempt.status !== 'open') throw notOpen(attempt.status);
  if (isLate(ctx, attempt, Date.now())) throw new AppError('api.quiz.time_up', 409);
  // The author may have lowered the limit while this attempt was open.
  if (a.maxAttempts !== null && attempt.number > a.maxAttempts) throw new AppError('api.quiz.no_attempts_left', 409);
  const status = submissionStatus(graded.map((g) => g.verdict), score, maxScore, attempt.passMark);
  let stored: ReturnType<typeof presentResult> | null;
  try {
    const submitted = await submitOpenAttempt(
      ctx.db,
      attempt.id,
      { status, score, maxScore, submittedAt: new Date(), idempotencyKey: key },
      graded.map((g) => ({
        questionId: g.q.id,
        optionIds: g.answer?.optionIds ?? [],
        text: g.answer?.text || null,
        response: responseOf(g.answer),
        correct: g.verdict,
        points: g.q.points,
        pointsAwarded: g.awarded,
      })),
    );
    if (submitted) stored = presentResult(submitted.attempt as Parameters<typeof presentResult>[0], submitted.answers);
    else {
      // Another submission of this attempt came first: with this key it is the answer, otherwise a 409.
      const now = await findAttempt(ctx.db, attempt.id);
      if (!now) throw new AppError('api.quiz.attempt_not_found', 404);
      if (now.idempotencyKey !== key) throw notOpen(now.status);
      stored = null;
    }
  } catch (error) {
    // The same key sent at once for two attempts: the unique index lets one through.
    if (isUniqueViolation(error)) throw keyReused();
    throw error;
  }
  // null: a concurrent request with this key stored it first; its result is the answer.
  if (!stored) return { replayed: true, result: await withCertificate(ctx, user, attempt.courseId, await resultOf(ctx, attempt.id)) };
  return { replayed: false, result: await withCertificate(ctx, user, a.courseId, stored) };
}

/**
 * A participant's assessments of one course for their record (docs/records.md): each with the standing, the best
 * submitted percent, its questions as the participant sees them and every submitted attempt with its answers; the
 * seconds from opening to sending those attempts, and the latest moment one was opened or sent.
 */
export async function assessmentsRecord(ctx: AppContext, participantId: number, courseId: number): Promise<{ assessments: LearnerRecord['assessments']; attemptsSeconds: number; lastActivity: Date | null }> {
  const all = await assessmentsOfCourses(ctx.db, [courseId]);
  const ids = all.map((a) => a.id);
  const [questions, attempts] = await Promise.all([questionsOf(ctx.db, ids), attemptsOf(ctx.db, participantId, ids)]);
  const submitted = attempts.filter(isSubmitted);
  const [answers, shownWith] = await Promise.all([
    answersOf(ctx.db, submitted.map((a) => a.id)),
    // Each assessment's questions as its attempts were given them (drawn from the bank), or its own.
    Promise.all(all.map((a) => questionsOfAttempts(ctx, questions.get(a.id) ?? [], submitted.filter((x) => x.assessmentId === a.id)))),
  ]);
  const now = Date.now();
  const assessments = all.map((a, i) => {
    const mine = attempts.filter((x) => x.assessmentId === a.id);
    const done = submitted.filter((x) => x.assessmentId === a.id);
    return {
      id: a.id,
      title: a.title,
      pass_mark: a.passMark,
      standing: standingOf(ctx, mine, now),
      best_percent: done.length ? Math.max(...done.map((x) => percentOf(x.score, x.maxScore))) : null,
      questions: shownWith[i]!.map(questionForParticipant),
      attempts: done.map((x) => presentResult(x, answers)),
    };
  });
  const attemptsSeconds = submitted.reduce((sum, a) => sum + Math.max(0, Math.floor((a.submittedAt.getTime() - a.startedAt.getTime()) / 1000)), 0);
  const lastActivity = attempts.reduce<Date | null>((max, a) => {
    const at = a.submittedAt ?? a.startedAt;
    return !max || at.getTime() > max.getTime() ? at : max;
  }, null);
  return { assessments, attemptsSeconds, lastActivity };
}
