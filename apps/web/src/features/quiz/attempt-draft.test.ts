import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerBody as answerSchema } from '@nibras/contract';
import type { QuizQuestionView } from './api';
import { answerBody, answerOf, isAnswered, loadDraft, orderOf, saveDraft, type DraftAnswer } from './attempt-draft';

const question = (id: number, type: QuizQuestionView['type'], text: string, rest: Partial<QuizQuestionView> = {}): QuizQuestionView => ({
  id,
  type,
  text,
  points: 1,
  options: [],
  choices: [],
  blanks: 0,
  ...rest,
});

const questions: QuizQuestionView[] = [
  question(1, 'single', 'Capital?', { options: [{ id: 10, text: 'Cairo' }, { id: 11, text: 'Paris' }] }),
  question(2, 'multiple', 'Even?', { options: [{ id: 20, text: '2' }, { id: 21, text: '4' }] }),
  question(3, 'short', 'Who?'),
];

const matching = question(4, 'matching', 'Pair', { options: [{ id: 901, text: 'Egypt' }, { id: 902, text: 'Morocco' }], choices: [{ id: 77, text: 'Rabat' }, { id: 55, text: 'Cairo' }] });
const ordering = question(5, 'ordering', 'Oldest first', { options: [{ id: 31, text: 'Ottoman' }, { id: 32, text: 'Umayyad' }, { id: 33, text: 'Abbasid' }] });
const blanks = question(6, 'fill_blanks', 'The ___ of ___', { blanks: 2 });
const numeric = question(7, 'numeric', 'π?');

const KEY = '5b0c7a56-0d64-4a2b-9d0e-3b8f1f1c2e7a';
const answer = (patch: Partial<DraftAnswer>): DraftAnswer => ({ option_ids: [], text: '', matches: [], blanks: [], number: '', ...patch });

describe('the answer body', () => {
  it('sends every question once, choices as option ids and short answers trimmed, unanswered ones empty', () => {
    const body = answerBody(7, 'key', questions, { 2: answer({ option_ids: [20, 21] }), 3: answer({ text: '  ابن سينا  ' }) });
    expect(body).toEqual({
      attempt_id: 7,
      idempotency_key: 'key',
      answers: [
        { question_id: 1, option_ids: [] },
        { question_id: 2, option_ids: [20, 21] },
        { question_id: 3, text: 'ابن سينا' },
      ],
    });
  });

  it('counts a blank short answer or no choice as unanswered', () => {
    expect(isAnswered(questions[0]!, answer({}))).toBe(false);
    expect(isAnswered(questions[0]!, answer({ option_ids: [10] }))).toBe(true);
    expect(isAnswered(questions[2]!, answer({ text: '   ' }))).toBe(false);
    expect(isAnswered(questions[2]!, answer({ text: 'x' }))).toBe(true);
  });

  it('sends pairs, the order, the blanks and the number as the contract takes them', () => {
    const draft = {
      4: answer({ matches: [{ option_id: 902, choice_id: 77 }, { option_id: 999, choice_id: 55 }, { option_id: 901, choice_id: 1 }] }),
      5: answer({ option_ids: [32, 33, 31] }),
      6: answer({ blanks: [' House '] }),
      7: answer({ number: '٣٫١٤' }),
    };
    const body = answerBody(7, KEY, [matching, ordering, blanks, numeric], draft);
    expect(body.answers).toEqual([
      { question_id: 4, matches: [{ option_id: 902, choice_id: 77 }] },
      { question_id: 5, option_ids: [32, 33, 31] },
      { question_id: 6, blanks: ['House', ''] },
      { question_id: 7, number: 3.14 },
    ]);
    expect(answerSchema.safeParse(body).success).toBe(true);
  });

  it('sends untouched questions of the new types as unanswered, an ordering one in the order received', () => {
    const body = answerBody(7, KEY, [matching, ordering, blanks, numeric], { 7: answer({ number: 'three' }) });
    expect(body.answers).toEqual([
      { question_id: 4, matches: [] },
      { question_id: 5, option_ids: [31, 32, 33] },
      { question_id: 6, blanks: ['', ''] },
      { question_id: 7 },
    ]);
    expect(answerSchema.safeParse(body).success).toBe(true);
  });

  it('counts a pair, a filled blank or a readable number as an answer, and an ordering question always', () => {
    expect(isAnswered(matching, answer({}))).toBe(false);
    expect(isAnswered(matching, answer({ matches: [{ option_id: 901, choice_id: 55 }] }))).toBe(true);
    expect(isAnswered(ordering, answer({}))).toBe(true);
    expect(isAnswered(blanks, answer({ blanks: [' ', ''] }))).toBe(false);
    expect(isAnswered(blanks, answer({ blanks: ['', 'x'] }))).toBe(true);
    expect(isAnswered(numeric, answer({ number: '1,5' }))).toBe(false);
    expect(isAnswered(numeric, answer({ number: '-٠٫٥' }))).toBe(true);
  });

  it('keeps the order received until it holds exactly the question’s items', () => {
    expect(orderOf(ordering, answer({ option_ids: [33, 31] }))).toEqual([31, 32, 33]);
    expect(orderOf(ordering, answer({ option_ids: [33, 31, 32] }))).toEqual([33, 31, 32]);
  });
});

describe('the stored draft', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps every kind of answer across a reload, and fills in the fields an older draft lacks', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) });
    const answers = {
      4: answer({ matches: [{ option_id: 901, choice_id: 55 }] }),
      5: answer({ option_ids: [33, 31, 32] }),
      6: answer({ blanks: ['بيت', 'الحكمة'] }),
      7: answer({ number: '٣٫١٤' }),
    };
    saveDraft(9, { key: 'k', answers });
    expect(loadDraft(9)).toEqual({ key: 'k', answers });
    store.set('nibras.quiz.attempt.9', JSON.stringify({ key: 'k', answers: { 3: { option_ids: [], text: 'old' } } }));
    expect(answerOf(loadDraft(9).answers, 3)).toEqual(answer({ text: 'old' }));
  });
});
