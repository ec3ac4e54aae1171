import { describe, expect, it } from 'vitest';
import { step5Body } from '@nibras/contract';
import { contractValidator } from '../../../../lib/forms';
import { assessmentBody, assessmentFieldErrors, changeQuestionType, newAssessment, newQuestion, type DraftQuestion } from './assessment-model';

const TF: [string, string] = ['صح', 'خطأ'];

describe('new questions', () => {
  it('start ready to fill in: two options for choices, True/False texts, none for short answers', () => {
    expect(newQuestion('single', TF).options.map((o) => o.is_correct)).toEqual([true, false]);
    expect(newQuestion('true_false', TF).options.map((o) => [o.text, o.is_correct])).toEqual([
      ['صح', true],
      ['خطأ', false],
    ]);
    expect(newQuestion('short', TF).options).toEqual([]);
  });
});

describe('changeQuestionType', () => {
  const saved: DraftQuestion = {
    key: 'q1',
    id: 1,
    type: 'multiple',
    text: 'Pick',
    points: 1,
    accepted: '',
    options: [
      { key: 'o1', id: 1, text: 'x', is_correct: true },
      { key: 'o2', id: 2, text: 'y', is_correct: true },
    ],
  };

  it('keeps saved options (they must stay listed) and leaves one correct for a single choice', () => {
    const single = changeQuestionType(saved, 'single', TF);
    expect(single.options.map((o) => [o.id, o.is_correct])).toEqual([
      [1, true],
      [2, false],
    ]);
  });

  it('drops the options of a question turned into a short answer', () => {
    expect(changeQuestionType(saved, 'short', TF).options).toEqual([]);
  });

  it('gives an unsaved question the true/false options', () => {
    const fresh = newQuestion('single', TF);
    expect(changeQuestionType(fresh, 'true_false', TF).options.map((o) => o.text)).toEqual(['صح', 'خطأ']);
  });
});

describe('assessmentBody', () => {
  it('sends numbers, nulls for empty limits, accepted answers for short questions only', () => {
    const draft = { ...newAssessment(), title: ' Quiz ', pass_mark: '70', questions: [{ ...newQuestion('short', TF), text: 'Ink?', accepted: 'midad\n\n ink ' }, { ...newQuestion('true_false', TF), text: 'Yes?', accepted: 'ignored' }] };
    const body = assessmentBody(3, draft);
    expect(body).toEqual({
      id: 3,
      assessment: {
        title: 'Quiz',
        pass_mark: 70,
        time_limit_minutes: null,
        max_attempts: null,
        questions: [
          { type: 'short', text: 'Ink?', points: 1, accepted_answers: ['midad', 'ink'], options: [] },
          { type: 'true_false', text: 'Yes?', points: 1, accepted_answers: [], options: [{ text: 'صح', is_correct: true }, { text: 'خطأ', is_correct: false }] },
        ],
      },
    });
  });
});

describe('assessmentFieldErrors', () => {
  it('ties server paths to the question or option they name', () => {
    const q = newQuestion('single', TF);
    const draft = { ...newAssessment(), questions: [q] };
    expect(
      assessmentFieldErrors(draft, {
        'assessment.title': 'Required',
        'assessment.questions.0.options': 'One correct',
        'assessment.questions.0.options.1.text': 'Empty',
        'assessment.questions.4.text': 'Gone',
      }),
    ).toEqual({ title: 'Required', [`${q.key}.options`]: 'One correct', [`${q.options[1]?.key}.text`]: 'Empty', form: 'Gone' });
  });
});

describe('an assessment checked in the browser', () => {
  it("finds what the server's schema refuses and ties the message to the option it is about", () => {
    const question = newQuestion('single', TF);
    const draft = { ...newAssessment(), title: 'Unit 1', questions: [{ ...question, text: 'Which pen?', options: [{ ...question.options[0]!, text: 'Reed' }, { ...question.options[1]!, text: ' ' }] }] };
    const validate = contractValidator(step5Body, (values: typeof draft) => assessmentBody(1, values), (key) => key, () => true);
    expect(assessmentFieldErrors(draft, validate(draft))).toEqual({ [`${question.options[1]!.key}.text`]: 'api.validation.required' });
    const fixed = { ...draft, questions: [{ ...draft.questions[0]!, options: [draft.questions[0]!.options[0]!, { ...question.options[1]!, text: 'Brush' }] }] };
    expect(assessmentFieldErrors(fixed, validate(fixed))).toEqual({});
  });
});
