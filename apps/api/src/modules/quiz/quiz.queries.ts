import { and, asc, count, desc, eq, getTableColumns, gt, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { assessmentDraws, assessmentQuestions, assessments, courses, enrollments, questionOptions, quizAnswers, quizAttempts, users } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';
import type { GradedQuestion } from './grading';

export type AttemptRow = typeof quizAttempts.$inferSelect;
export type AnswerRow = typeof quizAnswers.$inferSelect;

export interface AssessmentWithQuestions {
  id: number;
  courseId: number;
  courseTitle: string;
  instructorId: number;
  title: string;
  passMark: number;
  timeLimitMinutes: number | null;
  maxAttempts: number | null;
  /** Each attempt gets the questions and their options in an order of its own. */
  shuffle: boolean;
  questions: (GradedQuestion & { text: string })[];
  /** Random questions from the course's question bank, drawn for each attempt. */
  draws: Draw[];
}
export interface Draw {
  topicId: number;
  count: number;
  points: number;
}
/** What an attempt was given: each question, in order, with what it is worth in this attempt. */
export type GivenQuestions = NonNullable<AttemptRow['questions']>;

/** Assessments of live courses, with their course; by ids or by course ids. */
async function assessmentRows(db: Db, where: SQL) {
  return db
    .select({
      id: assessments.id,
      courseId: assessments.courseId,
      courseTitle: courses.title,
      instructorId: courses.instructorId,
      title: assessments.title,
      passMark: assessments.passMark,
      timeLimitMinutes: assessments.timeLimitMinutes,
      maxAttempts: assessments.maxAttempts,
      shuffle: assessments.shuffle,
    })
    .from(assessments)
    .innerJoin(courses, eq(courses.id, assessments.courseId))
    .where(and(where, isNull(courses.deletedAt)))
    .orderBy(asc(assessments.courseId), asc(assessments.position), asc(assessments.id));
}

type Question = AssessmentWithQuestions['questions'][number];

/** Questions with their options, in their authored order: assessments' own, or any by id; both queries run at once. */
async function questionRows(db: Db, where: SQL): Promise<(Question & { assessmentId: number | null })[]> {
  const [questions, options] = await Promise.all([
    db.select().from(assessmentQuestions).where(where).orderBy(asc(assessmentQuestions.position), asc(assessmentQuestions.id)),
    db
      .select({
        id: questionOptions.id,
        questionId: questionOptions.questionId,
        text: questionOptions.text,
        isCorrect: questionOptions.isCorrect,
        matchText: questionOptions.matchText,
        key: questionOptions.optionKey,
        matchKey: questionOptions.matchKey,
      })
      .from(questionOptions)
      .innerJoin(assessmentQuestions, eq(assessmentQuestions.id, questionOptions.questionId))
      .where(where)
      .orderBy(asc(questionOptions.position), asc(questionOptions.id)),
  ]);
  const optionsOf = new Map<number, GradedQuestion['options']>();
  for (const o of options) {
    const list = optionsOf.get(o.questionId) ?? [];
    list.push({ id: o.id, text: o.text, isCorrect: o.isCorrect, matchText: o.matchText, key: o.key, matchKey: o.matchKey });
    optionsOf.set(o.questionId, list);
  }
  return questions.map((q) => ({
    id: q.id,
    assessmentId: q.assessmentId,
    type: q.type,
    text: q.text,
    points: q.points,
    acceptedAnswers: q.acceptedAnswers,
    numericAnswer: q.numericAnswer,
    numericTolerance: q.numericTolerance,
    options: optionsOf.get(q.id) ?? [],
  }));
}

/** Questions and options of many assessments (their own, not the bank's), in their authored order. */
export async function questionsOf(db: Db, assessmentIds: number[]) {
  const byAssessment = new Map<number, Question[]>();
  if (assessmentIds.length === 0) return byAssessment;
  for (const id of assessmentIds) byAssessment.set(id, []);
  for (const { assessmentId, ...q } of await questionRows(db, inArray(assessmentQuestions.assessmentId, assessmentIds))) byAssessment.get(assessmentId!)!.push(q);
  return byAssessment;
}

/** Questions by id, whoever they belong to (an attempt's, drawn from the bank); a deleted one is missing. */
export async function questionsByIds(db: Db, ids: number[]): Promise<Map<number, Question>> {
  if (ids.length === 0) return new Map();
  return new Map((await questionRows(db, inArray(assessmentQuestions.id, [...new Set(ids)]))).map(({ assessmentId: _, ...q }) => [q.id, q]));
}

/** The random draws of many assessments, in order. */
export async function drawsOf(db: Db, assessmentIds: number[]): Promise<Map<number, Draw[]>> {
  const byAssessment = new Map<number, Draw[]>(assessmentIds.map((id) => [id, []]));
  if (assessmentIds.length === 0) return byAssessment;
  const rows = await db
    .select({ assessmentId: assessmentDraws.assessmentId, topicId: assessmentDraws.topicId, count: assessmentDraws.count, points: assessmentDraws.points })
    .from(assessmentDraws)
    .where(inArray(assessmentDraws.assessmentId, assessmentIds))
    .orderBy(asc(assessmentDraws.position), asc(assessmentDraws.id));
  for (const { assessmentId, ...d } of rows) byAssessment.get(assessmentId)!.push(d);
  return byAssessment;
}

/** The ids of the bank questions of these topics, by topic. */
export async function bankQuestionIds(db: Db, topicIds: number[]): Promise<Map<number, number[]>> {
  const byTopic = new Map<number, number[]>(topicIds.map((id) => [id, []]));
  if (topicIds.length === 0) return byTopic;
  const rows = await db
    .select({ id: assessmentQuestions.id, topicId: assessmentQuestions.topicId })
    .from(assessmentQuestions)
    .where(inArray(assessmentQuestions.topicId, topicIds))
    .orderBy(asc(assessmentQuestions.id));
  for (const r of rows) byTopic.get(r.topicId!)!.push(r.id);
  return byTopic;
}

export async function findAssessment(db: Db, id: number): Promise<AssessmentWithQuestions | undefined> {
  const [[row], questions, draws] = await Promise.all([assessmentRows(db, eq(assessments.id, id)), questionsOf(db, [id]), drawsOf(db, [id])]);
  return row ? { ...row, questions: questions.get(id)!, draws: draws.get(id)! } : undefined;
}

export function assessmentsOfCourses(db: Db, courseIds: number[]) {
  return courseIds.length ? assessmentRows(db, inArray(assessments.courseId, courseIds)) : Promise.resolve([]);
}

export async function attemptsOf(db: Db, participantId: number, assessmentIds: number[]) {
  if (assessmentIds.length === 0) return [];
  return db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.participantId, participantId), inArray(quizAttempts.assessmentId, assessmentIds)))
    .orderBy(desc(quizAttempts.number));
}

