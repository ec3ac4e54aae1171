import type { z } from 'zod';
import type { answerResult, quizAssessment, quizQuestion, SubmissionResult, SubmissionReview, SubmissionSummary } from '@nibras/contract';
import { percentOf } from './grading';
import type { AnswerRow, AssessmentWithQuestions, AttemptRow, SubmissionRow } from './quiz.queries';

type Question = AssessmentWithQuestions['questions'][number];
type Submitted = AttemptRow & { status: 'pending' | 'passed' | 'failed'; submittedAt: Date };

/** The only shape of a question a participant receives: the right options and accepted answers stay on the server. */
export function questionForParticipant(q: Question): z.infer<typeof quizQuestion> {
  return { id: q.id, type: q.type, text: q.text, points: q.points, options: q.options.map((o) => ({ id: o.id, text: o.text })) };
}

export function presentAssessment(a: Omit<AssessmentWithQuestions, 'questions'>, questions: Question[]): z.infer<typeof quizAssessment> {
  return {
    id: a.id,
    title: a.title,
    course: { id: a.courseId, title: a.courseTitle },
    pass_mark: a.passMark,
    time_limit_minutes: a.timeLimitMinutes,
    max_attempts: a.maxAttempts,
    question_count: questions.length,
    total_points: questions.reduce((sum, q) => sum + q.points, 0),
  };
}

export function presentAnswer(a: AnswerRow): z.infer<typeof answerResult> {
  return {
    answer_id: a.id,
    question_id: a.questionId,
    option_ids: a.optionIds,
    text: a.text,
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
      return {
        id: q.id,
        type: q.type,
        text: q.text,
        points: q.points,
        options: q.options.map((o) => ({ id: o.id, text: o.text, is_correct: o.isCorrect })),
        accepted_answers: q.acceptedAnswers,
        answer: answer
          ? { ...presentAnswer(answer), checked_by: answer.checkedBy ? { id: answer.checkedBy, name: reviewers.get(answer.checkedBy) ?? '' } : null }
          : null,
      };
    }),
  };
}
