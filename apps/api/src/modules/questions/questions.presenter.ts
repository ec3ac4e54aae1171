import type { Question, QuestionAnswer } from '@nibras/contract';
import type { AnswerRow, QuestionRow } from './questions.queries';

function hidden(at: Date | null, reason: string | null, by: string | null) {
  return at ? { at: at.toISOString(), reason: reason ?? '', by: by ?? '' } : null;
}

export function presentQuestion(r: QuestionRow, viewerId: number): Question {
  const q = r.q;
  return {
    id: q.id,
    course: { id: q.courseId, title: r.courseTitle },
    lecture: { id: q.lectureId, title: r.lectureTitle },
    title: q.title,
    body: q.body,
    positionSeconds: q.positionSeconds,
    author: { id: q.authorId, name: r.authorName, role: r.authorRole, instructor: q.authorId === r.instructorId },
    answerCount: q.answerCount,
    upvotes: q.upvoteCount,
    upvoted: r.upvoted,
    acceptedAnswerId: q.acceptedAnswerId,
    unanswered: q.acceptedAnswerId === null && !q.instructorAnswered && q.hiddenAt === null,
    hidden: hidden(q.hiddenAt, q.hiddenReason, r.hiddenByName),
    mine: q.authorId === viewerId,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
  };
}

export function presentAnswer(r: AnswerRow, viewerId: number, question: { acceptedAnswerId: number | null; instructorId: number }): QuestionAnswer {
  const a = r.a;
  return {
    id: a.id,
    questionId: a.questionId,
    body: a.body,
    author: { id: a.authorId, name: r.authorName, role: r.authorRole, instructor: a.authorId === question.instructorId },
    upvotes: a.upvoteCount,
    upvoted: r.upvoted,
    accepted: a.id === question.acceptedAnswerId,
    hidden: hidden(a.hiddenAt, a.hiddenReason, r.hiddenByName),
    mine: a.authorId === viewerId,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}