export async function answersOf(db: Db, attemptIds: number[]) {
  if (attemptIds.length === 0) return [];
  return db.select().from(quizAnswers).where(inArray(quizAnswers.attemptId, attemptIds)).orderBy(asc(quizAnswers.id));
}

export interface SubmissionFilters {
  instructorId?: number;
  participantId?: number;
  courseId?: number;
  assessmentId?: number;
  status?: 'pending' | 'passed' | 'failed';
  search?: string;
}

const submissionColumns = {
  id: quizAttempts.id,
  number: quizAttempts.number,
  courseId: quizAttempts.courseId,
  courseTitle: courses.title,
  instructorId: courses.instructorId,
  assessmentId: quizAttempts.assessmentId,
  assessmentTitle: assessments.title,
  participantId: quizAttempts.participantId,
  participantName: users.name,
  status: quizAttempts.status,
  score: quizAttempts.score,
  maxScore: quizAttempts.maxScore,
  passMark: quizAttempts.passMark,
  submittedAt: quizAttempts.submittedAt,
  checkedAt: quizAttempts.checkedAt,
  questions: quizAttempts.questions,
  uncheckedAnswers: sql<number>`(select count(*)::int from ${quizAnswers} where ${quizAnswers.attemptId} = ${quizAttempts.id} and ${quizAnswers.correct} is null)`,
};
export interface SubmissionRow {
  id: number; number: number; courseId: number; courseTitle: string; instructorId: number; assessmentId: number; assessmentTitle: string;
  participantId: number; participantName: string; status: AttemptRow['status']; score: number; maxScore: number; passMark: number;
  submittedAt: Date | null; checkedAt: Date | null; questions: GivenQuestions | null; uncheckedAnswers: number;
}

