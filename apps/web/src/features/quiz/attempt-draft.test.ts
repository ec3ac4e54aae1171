import { describe, expect, it } from 'vitest';
import type { QuizQuestionView } from './api';
import { answerBody, isAnswered } from './attempt-draft';

const questions: QuizQuestionView[] = [
  { id: 1, type: 'single', text: 'Capital?', points: 1, options: [{ id: 10, text: 'Cairo' }, { id: 11, text: 'Paris' }] },
  { id: 2, type: 'multiple', text: 'Even?', points: 1, options: [{ id: 20, text: '2' }, { id: 21, text: '4' }] },
  { id: 3, type: 'short', text: 'Who?', points: 1, options: [] },
];

describe('the answer body', () => {
  it('sends every question once, choices as option ids and short answers trimmed, unanswered ones empty', () => {
    const body = answerBody(7, 'key', questions, { 2: { option_ids: [20, 21], text: '' }, 3: { option_ids: [], text: '  ابن سينا  ' } });
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
    expect(isAnswered(questions[0]!, { option_ids: [], text: '' })).toBe(false);
    expect(isAnswered(questions[0]!, { option_ids: [10], text: '' })).toBe(true);
    expect(isAnswered(questions[2]!, { option_ids: [], text: '   ' })).toBe(false);
    expect(isAnswered(questions[2]!, { option_ids: [], text: 'x' })).toBe(true);
  });
});
