import { randomUUID } from 'node:crypto';
import type { QuestionType } from '@nibras/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { assessmentQuestions, assessments, questionOptions } from '../../db/schema';
import { inject, loginAs, testDatabase } from '../../../test/harness';
import { addLectures, createCourse, enrollParticipant } from '../../../test/factories';

/** What the quiz tests share: a course with an assessment written straight to the database, and callers. */

export interface QuestionSpec {
  type: QuestionType;
  points?: number;
  text?: string;
  accepted?: string[];
  /** [text, is correct]; matching: the prompts; ordering: the items in their right order; fill_blanks: each blank's accepted answers, one a line */
  options?: [string, boolean][];
  /** matching: each prompt's match, in the options' order */
  matches?: string[];
  /** numeric: [answer, tolerance] */
  numeric?: [number, number];
}
export interface BuiltQuestion {
  id: number;
  type: QuestionType;
  points: number;
  options: { id: number; isCorrect: boolean; text: string; key: number; matchKey: number }[];
}

export const SAMPLE: QuestionSpec[] = [
  { type: 'single', points: 2, options: [['Cairo', true], ['Paris', false], ['Rome', false]] },
  { type: 'multiple', points: 3, options: [['2', true], ['3', true], ['4', false]] },
  { type: 'true_false', points: 1, options: [['True', false], ['False', true]] },
];

export async function addAssessment(
  courseId: number,
  opts: { passMark?: number; timeLimitMinutes?: number | null; maxAttempts?: number | null; shuffle?: boolean; questions?: QuestionSpec[]; title?: string } = {},
) {
  const { db } = await testDatabase();
  const [assessment] = await db
    .insert(assessments)
    .values({ courseId, title: opts.title ?? 'Unit quiz', passMark: opts.passMark ?? 60, timeLimitMinutes: opts.timeLimitMinutes ?? null, maxAttempts: opts.maxAttempts ?? null, shuffle: opts.shuffle ?? false })
    .returning();
  const questions: BuiltQuestion[] = [];
  for (const [position, spec] of (opts.questions ?? SAMPLE).entries()) {
    const [q] = await db
      .insert(assessmentQuestions)
      .values({
        assessmentId: assessment!.id,
        type: spec.type,
        text: spec.text ?? `Question ${position + 1}`,
        points: spec.points ?? 1,
        position,
        acceptedAnswers: spec.accepted ?? [],
        numericAnswer: spec.numeric?.[0] ?? null,
        numericTolerance: spec.numeric?.[1] ?? 0,
      })
      .returning();
    const options = spec.options?.length
      ? await db
          .insert(questionOptions)
          .values(spec.options.map(([text, isCorrect], i) => ({ questionId: q!.id, text, isCorrect, matchText: spec.matches?.[i] ?? null, position: i })))
          .returning()
      : [];
    questions.push({
      id: q!.id,
      type: spec.type,
      points: q!.points,
      options: options.map((o) => ({ id: o.id, isCorrect: o.isCorrect, text: o.text, key: o.optionKey, matchKey: o.matchKey })),
    });
  }
  return { assessment: assessment!, questions };
}

/** A course (of a new instructor unless given) with lectures and one assessment. */
export async function quizCourse(opts: Parameters<typeof addAssessment>[1] & { instructorId?: number; lectures?: number } = {}) {
  const course = await createCourse(opts.instructorId ? { instructorId: opts.instructorId } : {});
  const outline = await addLectures(course.id, opts.lectures ?? 1);
  const quiz = await addAssessment(course.id, opts);
  return { course, lectures: outline.lectures, ...quiz };
}

/** The right choice for a choice question (short answers are written by each test). */
export function rightAnswer(q: BuiltQuestion) {
  return q.type === 'short' ? { question_id: q.id, text: 'an answer' } : { question_id: q.id, option_ids: q.options.filter((o) => o.isCorrect).map((o) => o.id) };
}
export function wrongAnswer(q: BuiltQuestion) {
  return q.type === 'short' ? { question_id: q.id, text: 'no idea' } : { question_id: q.id, option_ids: [q.options.find((o) => !o.isCorrect)!.id] };
}

export function ok(res: LightMyRequestResponse) {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body.slice(0, 400)}`);
  return res.json().data;
}

export function client(app: FastifyInstance, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
  return {
    get: (url: string) => inject(app, { method: 'GET', url, headers }),
    post: (url: string, payload: object) => inject(app, { method: 'POST', url, headers, payload }),
  };
}
export type Client = ReturnType<typeof client>;

/** A new participant enrolled in the course, signed in. */
export async function enrolledParticipant(app: FastifyInstance, courseId: number) {
  const { participant } = await enrollParticipant(courseId);
  const session = await loginAs(app, 'participant', participant.email);
  return { participant, api: client(app, session.token) };
}

export async function openAttempt(api: Client, assessmentId: number) {
  const details = ok(await api.get(`/api/participant/assessment-details/${assessmentId}?start=1`));
  if (!details.attempt) throw new Error(`no attempt opened: ${JSON.stringify(details).slice(0, 300)}`);
  return details.attempt as { id: number; number: number; deadline: string | null };
}

export function submit(api: Client, attemptId: number, answers: object[], key = randomUUID()) {
  return api.post('/api/quiz/answer', { attempt_id: attemptId, idempotency_key: key, answers });
}
