import type { AnswerBody } from '@nibras/contract';
import type { QuizQuestionView } from './api';
import { parseAnswerNumber } from './answer-number';

/** One question's answer while the attempt is open, as kept on screen and in storage. */
export interface DraftAnswer {
  /** Choice questions: the chosen options; ordering: every item's key in the order shown (empty: as received). */
  option_ids: number[];
  /** Short answers. */
  text: string;
  /** Matching: each prompt's key with the key of the choice picked for it. */
  matches: { option_id: number; choice_id: number }[];
  /** Fill in the blanks: what was typed in each blank, in order. */
  blanks: string[];
  /** Numeric: the number as typed (Arabic-Indic digits and ٫ included); read by parseAnswerNumber when sent. */
  number: string;
}

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

const EMPTY: DraftAnswer = { option_ids: [], text: '', matches: [], blanks: [], number: '' };

/** A question's answer so far; one stored before a field existed (an older draft) gets that field empty. */
export function answerOf(draft: Draft, questionId: number): DraftAnswer {
  const stored = draft[questionId];
  return stored ? { ...EMPTY, ...stored } : EMPTY;
}

/**
 * An ordering question's items in the order the participant gave, as keys: the order received until an item is
 * moved (and when the stored order no longer holds exactly the question's items).
 */
export function orderOf(question: QuizQuestionView, answer: DraftAnswer): number[] {
  const received = question.options.map((option) => option.id);
  const given = answer.option_ids;
  const same = given.length === received.length && received.every((id) => given.includes(id));
  return same ? given : received;
}

/** Matching: the pairs given for the question's prompts, one a prompt, in the prompts' order. */
function matchesOf(question: QuizQuestionView, answer: DraftAnswer): DraftAnswer['matches'] {
  const choices = new Set(question.choices.map((choice) => choice.id));
  return question.options.flatMap((prompt) => {
    const pair = answer.matches.find((m) => m.option_id === prompt.id && choices.has(m.choice_id));
    return pair ? [{ option_id: prompt.id, choice_id: pair.choice_id }] : [];
  });
}

/**
 * Whether a question has an answer, for the count and the question asked before sending. An ordering question
 * always has one: the order on screen is sent as it stands.
 */
export function isAnswered(question: QuizQuestionView, answer: DraftAnswer): boolean {
  switch (question.type) {
    case 'short':
      return answer.text.trim() !== '';
    case 'matching':
      return matchesOf(question, answer).length > 0;
    case 'ordering':
      return true;
    case 'fill_blanks':
      return answer.blanks.some((blank) => blank.trim() !== '');
    case 'numeric':
      return parseAnswerNumber(answer.number) !== null;
    default:
      return answer.option_ids.length > 0;
  }
}

function bodyOf(question: QuizQuestionView, answer: DraftAnswer): AnswerBody['answers'][number] {
  const question_id = question.id;
  switch (question.type) {
    case 'short':
      return { question_id, text: answer.text.trim() };
    case 'matching':
      return { question_id, matches: matchesOf(question, answer) };
    case 'ordering':
      return { question_id, option_ids: orderOf(question, answer) };
    case 'fill_blanks':
      return { question_id, blanks: Array.from({ length: question.blanks }, (_, index) => (answer.blanks[index] ?? '').trim()) };
    case 'numeric': {
      const number = parseAnswerNumber(answer.number);
      return number === null ? { question_id } : { question_id, number };
    }
    default:
      return { question_id, option_ids: answer.option_ids };
  }
}

/**
 * The body of POST /api/quiz/answer: every question, answered or not (unanswered ones count as wrong). Matching
 * and ordering questions answer with keys, as the question named its prompts, choices and items; a number that
 * cannot be read is left out, as unanswered.
 */
export function answerBody(attemptId: number, key: string, questions: QuizQuestionView[], draft: Draft): AnswerBody {
  return {
    attempt_id: attemptId,
    idempotency_key: key,
    answers: questions.map((question) => bodyOf(question, answerOf(draft, question.id))),
  };
}
