import { normalizeSearchText } from '../../lib/search-text';

/** A question with what the server alone knows: the right options and accepted answers. */
export interface GradedQuestion {
  id: number;
  type: 'single' | 'multiple' | 'true_false' | 'short';
  points: number;
  acceptedAnswers: string[];
  options: { id: number; isCorrect: boolean }[];
}

export interface GivenAnswer {
  optionIds: number[];
  text: string | null;
}

/** null: a short answer the author left to be checked by hand. */
export type Verdict = boolean | null;

/**
 * Choice questions are right only when exactly the right options were chosen: a multiple-choice
 * answer with some right options missing or a wrong one added is wrong (no partial credit).
 * Short answers match an accepted answer after folding case, spaces and Arabic letter forms;
 * without accepted answers they wait for the instructor, unless left empty (nothing to check).
 */
export function gradeAnswer(question: GradedQuestion, answer: GivenAnswer | undefined): Verdict {
  if (question.type === 'short') {
    const given = normalizeSearchText(answer?.text ?? '');
    if (given === '') return false;
    if (question.acceptedAnswers.length === 0) return null;
    return question.acceptedAnswers.some((accepted) => normalizeSearchText(accepted) === given);
  }
  const chosen = new Set(answer?.optionIds ?? []);
  const right = question.options.filter((o) => o.isCorrect).map((o) => o.id);
  return chosen.size === right.length && right.every((id) => chosen.has(id));
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
