import { and, asc, count, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { QuestionType } from '@nibras/contract';
import type { Db } from '../../db/client';
import { assessmentDraws, assessmentQuestions, assessments, questionOptions, questionTopics } from '../../db/schema';

/** Whose questions: an assessment's own, or a topic's of the course's question bank. */
export type QuestionParent = { assessmentId: number } | { topicId: number };

function ofParent(parent: QuestionParent): SQL {
  return 'assessmentId' in parent ? eq(assessmentQuestions.assessmentId, parent.assessmentId) : eq(assessmentQuestions.topicId, parent.topicId);
}

/** A question of step 5 as saved (numeric answer and tolerance only for numeric questions). */
export interface QuestionRow {
  type: QuestionType;
  text: string;
  points: number;
  position: number;
  accepted_answers: string[];
  numeric_answer: number | null;
  numeric_tolerance: number;
}

/** An option of step 5 as saved (match_text only for matching questions). */
export interface OptionRow {
  question_id: number;
  text: string;
  is_correct: boolean;
  match_text: string | null;
  position: number;
}

export async function updateQuestions(
  tx: Db,
  parent: QuestionParent,
  rows: (QuestionRow & { id: number })[],
) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update ${assessmentQuestions} set type = u.type, text = u.text, points = u.points, position = u.position, accepted_answers = u.accepted_answers,
      numeric_answer = u.numeric_answer, numeric_tolerance = u.numeric_tolerance
    from json_to_recordset(${JSON.stringify(rows)}::json) as u(id int, type text, text text, points int, position int, accepted_answers jsonb, numeric_answer float8, numeric_tolerance float8)
    where ${assessmentQuestions.id} = u.id and ${ofParent(parent)}`);
}

export async function updateOptions(tx: Db, rows: (OptionRow & { id: number })[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update ${questionOptions} set text = u.text, is_correct = u.is_correct, match_text = u.match_text, position = u.position
    from json_to_recordset(${JSON.stringify(rows)}::json) as u(id int, question_id int, text text, is_correct boolean, match_text text, position int)
    where ${questionOptions.id} = u.id and ${questionOptions.questionId} = u.question_id`);
}

/** The questions of these assessments or topics with their options, in order: two queries. */
async function questionTree(db: Db, where: SQL) {
  const questions = await db.select().from(assessmentQuestions).where(where).orderBy(asc(assessmentQuestions.position), asc(assessmentQuestions.id));
  const questionIds = questions.map((q) => q.id);
  const options = questionIds.length
    ? await db.select().from(questionOptions).where(inArray(questionOptions.questionId, questionIds)).orderBy(asc(questionOptions.position), asc(questionOptions.id))
    : [];
  return questions.map((q) => ({ ...q, options: options.filter((o) => o.questionId === q.id) }));
}

/** Every assessment of a course with its questions, options and random draws: four queries, whatever the size. */
export async function courseAssessments(db: Db, courseId: number, onlyAssessmentId?: number) {
  const where = onlyAssessmentId ? and(eq(assessments.courseId, courseId), eq(assessments.id, onlyAssessmentId)) : eq(assessments.courseId, courseId);
  const rows = await db.select().from(assessments).where(where).orderBy(asc(assessments.position), asc(assessments.id));
  const ids = rows.map((a) => a.id);
  if (ids.length === 0) return [];
  const [questions, draws] = await Promise.all([
    questionTree(db, inArray(assessmentQuestions.assessmentId, ids)),
    db.select().from(assessmentDraws).where(inArray(assessmentDraws.assessmentId, ids)).orderBy(asc(assessmentDraws.position), asc(assessmentDraws.id)),
  ]);
  return rows.map((a) => ({
    ...a,
    questions: questions.filter((q) => q.assessmentId === a.id),
    draws: draws.filter((d) => d.assessmentId === a.id),
  }));
}
export type AssessmentTree = Awaited<ReturnType<typeof courseAssessments>>[number];

/** The course's question bank: every topic (or one) with its questions and options. */
export async function courseTopics(db: Db, courseId: number, onlyTopicId?: number) {
  const where = onlyTopicId ? and(eq(questionTopics.courseId, courseId), eq(questionTopics.id, onlyTopicId)) : eq(questionTopics.courseId, courseId);
  const rows = await db.select().from(questionTopics).where(where).orderBy(asc(questionTopics.position), asc(questionTopics.id));
  if (rows.length === 0) return [];
  const questions = await questionTree(db, inArray(assessmentQuestions.topicId, rows.map((t) => t.id)));
  return rows.map((t) => ({ ...t, questions: questions.filter((q) => q.topicId === t.id) }));
}
export type TopicTree = Awaited<ReturnType<typeof courseTopics>>[number];

