import { acceptedLines, type QuestionType } from '@nibras/contract';
import { normalizeSearchText } from '../../lib/search-text';

/** A question with what the server alone knows: the right options, pairs, order and accepted answers. */
export interface GradedQuestion {
  id: number;
  type: QuestionType;
  points: number;
  acceptedAnswers: string[];
  /** Numeric questions: the right number and how far from it an answer may be. */
  numericAnswer: number | null;
  numericTolerance: number;
  /**
   * In their authored order (ordering: the right order). `key` and `matchKey` are what a participant sees of an
   * ordering or matching option and of its match instead of ids (docs/quizzes.md); `text` of a fill-in-the-blanks
   * option holds its blank's accepted answers, one a line.
   */
  options: { id: number; isCorrect: boolean; text: string; matchText: string | null; key: number; matchKey: number }[];
}

export interface GivenAnswer {
  /** Choice questions: the chosen option ids; ordering: the option keys in the order given. */
  optionIds: number[];
  text: string | null;
  /** Matching: prompt keys with the choice keys given for them. */
  matches?: { option_id: number; choice_id: number }[];
  blanks?: string[];
  number?: number;
}

/** null: a short answer the author left to be checked by hand. */
export type Verdict = boolean | null;

/**
 * Every type is right or wrong as a whole (no partial credit): choice questions only with exactly the right options,
 * matching only with every prompt paired with its own match, ordering only in the right order, fill in the blanks
 * only with every blank filled with one of its accepted answers. Typed answers (short answers and blanks) match after
 * folding case, spaces, tashkeel and Arabic letter forms, as search does (hamza, taa marbuta, alef maqsura). A
 * numeric answer is right within the tolerance. Short answers without accepted answers wait for the instructor,
 * unless left empty (nothing to check).
 */
export function gradeAnswer(question: GradedQuestion, answer: GivenAnswer | undefined): Verdict {
  switch (question.type) {
    case 'short': {
      const given = normalizeSearchText(answer?.text ?? '');
      if (given === '') return false;
      if (question.acceptedAnswers.length === 0) return null;
      return question.acceptedAnswers.some((accepted) => normalizeSearchText(accepted) === given);
    }
    case 'matching': {
      const given = new Map((answer?.matches ?? []).map((m) => [m.option_id, m.choice_id]));
      return question.options.every((o) => given.get(o.key) === o.matchKey);
    }
    case 'ordering': {
      const given = answer?.optionIds ?? [];
      return given.length === question.options.length && question.options.every((o, i) => given[i] === o.key);
    }
    case 'fill_blanks': {
      const given = answer?.blanks ?? [];
      return question.options.every((o, i) => {
        const typed = normalizeSearchText(given[i] ?? '');
        return typed !== '' && acceptedLines(o.text).some((accepted) => normalizeSearchText(accepted) === typed);
      });
    }
    case 'numeric': {
      const given = answer?.number;
      if (given === undefined || question.numericAnswer === null) return false;
      // A hair of slack for binary fractions: 0.1 + 0.2 within 0.3 ± 0.
      return Math.abs(given - question.numericAnswer) <= question.numericTolerance + 1e-9 * Math.max(1, Math.abs(question.numericAnswer));
    }
    default: {
      const chosen = new Set(answer?.optionIds ?? []);
      const right = question.options.filter((o) => o.isCorrect).map((o) => o.id);
      return chosen.size === right.length && right.every((id) => chosen.has(id));
    }
  }
}

export function pointsFor(verdict: Verdict, points: number): number | null {
  return verdict === null ? null : verdict ? points : 0;
}

export function percentOf(score: number, max: number): number {
  return max === 0 ? 100 : Math.floor((score * 100) / max);
}

/** Pending while any answer waits; otherwise passed when the score reaches the pass mark (exact, no rounding). */
export function submissionStatus(verdicts: Verdict[], score: number, max: number, passMark: number): 'pending' | 'passed' | 'failed' {
  if (verdicts.some((v) => v === null)) return 'pending';
  return score * 100 >= passMark * max ? 'passed' : 'failed';
}