function submissionWhere(f: SubmissionFilters): SQL {
  const parts: (SQL | undefined)[] = [inArray(quizAttempts.status, ['pending', 'passed', 'failed'])];
  if (f.instructorId !== undefined) parts.push(eq(courses.instructorId, f.instructorId));
  if (f.participantId !== undefined) parts.push(eq(quizAttempts.participantId, f.participantId));
  if (f.courseId !== undefined) parts.push(eq(quizAttempts.courseId, f.courseId));
  if (f.assessmentId !== undefined) parts.push(eq(quizAttempts.assessmentId, f.assessmentId));
  if (f.status) parts.push(eq(quizAttempts.status, f.status));
  if (f.search?.trim()) parts.push(ilike(users.name, containsPattern(f.search)));
  return and(...parts)!;
}

/** Submitted attempts with course, assessment and participant; newest first, or oldest first for a queue of work. */
export async function listSubmissions(db: Db, f: SubmissionFilters, page: number, perPage: number, order: 'newest' | 'oldest' = 'newest') {
  const where = submissionWhere(f);
  const base = () =>
    db
      .select(submissionColumns)
      .from(quizAttempts)
      .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
      .innerJoin(assessments, eq(assessments.id, quizAttempts.assessmentId))
      .innerJoin(users, eq(users.id, quizAttempts.participantId))
      .where(where);
  const sort = order === 'newest' ? [desc(quizAttempts.submittedAt), desc(quizAttempts.id)] : [asc(quizAttempts.submittedAt), asc(quizAttempts.id)];
  const [items, [total]] = await Promise.all([
    base().orderBy(...sort).limit(perPage).offset((page - 1) * perPage),
    db
      .select({ n: count() })
      .from(quizAttempts)
      .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
      .innerJoin(users, eq(users.id, quizAttempts.participantId))
      .where(where),
  ]);
  return { items: items as SubmissionRow[], total: total?.n ?? 0 };
}

/** The next submissions after `afterId` in id order (an export's chunk), with the list's filters. */
export function submissionChunk(db: Db, f: SubmissionFilters, afterId: number, limit: number) {
  return db
    .select({
      id: quizAttempts.id,
      number: quizAttempts.number,
      courseTitle: courses.title,
      assessmentTitle: assessments.title,
      participantName: users.name,
      participantEmail: users.email,
      status: quizAttempts.status,
      score: quizAttempts.score,
      maxScore: quizAttempts.maxScore,
      submittedAt: quizAttempts.submittedAt,
      checkedAt: quizAttempts.checkedAt,
    })
    .from(quizAttempts)
    .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
    .innerJoin(assessments, eq(assessments.id, quizAttempts.assessmentId))
    .innerJoin(users, eq(users.id, quizAttempts.participantId))
    .where(and(submissionWhere(f), gt(quizAttempts.id, afterId)))
    .orderBy(asc(quizAttempts.id))
    .limit(limit);
}

export async function findSubmission(db: Db, id: number): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .select(submissionColumns)
    .from(quizAttempts)
    .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
    .innerJoin(assessments, eq(assessments.id, quizAttempts.assessmentId))
    .innerJoin(users, eq(users.id, quizAttempts.participantId))
    .where(and(eq(quizAttempts.id, id), ne(quizAttempts.status, 'open'), ne(quizAttempts.status, 'expired')));
  return row as SubmissionRow | undefined;
}

export async function reviewerNames(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---------------------------------------------------------------------------------------------
// Attempts

/** Closes an attempt left open past its deadline (only if it is still open). */
export async function expireAttempt(db: Db, id: number) {
  await db.update(quizAttempts).set({ status: 'expired' }).where(and(eq(quizAttempts.id, id), eq(quizAttempts.status, 'open')));
}

/**
 * A new open attempt; undefined when the participant already has one open: two tabs opening the
 * assessment at once, the database keeps one open attempt (partial unique index).
 */
export async function insertAttempt(db: Db, values: { assessmentId: number; courseId: number; participantId: number; number: number; passMark: number; timeLimitMinutes: number | null; questions: GivenQuestions | null }) {
  const [row] = await db.insert(quizAttempts).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findOpenAttempt(db: Db, assessmentId: number, participantId: number) {
  const [row] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.assessmentId, assessmentId), eq(quizAttempts.participantId, participantId), eq(quizAttempts.status, 'open')));
  return row;
}

export async function findAttempt(db: Db, id: number) {
  const [row] = await db.select().from(quizAttempts).where(eq(quizAttempts.id, id));
  return row;
}

