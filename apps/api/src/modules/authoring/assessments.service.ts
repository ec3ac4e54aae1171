import type { z } from 'zod';
import { questionProblem, type step5Body } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { editCourse, requireCourseAccess, saveMessage } from './course-edit.service';
import { presentAssessment } from './authoring.presenter';
import { collectPlain, idOf } from './authoring.input';
import {
  courseAssessments,
  deleteAssessmentRow,
  deleteOptionRow,
  deleteOptionsOf,
  deleteQuestionRow,
  findAssessment,
  findOption,
  findQuestion,
  insertAssessment,
  insertOptions,
  insertQuestions,
  questionWithOptions,
  updateAssessment,
  updateOptions,
  updateQuestions,
  type AssessmentTree,
} from './assessments.queries';
import { step5Data } from './steps.service';

const itemNotFound = () => new AppError('api.authoring.item_not_found', 404);

type AssessmentInput = z.output<typeof step5Body>['assessment'];

/**
 * Checks every id of the body against the assessment being saved (questions of this assessment,
 * options of that very question) and that nothing existing was left out; returns the texts sanitised.
 */
function checkAssessmentInput(input: AssessmentInput, existing: AssessmentTree | undefined) {
  const problems: Record<string, string> = {};
  const questions = new Map((existing?.questions ?? []).map((q) => [q.id, q]));
  const seenQuestions = new Set<number>();
  const seenOptions = new Set<number>();
  const base = 'assessment.questions';
  const texts = input.questions.map((q, i) => {
    const qid = idOf(q.id);
    const known = qid === null ? undefined : questions.get(qid);
    if (qid !== null) {
      if (!known) problems[`${base}.${i}.id`] = 'api.authoring.not_in_course';
      else if (seenQuestions.has(qid)) problems[`${base}.${i}.id`] = 'api.authoring.duplicate_id';
      seenQuestions.add(qid);
    }
    const optionIds = new Set(known?.options.map((o) => o.id) ?? []);
    return {
      text: collectPlain(q.text, `${base}.${i}.text`, problems),
      answers: q.accepted_answers.map((a, k) => collectPlain(a, `${base}.${i}.accepted_answers.${k}`, problems)),
      options: q.options.map((o, k) => {
        const oid = idOf(o.id);
        if (oid !== null) {
          if (!optionIds.has(oid)) problems[`${base}.${i}.options.${k}.id`] = 'api.authoring.not_in_course';
          else if (seenOptions.has(oid)) problems[`${base}.${i}.options.${k}.id`] = 'api.authoring.duplicate_id';
          seenOptions.add(oid);
        }
        return {
          text: collectPlain(o.text, `${base}.${i}.options.${k}.text`, problems),
          match: q.type === 'matching' && o.match ? collectPlain(o.match, `${base}.${i}.options.${k}.match`, problems) : null,
        };
      }),
    };
  });
  const title = collectPlain(input.title, 'assessment.title', problems);
  if (Object.keys(problems).length) throw new AppError('api.validation.failed', 400, { fields: problems });
  // A question turned into a short answer or a numeric one cannot list options: its options go with the change of type.
  const nowShort = new Set(input.questions.flatMap((q) => ((q.type === 'short' || q.type === 'numeric') && idOf(q.id) !== null ? [idOf(q.id)!] : [])));
  const leftOut = existing?.questions.some((q) => !seenQuestions.has(q.id) || (!nowShort.has(q.id) && q.options.some((o) => !seenOptions.has(o.id))));
  if (leftOut) throw new AppError('api.authoring.assessment_stale', 409, { fields: { 'assessment.questions': 'api.authoring.assessment_stale' } });
  return { title, texts, nowShort: [...nowShort] };
}

/**
 * Step 5 saves one assessment as listed: new questions and options (no id) are added, the
 * existing ones updated and reordered. Deletes are explicit calls, as in step 4.
 */
