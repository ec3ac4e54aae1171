import type { AnswerBody } from '@nibras/contract';
import type { QuizQuestionView } from './api';
import type { DraftAnswer } from './components/question-field';

export type Draft = Record<number, DraftAnswer>;

/**
 * What survives a reload of the attempt screen: the answers so far and the submission's idempotency
 * key. The key must survive too: a submission whose answer was lost is sent again with the same key
 * and gets the first result instead of a 409 (docs/quizzes.md).
 */
export type Stored = {
  answers: Draft;
  key: string;
};

const storageKey = (attemptId: number) => `nibras.quiz.attempt.${attemptId}`;

export function loadDraft(attemptId: number): Stored {
  try {
    const raw = sessionStorage.getItem(storageKey(attemptId));
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<Stored>;
      if (parsed && typeof parsed.key === 'string' && parsed.answers && typeof parsed.answers === 'object') return { answers: parsed.answers, key: parsed.key };
    }
  } catch {
    // Storage refused or a damaged entry: start afresh.
  }
  return { answers: {}, key: crypto.randomUUID() };
}

export function saveDraft(attemptId: number, stored: Stored): void {
  try {
    sessionStorage.setItem(storageKey(attemptId), JSON.stringify(stored));
  } catch {
    // Private mode or a full storage: the answers still live on screen.
  }
}

export function clearDraft(attemptId: number): void {
  try {
    sessionStorage.removeItem(storageKey(attemptId));
  } catch {
    // Nothing to clear.
  }
}

const EMPTY: DraftAnswer = { option_ids: [], text: '' };

export function answerOf(draft: Draft, questionId: number): DraftAnswer {
  return draft[questionId] ?? EMPTY;
}

export function isAnswered(question: QuizQuestionView, answer: DraftAnswer): boolean {
  return question.type === 'short' ? answer.text.trim() !== '' : answer.option_ids.length > 0;
}

/** The body of POST /api/quiz/answer: every question, answered or not (unanswered ones count as wrong). */
export function answerBody(attemptId: number, key: string, questions: QuizQuestionView[], draft: Draft): AnswerBody {
  return {
    attempt_id: attemptId,
    idempotency_key: key,
    answers: questions.map((question) => {
      const answer = answerOf(draft, question.id);
      return question.type === 'short' ? { question_id: question.id, text: answer.text.trim() } : { question_id: question.id, option_ids: answer.option_ids };
    }),
  };
}
