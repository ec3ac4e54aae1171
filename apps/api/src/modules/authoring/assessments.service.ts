import type { z } from 'zod';
import { AUTHORING_LIMITS, questionProblem, type step5Body, type step5TopicBody } from '@nibras/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { editCourse, requireCourseAccess, saveMessage } from './course-edit.service';
import { presentAssessment, presentQuestion } from './authoring.presenter';
import { collectPlain, idOf } from './authoring.input';
import {
  courseAssessments,
  courseTopics,
  deleteTopicRow,
  drawsFromTopic,
  findTopic,
  insertTopic,
  parentOf,
  replaceDraws,
  topicSizes,
  updateTopic,
  type QuestionParent,
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
type QuestionInput = AssessmentInput['questions'][number];
type ExistingQuestion = AssessmentTree['questions'][number];

/**
 * Checks every id of the questions against their parent being saved (questions of this assessment or topic, options
 * of that very question) and that nothing existing was left out; returns the texts sanitised. Problems are named
 * under `base` (assessment.questions, topic.questions).
 */
function checkQuestionsInput(questions: QuestionInput[], existing: ExistingQuestion[], base: string, problems: Record<string, string>) {
  const known = new Map(existing.map((q) => [q.id, q]));
  const seenQuestions = new Set<number>();
  const seenOptions = new Set<number>();
  const texts = questions.map((q, i) => {
    const qid = idOf(q.id);
    const found = qid === null ? undefined : known.get(qid);
    if (qid !== null) {
      if (!found) problems[`${base}.${i}.id`] = 'api.authoring.not_in_course';
      else if (seenQuestions.has(qid)) problems[`${base}.${i}.id`] = 'api.authoring.duplicate_id';
      seenQuestions.add(qid);
    }
    const optionIds = new Set(found?.options.map((o) => o.id) ?? []);
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
  // A question turned into a short answer or a numeric one cannot list options: its options go with the change of type.
  const nowShort = new Set(questions.flatMap((q) => ((q.type === 'short' || q.type === 'numeric') && idOf(q.id) !== null ? [idOf(q.id)!] : [])));
  const leftOut = existing.some((q) => !seenQuestions.has(q.id) || (!nowShort.has(q.id) && q.options.some((o) => !seenOptions.has(o.id))));
  return { texts, nowShort: [...nowShort], leftOut };
}

type CheckedQuestions = Omit<ReturnType<typeof checkQuestionsInput>, 'leftOut'>;

/** Writes the questions and options of an assessment or topic as listed: new ones added, the others updated and reordered. */
async function saveQuestions(tx: Db, parent: QuestionParent, questions: QuestionInput[], { texts, nowShort }: CheckedQuestions) {
  await deleteOptionsOf(tx, nowShort);
  const questionRows = questions.map((q, i) => ({
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
    parent,
    questionRows.filter((q) => q.id === null),
  );
  const newQuestionAt = new Map(inserted.map((r) => [r.position, r.id]));
  await updateQuestions(
    tx,
    parent,
    questionRows.flatMap((q) => (q.id === null ? [] : [{ ...q, id: q.id }])),
  );

  const optionRows = questions.flatMap((q, i) =>
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
}

/**
 * An assessment's random draws: each from a topic of this course's bank, once, and no more than the topic has (a
 * field message under assessment.draws.N otherwise).
 */
async function checkDraws(tx: Db, courseId: number, draws: AssessmentInput['draws'], problems: Record<string, string>) {
  const topics = new Map((await courseTopics(tx, courseId)).map((t) => [t.id, t.questions.length]));
  const seen = new Set<number>();
  draws.forEach((d, i) => {
    const size = topics.get(d.topic_id);
    if (size === undefined) problems[`assessment.draws.${i}.topic_id`] = 'api.authoring.not_in_course';
    else if (seen.has(d.topic_id)) problems[`assessment.draws.${i}.topic_id`] = 'api.authoring.duplicate_id';
    else if (d.count > size) problems[`assessment.draws.${i}.count`] = 'api.authoring.draw_exceeds_topic';
    seen.add(d.topic_id);
  });
}

/**
 * Step 5 saves one assessment as listed: new questions and options (no id) are added, the
 * existing ones updated and reordered, its random draws replaced. Deletes are explicit calls, as in step 4.
 */
export async function saveStep5(ctx: AppContext, user: RequestUser, body: z.output<typeof step5Body>) {
  const input = body.assessment;
  const outcome = await editCourse(ctx, user, body.id, async ({ tx, course }) => {
    const aid = idOf(input.id);
    const [existing] = aid === null ? [] : await courseAssessments(tx, course.id, aid);
    if (aid !== null && !existing) throw new AppError('api.validation.failed', 400, { fields: { 'assessment.id': 'api.authoring.not_in_course' } });
    const problems: Record<string, string> = {};
    const { leftOut, ...checked } = checkQuestionsInput(input.questions, existing?.questions ?? [], 'assessment.questions', problems);
    const title = collectPlain(input.title, 'assessment.title', problems);
    await checkDraws(tx, course.id, input.draws, problems);
    if (Object.keys(problems).length) throw new AppError('api.validation.failed', 400, { fields: problems });
    if (leftOut) throw new AppError('api.authoring.assessment_stale', 409, { fields: { 'assessment.questions': 'api.authoring.assessment_stale' } });
    const values = { title, passMark: input.pass_mark, timeLimitMinutes: input.time_limit_minutes, maxAttempts: input.max_attempts, shuffle: input.shuffle, updatedAt: new Date() };
    let assessmentId: number;
    if (existing) {
      await updateAssessment(tx, existing.id, values);
      assessmentId = existing.id;
    } else {
      assessmentId = await insertAssessment(tx, course.id, values);
    }
    await saveQuestions(tx, { assessmentId }, input.questions, checked);
    await replaceDraws(tx, assessmentId, input.draws.map((d) => ({ topicId: d.topic_id, count: d.count, points: d.points })));
  });
  return { message: saveMessage(outcome), data: { ...(await step5Data(ctx, body.id)), state: outcome.state } };
}

/** Step 5's question bank: one topic saved with its questions as listed, as an assessment's are. */
export async function saveTopic(ctx: AppContext, user: RequestUser, body: z.output<typeof step5TopicBody>) {
  const input = body.topic;
  const outcome = await editCourse(ctx, user, body.id, async ({ tx, course }) => {
    const tid = idOf(input.id);
    const [existing] = tid === null ? [] : await courseTopics(tx, course.id, tid);
    if (tid !== null && !existing) throw new AppError('api.validation.failed', 400, { fields: { 'topic.id': 'api.authoring.not_in_course' } });
    const problems: Record<string, string> = {};
    const { leftOut, ...checked } = checkQuestionsInput(input.questions, existing?.questions ?? [], 'topic.questions', problems);
    const title = collectPlain(input.title, 'topic.title', problems);
    if (!existing && (await courseTopics(tx, course.id)).length >= AUTHORING_LIMITS.bankTopics) problems['topic.id'] = 'api.authoring.too_many_topics';
    if (Object.keys(problems).length) throw new AppError('api.validation.failed', 400, { fields: problems });
    if (leftOut) throw new AppError('api.authoring.assessment_stale', 409, { fields: { 'topic.questions': 'api.authoring.assessment_stale' } });
    let topicId: number;
    if (existing) {
      await updateTopic(tx, existing.id, title);
      topicId = existing.id;
    } else {
      topicId = await insertTopic(tx, course.id, title);
    }
    await saveQuestions(tx, { topicId }, input.questions, checked);
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
  const [tree] = found.assessmentId !== null ? await courseAssessments(ctx.db, found.courseId, found.assessmentId) : await courseTopics(ctx.db, found.courseId, found.topicId!);
  const question = tree!.questions.map(presentQuestion).find((q) => q.id === id)!;
  return { ...question, course_id: found.courseId };
}

export async function getOption(ctx: AppContext, user: RequestUser, id: number) {
  const found = await findOption(ctx.db, id);
  if (!found) throw itemNotFound();
  await requireCourseAccess(ctx, user, found.courseId);
  const o = found.option;
  return { id: o.id, question_id: o.questionId, text: o.text, is_correct: o.isCorrect, match: o.matchText, position: o.position, assessment_id: found.assessmentId, topic_id: found.topicId, course_id: found.courseId };
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
    if (found.topicId !== null) await keepDrawsFilled(tx, found.topicId);
    if (!(await deleteQuestionRow(tx, parentOf(found), id))) throw itemNotFound();
  });
  return step5Answer(ctx, found.courseId, outcome);
}

/** A bank question goes only while every assessment drawing from its topic still finds enough questions there. */
async function keepDrawsFilled(tx: Db, topicId: number) {
  const [draws, sizes] = await Promise.all([drawsFromTopic(tx, topicId), topicSizes(tx, [topicId])]);
  const left = (sizes.get(topicId) ?? 0) - 1;
  if (draws.some((d) => d.count > left)) throw new AppError('api.authoring.topic_drawn', 409, { fields: { id: 'api.authoring.topic_drawn' } });
}

/** A topic of the bank goes with its questions, but not while an assessment draws from it. */
export async function deleteTopic(ctx: AppContext, user: RequestUser, id: number) {
  const found = await findTopic(ctx.db, id);
  if (!found) throw itemNotFound();
  const outcome = await editCourse(ctx, user, found.courseId, async ({ tx }) => {
    if ((await drawsFromTopic(tx, id)).length > 0) throw new AppError('api.authoring.topic_drawn', 409, { fields: { id: 'api.authoring.topic_drawn' } });
    if (!(await deleteTopicRow(tx, found.courseId, id))) throw itemNotFound();
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