/** The submission's statement (submissionContext). */
function prepareSubmissionContext(db: Db) {
  const attemptId = sql.placeholder('attemptId');
  const key = sql.placeholder('key');
  const participantId = sql.placeholder('participantId');
  const attempt = sql`(select ${quizAttempts.assessmentId} as assessment_id, ${quizAttempts.courseId} as course_id from ${quizAttempts} where ${quizAttempts.id} = ${attemptId})`;
  const statement = sql`(
    select
      (select coalesce(json_agg(${rowJson(quizAttempts, 'x')}), '[]'::json)
        from ${quizAttempts} x where x.id = ${attemptId} or x.idempotency_key = ${key}) as attempts,
      (select json_build_object('id', ${assessments.id}, 'courseId', ${assessments.courseId}, 'courseTitle', ${courses.title}, 'instructorId', ${courses.instructorId},
          'title', ${assessments.title}, 'passMark', ${assessments.passMark}, 'timeLimitMinutes', ${assessments.timeLimitMinutes}, 'maxAttempts', ${assessments.maxAttempts}, 'shuffle', ${assessments.shuffle},
          'questions', (select coalesce(json_agg(json_build_object('id', q.id, 'type', q.type, 'text', q.text, 'points', q.points, 'acceptedAnswers', q.accepted_answers,
              'numericAnswer', q.numeric_answer, 'numericTolerance', q.numeric_tolerance,
              'options', (select coalesce(json_agg(json_build_object('id', o.id, 'text', o.text, 'isCorrect', o.is_correct, 'matchText', o.match_text, 'key', o.option_key, 'matchKey', o.match_key) order by o.position, o.id), '[]'::json)
                from ${questionOptions} o where o.question_id = q.id)) order by q.position, q.id), '[]'::json)
            from ${assessmentQuestions} q where q.assessment_id = ${assessments.id}))
        from ${assessments} inner join ${courses} on ${courses.id} = ${assessments.courseId}
        where ${assessments.id} = (select assessment_id from ${attempt} a) and ${courses.deletedAt} is null) as assessment,
      exists (select 1 from ${enrollments} where ${enrollments.participantId} = ${participantId} and ${enrollments.courseId} = (select course_id from ${attempt} a)) as enrolled
  ) as submission`;
  return db
    .select({
      attempts: sql<Record<string, unknown>[]>`submission.attempts`,
      assessment: sql<Omit<AssessmentWithQuestions, 'draws'> | null>`submission.assessment`,
      enrolled: sql<boolean>`submission.enrolled`,
    })
    .from(statement)
    .prepare('quiz_submission_context');
}
const submissionContextStatement = preparedPerDatabase(prepareSubmissionContext);

/**
 * What a submission is checked against, in one prepared statement: the attempt and whatever already
 * carries the idempotency key, the attempt's assessment with its questions and
 * options (findAssessment: null when its course is gone), and whether the participant is enrolled in
 * the attempt's course. Five statements before, two of them one after the other (issue 26, point 5).
 */
export async function submissionContext(db: Db, attemptId: number, key: string, participantId: number) {
  const [row] = await submissionContextStatement(db).execute({ attemptId, key, participantId });
  return {
    attempts: row!.attempts.map((a) => rowFromJson<AttemptRow>(quizAttempts, a)),
    assessment: row!.assessment,
    enrolled: row!.enrolled,
  };
}

/** The attempt row, locked until the transaction ends: two submissions of one attempt run one after another. */
export async function lockAttempt(tx: Db, id: number) {
  const [row] = await tx.select().from(quizAttempts).where(eq(quizAttempts.id, id)).for('update');
  return row;
}

export async function updateAttempt(tx: Db, id: number, values: Partial<Pick<AttemptRow, 'status' | 'score' | 'maxScore' | 'submittedAt' | 'idempotencyKey' | 'checkedAt'>>) {
  const [row] = await tx.update(quizAttempts).set(values).where(eq(quizAttempts.id, id)).returning();
  return row!;
}

/** A reviewer's mark on one short answer of the attempt. */
export async function markAnswer(tx: Db, attemptId: number, answerId: number, values: { correct: boolean; pointsAwarded: number; checkedBy: number; checkedAt: Date; feedback?: string | null }) {
  await tx.update(quizAnswers).set(values).where(and(eq(quizAnswers.id, answerId), eq(quizAnswers.attemptId, attemptId)));
}

