import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { QuestionType } from '@nibras/contract';
import type { Db } from '../../db/client';
import { assessmentQuestions, assessments, questionOptions } from '../../db/schema';

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
  assessmentId: number,
  rows: (QuestionRow & { id: number })[],
) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update ${assessmentQuestions} set type = u.type, text = u.text, points = u.points, position = u.position, accepted_answers = u.accepted_answers,
      numeric_answer = u.numeric_answer, numeric_tolerance = u.numeric_tolerance
    from json_to_recordset(${JSON.stringify(rows)}::json) as u(id int, type text, text text, points int, position int, accepted_answers jsonb, numeric_answer float8, numeric_tolerance float8)
    where ${assessmentQuestions.id} = u.id and ${assessmentQuestions.assessmentId} = ${assessmentId}`);
}

export async function updateOptions(tx: Db, rows: (OptionRow & { id: number })[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update ${questionOptions} set text = u.text, is_correct = u.is_correct, match_text = u.match_text, position = u.position
    from json_to_recordset(${JSON.stringify(rows)}::json) as u(id int, question_id int, text text, is_correct boolean, match_text text, position int)
    where ${questionOptions.id} = u.id and ${questionOptions.questionId} = u.question_id`);
}

/** Every assessment of a course with its questions and options: three queries, whatever the size. */
export async function courseAssessments(db: Db, courseId: number, onlyAssessmentId?: number) {
  const where = onlyAssessmentId ? and(eq(assessments.courseId, courseId), eq(assessments.id, onlyAssessmentId)) : eq(assessments.courseId, courseId);
  const rows = await db.select().from(assessments).where(where).orderBy(asc(assessments.position), asc(assessments.id));
  const ids = rows.map((a) => a.id);
  if (ids.length === 0) return [];
  const questions = await db
    .select()
    .from(assessmentQuestions)
    .where(inArray(assessmentQuestions.assessmentId, ids))
    .orderBy(asc(assessmentQuestions.position), asc(assessmentQuestions.id));
  const questionIds = questions.map((q) => q.id);
  const options = questionIds.length
    ? await db.select().from(questionOptions).where(inArray(questionOptions.questionId, questionIds)).orderBy(asc(questionOptions.position), asc(questionOptions.id))
    : [];
  return rows.map((a) => ({
    ...a,
    questions: questions.filter((q) => q.assessmentId === a.id).map((q) => ({ ...q, options: options.filter((o) => o.questionId === q.id) })),
  }));
}
export type AssessmentTree = Awaited<ReturnType<typeof courseAssessments>>[number];

export async function findAssessment(db: Db, id: number) {
  const [row] = await db.select({ id: assessments.id, courseId: assessments.courseId }).from(assessments).where(eq(assessments.id, id));
  return row;
}

export async function findQuestion(db: Db, id: number) {
  const [row] = await db
    .select({ id: assessmentQuestions.id, assessmentId: assessments.id, courseId: assessments.courseId })
    .from(assessmentQuestions)
    .innerJoin(assessments, eq(assessments.id, assessmentQuestions.assessmentId))
    .where(eq(assessmentQuestions.id, id));
  return row;
}

export async function findOption(db: Db, id: number) {
  const [row] = await db
    .select({ option: questionOptions, questionId: assessmentQuestions.id, assessmentId: assessments.id, courseId: assessments.courseId })
    .from(questionOptions)
    .innerJoin(assessmentQuestions, eq(assessmentQuestions.id, questionOptions.questionId))
    .innerJoin(assessments, eq(assessments.id, assessmentQuestions.assessmentId))
    .where(eq(questionOptions.id, id));
  return row;
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
  assessmentId: number,
  rows: QuestionRow[],
) {
  if (rows.length === 0) return [];
  return tx
    .insert(assessmentQuestions)
    .values(
      rows.map((q) => ({
        assessmentId,
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

export async function deleteQuestionRow(tx: Db, assessmentId: number, id: number): Promise<boolean> {
  const [row] = await tx
    .delete(assessmentQuestions)
    .where(and(eq(assessmentQuestions.id, id), eq(assessmentQuestions.assessmentId, assessmentId)))
    .returning({ position: assessmentQuestions.position });
  if (!row) return false;
  await tx
    .update(assessmentQuestions)
    .set({ position: sql`${assessmentQuestions.position} - 1` })
    .where(and(eq(assessmentQuestions.assessmentId, assessmentId), gt(assessmentQuestions.position, row.position)));
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