/** How many questions each of these topics has. */
export async function topicSizes(db: Db, topicIds: number[]): Promise<Map<number, number>> {
  if (topicIds.length === 0) return new Map();
  const rows = await db
    .select({ topicId: assessmentQuestions.topicId, n: count() })
    .from(assessmentQuestions)
    .where(inArray(assessmentQuestions.topicId, topicIds))
    .groupBy(assessmentQuestions.topicId);
  return new Map(rows.map((r) => [r.topicId!, r.n]));
}

/** The assessments drawing from a topic, and how many each draws. */
export function drawsFromTopic(db: Db, topicId: number) {
  return db.select({ assessmentId: assessmentDraws.assessmentId, count: assessmentDraws.count }).from(assessmentDraws).where(eq(assessmentDraws.topicId, topicId));
}

/** The assessment's random draws, replaced by these (in order). */
export async function replaceDraws(tx: Db, assessmentId: number, draws: { topicId: number; count: number; points: number }[]) {
  await tx.delete(assessmentDraws).where(eq(assessmentDraws.assessmentId, assessmentId));
  if (draws.length) await tx.insert(assessmentDraws).values(draws.map((d, position) => ({ ...d, assessmentId, position })));
}

export async function findTopic(db: Db, id: number) {
  const [row] = await db.select({ id: questionTopics.id, courseId: questionTopics.courseId }).from(questionTopics).where(eq(questionTopics.id, id));
  return row;
}

/** A new topic goes last in its course's bank. */
export async function insertTopic(tx: Db, courseId: number, title: string): Promise<number> {
  const [row] = await tx
    .insert(questionTopics)
    .values({ courseId, title, position: sql`(select coalesce(max(position) + 1, 0) from question_topics where course_id = ${courseId})` })
    .returning({ id: questionTopics.id });
  return row!.id;
}

export async function updateTopic(tx: Db, id: number, title: string) {
  await tx.update(questionTopics).set({ title }).where(eq(questionTopics.id, id));
}

/** False when it is not a topic of that course; the rest close ranks. Its questions go with it. */
export async function deleteTopicRow(tx: Db, courseId: number, id: number): Promise<boolean> {
  const [row] = await tx.delete(questionTopics).where(and(eq(questionTopics.id, id), eq(questionTopics.courseId, courseId))).returning({ position: questionTopics.position });
  if (!row) return false;
  await tx
    .update(questionTopics)
    .set({ position: sql`${questionTopics.position} - 1` })
    .where(and(eq(questionTopics.courseId, courseId), gt(questionTopics.position, row.position)));
  return true;
}

export async function findAssessment(db: Db, id: number) {
  const [row] = await db.select({ id: assessments.id, courseId: assessments.courseId }).from(assessments).where(eq(assessments.id, id));
  return row;
}

/** The course of a question: its assessment's, or its bank topic's. */
const questionCourseId = sql<number>`coalesce(${assessments.courseId}, ${questionTopics.courseId})`.mapWith(Number);

export async function findQuestion(db: Db, id: number) {
  const [row] = await db
    .select({ id: assessmentQuestions.id, assessmentId: assessmentQuestions.assessmentId, topicId: assessmentQuestions.topicId, courseId: questionCourseId })
    .from(assessmentQuestions)
    .leftJoin(assessments, eq(assessments.id, assessmentQuestions.assessmentId))
    .leftJoin(questionTopics, eq(questionTopics.id, assessmentQuestions.topicId))
    .where(eq(assessmentQuestions.id, id));
  return row;
}

export async function findOption(db: Db, id: number) {
  const [row] = await db
    .select({ option: questionOptions, questionId: assessmentQuestions.id, assessmentId: assessmentQuestions.assessmentId, topicId: assessmentQuestions.topicId, courseId: questionCourseId })
    .from(questionOptions)
    .innerJoin(assessmentQuestions, eq(assessmentQuestions.id, questionOptions.questionId))
    .leftJoin(assessments, eq(assessments.id, assessmentQuestions.assessmentId))
    .leftJoin(questionTopics, eq(questionTopics.id, assessmentQuestions.topicId))
    .where(eq(questionOptions.id, id));
  return row;
}

