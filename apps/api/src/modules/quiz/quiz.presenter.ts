import type { z } from 'zod';
import type { answerResult, quizAssessment, quizQuestion, SubmissionResult, SubmissionReview, SubmissionSummary } from '@nibras/contract';
import { percentOf } from './grading';
import type { AnswerRow, AssessmentWithQuestions, AttemptRow, SubmissionRow } from './quiz.queries';

type Question = AssessmentWithQuestions['questions'][number];
type Submitted = AttemptRow & { status: 'pending' | 'passed' | 'failed'; submittedAt: Date };

/**
 * An ordering question's items in the order of their keys, which are random: an order that says nothing, the same
 * for everyone. Should it happen to be the right order, it is turned by one, so the question never arrives solved.
 */
function scrambled(q: Question): Question['options'] {
  const sorted = [...q.options].sort((x, y) => x.key - y.key);
  return sorted.length > 1 && sorted.every((o, i) => o.id === q.options[i]!.id) ? [...sorted.slice(1), sorted[0]!] : sorted;
}

/**
 * The only shape of a question a participant receives: the right options, pairs, order and accepted answers stay on
 * the server. Ordering and matching options go under their keys, never their ids (ids follow the authored order).
 */
export function questionForParticipant(q: Question): z.infer<typeof quizQuestion> {
  const base = { id: q.id, type: q.type, text: q.text, points: q.points, choices: [], blanks: 0 };
  switch (q.type) {
    case 'ordering':
      return { ...base, options: scrambled(q).map((o) => ({ id: o.key, text: o.text })) };
    case 'matching':
      return {
        ...base,
        options: q.options.map((o) => ({ id: o.key, text: o.text })),
        choices: [...q.options].sort((x, y) => x.matchKey - y.matchKey).map((o) => ({ id: o.matchKey, text: o.matchText ?? '' })),
      };
    case 'fill_blanks':
      return { ...base, options: [], blanks: q.options.length };
    case 'numeric':
    case 'short':
      return { ...base, options: [] };
    default:
      return { ...base, options: q.options.map((o) => ({ id: o.id, text: o.text })) };
  }
}

/** A small, seeded generator (mulberry32): the same attempt and question give the same order on every visit. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `items` in an order drawn from `seed` (Fisher-Yates). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  const next = seeded(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The questions of an attempt as its participant sees them. With the assessment's shuffle on, the attempt has an order
 * of its own, drawn from its id: the questions, the options of single and multiple choice questions, ordering items
 * (never the right order, as always) and matching choices. True or false keeps its author's order. Grading does not
 * depend on any order but an ordering question's answer.
 */
export function questionsForAttempt(a: Pick<AssessmentWithQuestions, 'shuffle' | 'questions'>, attemptId: number): z.infer<typeof quizQuestion>[] {
  if (!a.shuffle) return a.questions.map(questionForParticipant);
  return shuffled(a.questions, attemptId).map((q) => {
    const shown = questionForParticipant(q);
    const seed = Math.imul(attemptId, 0x9e3779b1) ^ q.id;
    if (q.type === 'single' || q.type === 'multiple') return { ...shown, options: shuffled(shown.options, seed) };
    if (q.type === 'matching') return { ...shown, choices: shuffled(shown.choices, seed) };
    if (q.type === 'ordering') {
      const items = shuffled(shown.options, seed);
      const right = q.options.map((o) => o.key);
      return { ...shown, options: items.length > 1 && items.every((o, i) => o.id === right[i]) ? [...items.slice(1), items[0]!] : items };
    }
    return shown;
  });
}

export function presentAssessment(a: Omit<AssessmentWithQuestions, 'questions'>, questions: Question[]): z.infer<typeof quizAssessment> {
  return {
    id: a.id,
    title: a.title,
    course: { id: a.courseId, title: a.courseTitle },
    pass_mark: a.passMark,
    time_limit_minutes: a.timeLimitMinutes,
    max_attempts: a.maxAttempts,
    shuffle: a.shuffle,
    question_count: questions.length + a.draws.reduce((sum, d) => sum + d.count, 0),
    total_points: questions.reduce((sum, q) => sum + q.points, 0) + a.draws.reduce((sum, d) => sum + d.count * d.points, 0),
  };
}

export function presentAnswer(a: AnswerRow): z.infer<typeof answerResult> {
  return {
    answer_id: a.id,
    question_id: a.questionId,
    option_ids: a.optionIds,
    text: a.text,
    matches: a.response?.matches ?? [],
    blanks: a.response?.blanks ?? [],
    number: a.response?.number ?? null,
    correct: a.correct,
    points_awarded: a.pointsAwarded,
    points: a.points,
    feedback: a.feedback,
  };
}

export function isSubmitted(a: AttemptRow): a is Submitted {
  return a.status === 'pending' || a.status === 'passed' || a.status === 'failed';
}

export function presentResultHead(a: Submitted): Omit<SubmissionResult, 'answers'> {
  return {
    id: a.id,
    assessment_id: a.assessmentId,
    number: a.number,
    status: a.status,
    score: a.score,
    max_score: a.maxScore,
    percent: percentOf(a.score, a.maxScore),
    pass_mark: a.passMark,
    submitted_at: a.submittedAt.toISOString(),
    checked_at: a.checkedAt?.toISOString() ?? null,
  };
}

export function presentResult(a: Submitted, answers: AnswerRow[]): SubmissionResult {
  return { ...presentResultHead(a), answers: answers.filter((x) => x.attemptId === a.id).map(presentAnswer) };
}

export function presentSummary(r: SubmissionRow): SubmissionSummary {
  return {
    id: r.id,
    number: r.number,
    course: { id: r.courseId, title: r.courseTitle },
    assessment: { id: r.assessmentId, title: r.assessmentTitle },
    participant: { id: r.participantId, name: r.participantName },
    status: r.status as SubmissionSummary['status'],
    score: r.score,
    max_score: r.maxScore,
    percent: percentOf(r.score, r.maxScore),
    pass_mark: r.passMark,
    unchecked_answers: r.uncheckedAnswers,
    submitted_at: r.submittedAt!.toISOString(),
    checked_at: r.checkedAt?.toISOString() ?? null,
  };
}

export function presentReview(r: SubmissionRow, questions: Question[], answers: AnswerRow[], reviewers: Map<number, string>): SubmissionReview {
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  return {
    ...presentSummary(r),
    questions: questions.map((q) => {
      const answer = byQuestion.get(q.id);
      const keyed = q.type === 'ordering' || q.type === 'matching';
      return {
        ...questionForParticipant(q),
        // In the authored order, which for ordering is the right one; under the keys the participant's answer uses.
        options: q.options.map((o) => ({ id: keyed ? o.key : o.id, text: o.text, is_correct: o.isCorrect, match: o.matchText })),
        accepted_answers: q.acceptedAnswers,
        numeric_answer: q.numericAnswer,
        tolerance: q.numericTolerance,
        answer: answer
          ? { ...presentAnswer(answer), checked_by: answer.checkedBy ? { id: answer.checkedBy, name: reviewers.get(answer.checkedBy) ?? '' } : null }
          : null,
      };
    }),
  };
}