export async function saveStep5(ctx: AppContext, user: RequestUser, body: z.output<typeof step5Body>) {
  const input = body.assessment;
  const outcome = await editCourse(ctx, user, body.id, async ({ tx, course }) => {
    const aid = idOf(input.id);
    const [existing] = aid === null ? [] : await courseAssessments(tx, course.id, aid);
    if (aid !== null && !existing) throw new AppError('api.validation.failed', 400, { fields: { 'assessment.id': 'api.authoring.not_in_course' } });
    const { title, texts, nowShort } = checkAssessmentInput(input, existing);
    const values = { title, passMark: input.pass_mark, timeLimitMinutes: input.time_limit_minutes, maxAttempts: input.max_attempts, shuffle: input.shuffle, updatedAt: new Date() };
    let assessmentId: number;
    if (existing) {
      await updateAssessment(tx, existing.id, values);
      assessmentId = existing.id;
    } else {
      assessmentId = await insertAssessment(tx, course.id, values);
    }

    await deleteOptionsOf(tx, nowShort);
    const questionRows = input.questions.map((q, i) => ({
      id: idOf(q.id),
      type: q.type,
      text: texts[i]!.text,
      points: q.points,
      position: i,
      accepted_answers: texts[i]!.answers,
      numeric_answer: q.type === 'numeric' ? q.numeric_answer : null,
      numeric_tolerance: q.type === 'numeric' ? q.tolerance : 0,
    }));
    const inserted = await insertQuestions(
      tx,
      assessmentId,
      questionRows.filter((q) => q.id === null),
    );
    const newQuestionAt = new Map(inserted.map((r) => [r.position, r.id]));
    await updateQuestions(
      tx,
      assessmentId,
      questionRows.flatMap((q) => (q.id === null ? [] : [{ ...q, id: q.id }])),
    );

    const optionRows = input.questions.flatMap((q, i) =>
      q.options.map((o, k) => ({
        id: idOf(o.id),
        question_id: idOf(q.id) ?? newQuestionAt.get(i)!,
        text: texts[i]!.options[k]!.text,
        // Only choice questions have right options; the other types' are right by their order, match or text.
        is_correct: (q.type === 'single' || q.type === 'multiple' || q.type === 'true_false') && o.is_correct,
        match_text: texts[i]!.options[k]!.match,
        position: k,
      })),
    );
    await insertOptions(
      tx,
      optionRows.filter((o) => o.id === null),
    );
    await updateOptions(
      tx,
      optionRows.flatMap((o) => (o.id === null ? [] : [{ ...o, id: o.id }])),
    );
  });
  return { message: saveMessage(outcome), data: { ...(await step5Data(ctx, body.id)), state: outcome.state } };
}

export async function getAssessment(ctx: AppContext, user: RequestUser, id: number) {
  const found = await findAssessment(ctx.db, id);
  if (!found) throw itemNotFound();
  await requireCourseAccess(ctx, user, found.courseId);
  const [tree] = await courseAssessments(ctx.db, found.courseId, id);
  return presentAssessment(tree!);
}

export async function getQuestion(ctx: AppContext, user: RequestUser, id: number) {
  const found = await findQuestion(ctx.db, id);
  if (!found) throw itemNotFound();
  await requireCourseAccess(ctx, user, found.courseId);
  const [tree] = await courseAssessments(ctx.db, found.courseId, found.assessmentId);
  const question = presentAssessment(tree!).questions.find((q) => q.id === id)!;
  return { ...question, course_id: found.courseId };
}

export async function getOption(ctx: AppContext, user: RequestUser, id: number) {
  const found = await findOption(ctx.db, id);
  if (!found) throw itemNotFound();
  await requireCourseAccess(ctx, user, found.courseId);
  const o = found.option;
  return { id: o.id, question_id: o.questionId, text: o.text, is_correct: o.isCorrect, match: o.matchText, position: o.position, assessment_id: found.assessmentId, course_id: found.courseId };
}

async function step5Answer(ctx: AppContext, courseId: number, outcome: Awaited<ReturnType<typeof editCourse>>) {
  return { message: saveMessage(outcome, { done: 'api.authoring.deleted' }), data: { ...(await step5Data(ctx, courseId)), state: outcome.state } };
}

export async function deleteAssessment(ctx: AppContext, user: RequestUser, id: number) {
  const found = await findAssessment(ctx.db, id);
  if (!found) throw itemNotFound();
  const outcome = await editCourse(ctx, user, found.courseId, async ({ tx }) => {
    if (!(await deleteAssessmentRow(tx, found.courseId, id))) throw itemNotFound();
  });
  return step5Answer(ctx, found.courseId, outcome);
}

export async function deleteQuestion(ctx: AppContext, user: RequestUser, id: number) {
  const found = await findQuestion(ctx.db, id);
  if (!found) throw itemNotFound();
  const outcome = await editCourse(ctx, user, found.courseId, async ({ tx }) => {
    if (!(await deleteQuestionRow(tx, found.assessmentId, id))) throw itemNotFound();
  });
  return step5Answer(ctx, found.courseId, outcome);
}

/** An option goes only if its question still follows its type's rules without it (questionProblem). */
export async function deleteOption(ctx: AppContext, user: RequestUser, id: number) {
  const found = await findOption(ctx.db, id);
  if (!found) throw itemNotFound();
  const outcome = await editCourse(ctx, user, found.courseId, async ({ tx }) => {
    const { question, options } = await questionWithOptions(tx, found.questionId);
    const target = options.find((o) => o.id === id);
    if (!question || !target) throw itemNotFound();
    const problem = questionProblem({
      type: question.type,
      // A blank's option may go before the text loses its ___ (the editor deletes it first); the next save checks both.
      text: question.type === 'fill_blanks' ? undefined : question.text,
      numeric_answer: question.numericAnswer,
      options: options.filter((o) => o.id !== id).map((o) => ({ is_correct: o.isCorrect, match: o.matchText })),
    });
    if (problem) throw new AppError('api.authoring.option_needed', 409, { fields: { id: problem } });
    await deleteOptionRow(tx, target);
  });
  return step5Answer(ctx, found.courseId, outcome);
}