/** The parent of a question found by findQuestion or findOption. */
export function parentOf(found: { assessmentId: number | null; topicId: number | null }): QuestionParent {
  return found.assessmentId !== null ? { assessmentId: found.assessmentId } : { topicId: found.topicId! };
}

export type AssessmentValues = { title: string; passMark: number; timeLimitMinutes: number | null; maxAttempts: number | null; shuffle: boolean; updatedAt: Date };

export async function updateAssessment(tx: Db, id: number, values: AssessmentValues) {
  await tx.update(assessments).set(values).where(eq(assessments.id, id));
}

/** A new assessment goes last in its course. */
export async function insertAssessment(tx: Db, courseId: number, values: AssessmentValues): Promise<number> {
  const [row] = await tx
    .insert(assessments)
    .values({ ...values, courseId, position: sql`(select coalesce(max(position) + 1, 0) from assessments where course_id = ${courseId})` })
    .returning({ id: assessments.id });
  return row!.id;
}

export async function deleteOptionsOf(tx: Db, questionIds: number[]) {
  if (questionIds.length) await tx.delete(questionOptions).where(inArray(questionOptions.questionId, questionIds));
}

/** New questions; answers their ids by position. */
export async function insertQuestions(
  tx: Db,
  parent: QuestionParent,
  rows: QuestionRow[],
) {
  if (rows.length === 0) return [];
  return tx
    .insert(assessmentQuestions)
    .values(
      rows.map((q) => ({
        ...parent,
        type: q.type,
        text: q.text,
        points: q.points,
        position: q.position,
        acceptedAnswers: q.accepted_answers,
        numericAnswer: q.numeric_answer,
        numericTolerance: q.numeric_tolerance,
      })),
    )
    .returning({ id: assessmentQuestions.id, position: assessmentQuestions.position });
}

export async function insertOptions(tx: Db, rows: OptionRow[]) {
  if (rows.length) await tx.insert(questionOptions).values(rows.map((o) => ({ questionId: o.question_id, text: o.text, isCorrect: o.is_correct, matchText: o.match_text, position: o.position })));
}

/** False when it is not an assessment of that course; the rest close ranks. */
export async function deleteAssessmentRow(tx: Db, courseId: number, id: number): Promise<boolean> {
  const [row] = await tx.delete(assessments).where(and(eq(assessments.id, id), eq(assessments.courseId, courseId))).returning({ position: assessments.position });
  if (!row) return false;
  await tx
    .update(assessments)
    .set({ position: sql`${assessments.position} - 1` })
    .where(and(eq(assessments.courseId, courseId), gt(assessments.position, row.position)));
  return true;
}

export async function deleteQuestionRow(tx: Db, parent: QuestionParent, id: number): Promise<boolean> {
  const [row] = await tx
    .delete(assessmentQuestions)
    .where(and(eq(assessmentQuestions.id, id), ofParent(parent)))
    .returning({ position: assessmentQuestions.position });
  if (!row) return false;
  await tx
    .update(assessmentQuestions)
    .set({ position: sql`${assessmentQuestions.position} - 1` })
    .where(and(ofParent(parent), gt(assessmentQuestions.position, row.position)));
  return true;
}

/** The question's type and every option of it, for checking what deleting one would leave. */
export async function questionWithOptions(tx: Db, questionId: number) {
  const [[question], options] = await Promise.all([
    tx
      .select({ type: assessmentQuestions.type, text: assessmentQuestions.text, numericAnswer: assessmentQuestions.numericAnswer })
      .from(assessmentQuestions)
      .where(eq(assessmentQuestions.id, questionId)),
    tx.select().from(questionOptions).where(eq(questionOptions.questionId, questionId)),
  ]);
  return { question, options };
}

export async function deleteOptionRow(tx: Db, option: { id: number; questionId: number; position: number }) {
  await tx.delete(questionOptions).where(eq(questionOptions.id, option.id));
  await tx
    .update(questionOptions)
    .set({ position: sql`${questionOptions.position} - 1` })
    .where(and(eq(questionOptions.questionId, option.questionId), gt(questionOptions.position, option.position)));
}