export function answerMarks(tx: Db, attemptId: number) {
  return tx.select({ correct: quizAnswers.correct, awarded: quizAnswers.pointsAwarded }).from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId));
}

/** A JSON object of a row of `table` under the names drizzle gives its columns (to read back with rowFromJson); used by prepared statements, built once each. */
function rowJson(table: typeof quizAttempts | typeof quizAnswers, alias: string): SQL {
  return sql.raw(
    `json_build_object(${Object.entries(getTableColumns(table))
      .map(([key, column]) => `'${key}', ${alias}."${column.name}"`)
      .join(', ')})`,
  );
}

/** A row read back from rowJson: its timestamps are Dates again (JSON has none). */
function rowFromJson<T>(table: typeof quizAttempts | typeof quizAnswers, json: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...json };
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (column.dataType === 'date' && typeof out[key] === 'string') out[key] = new Date(out[key]);
  }
  return out as T;
}

/** An answer as submitOpenAttempt stores it. */
export interface StoredAnswer {
  questionId: number;
  optionIds: number[];
  text: string | null;
  response: AnswerRow['response'];
  correct: boolean | null;
  points: number;
  pointsAwarded: number | null;
}

/** An answer under the column names json_to_recordset reads. */
const answerRecord = (a: StoredAnswer) => ({
  question_id: a.questionId,
  option_ids: a.optionIds,
  text: a.text,
  response: a.response,
  correct: a.correct,
  points: a.points,
  points_awarded: a.pointsAwarded,
});

/** The submitting statement (submitOpenAttempt), prepared: every submission runs it. Parameters are cast: some sit in a select list. */
function prepareSubmit(db: Db) {
  const p = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  const submitted = db.$with('submitted', {}).as(sql`
    update ${quizAttempts} set status = ${p('status', 'text')}, score = ${p('score', 'int')}, max_score = ${p('maxScore', 'int')},
      submitted_at = ${p('submittedAt', 'timestamptz')}, idempotency_key = ${p('idempotencyKey', 'text')}
    where id = ${p('id', 'int')} and status = 'open'
    returning *`);
  const stored = db.$with('stored', {}).as(sql`
    insert into ${quizAnswers} (attempt_id, question_id, option_ids, text, response, correct, points, points_awarded)
    select s.id, a.question_id, a.option_ids, a.text, a.response, a.correct, a.points, a.points_awarded
    from submitted s
    cross join json_to_recordset(${p('answers', 'json')}) as a(question_id int, option_ids jsonb, text text, response jsonb, correct boolean, points int, points_awarded int)
    returning *`);
  return db
    .with(submitted, stored)
    .select({
      attempt: sql<Record<string, unknown> | null>`(select ${rowJson(quizAttempts, 'submitted')} from submitted)`,
      answers: sql<Record<string, unknown>[]>`(select coalesce(json_agg(${rowJson(quizAnswers, 'stored')} order by stored.id), '[]'::json) from stored)`,
    })
    .from(sql`(select 1) as one`)
    .prepare('quiz_submit');
}
const submitStatement = preparedPerDatabase(prepareSubmit);

/**
 * Submits an open attempt and stores its answers in one statement (atomic, like a transaction): the
 * attempt is updated only while it is still open, and the answers are inserted only if it was. Null
 * when it was no longer open (another submission came first): the caller reads why. One statement
 * instead of a transaction of four (lock, insert, update, commit): under a burst of submissions (a
 * deadline) the transaction stayed open while the API process, busy with the others, prepared its
 * next statement, and the attempt's row lock with it (issue 26, point 5). Prepared (quiz_submit): neither
 * drizzle nor the server builds or plans it again for each submission.
 */
export async function submitOpenAttempt(
  db: Db,
  id: number,
  values: Pick<AttemptRow, 'status' | 'score' | 'maxScore' | 'submittedAt' | 'idempotencyKey'>,
  answers: StoredAnswer[],
): Promise<{ attempt: AttemptRow; answers: AnswerRow[] } | null> {
  const [row] = await submitStatement(db).execute({ ...values, id, answers: JSON.stringify(answers.map(answerRecord)) });
  if (!row?.attempt) return null;
  return { attempt: rowFromJson<AttemptRow>(quizAttempts, row.attempt), answers: row.answers.map((a) => rowFromJson<AnswerRow>(quizAnswers, a)) };
}
