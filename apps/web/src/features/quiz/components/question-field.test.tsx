import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../../../test-support/render-markup';
import type { QuizQuestionView } from '../api';
import type { DraftAnswer } from '../attempt-draft';
import { QuestionField } from './question-field';

const EMPTY: DraftAnswer = { option_ids: [], text: '', matches: [], blanks: [], number: '' };
const question = (type: QuizQuestionView['type'], rest: Partial<QuizQuestionView>): QuizQuestionView => ({ id: 8, type, text: 'Q', points: 1, options: [], choices: [], blanks: 0, ...rest });

// t() gives the keys back, which is what these checks read.
const render = (q: QuizQuestionView, value: Partial<DraftAnswer> = {}) =>
  renderMarkup(<QuestionField question={q} number={1} value={{ ...EMPTY, ...value }} onChange={() => undefined} disabled={false} />);

describe('a question of the new types on the attempt screen', () => {
  it('matching: a native select per prompt, its choices by key, the one picked selected', () => {
    const html = render(question('matching', { options: [{ id: 901, text: 'Egypt' }, { id: 902, text: 'Morocco' }], choices: [{ id: 77, text: 'Rabat' }, { id: 55, text: 'Cairo' }] }), {
      matches: [{ option_id: 902, choice_id: 77 }],
    });
    expect(html.match(/<select/g)).toHaveLength(2);
    expect(html).toMatch(/<label[^>]*>Egypt<\/label>/);
    expect([...html.matchAll(/<option value="([^"]*)"( selected="")?>/g)].map((m) => [m[1], !!m[2]])).toEqual([
      ['', true],
      ['77', false],
      ['55', false],
      ['', false],
      ['77', true],
      ['55', false],
    ]);
  });

  it('ordering: the items in the order given, each with named move buttons, the ends disabled, and a live region', () => {
    const html = render(question('ordering', { options: [{ id: 31, text: 'Ottoman' }, { id: 32, text: 'Umayyad' }] }), { option_ids: [32, 31] });
    expect([...html.matchAll(/data-item-id="(\d+)"/g)].map((m) => m[1])).toEqual(['32', '31']);
    expect(html.match(/aria-label="quiz.take.moveUp"/g)).toHaveLength(2);
    const disabled = (html.match(/<button[^>]*>/g) ?? []).filter((b) => b.includes('disabled=""')).map((b) => /quiz-order-(up|down)/.exec(b)?.[1]);
    expect(disabled).toEqual(['up', 'down']);
    expect(html).toContain('aria-live="polite"');
  });

  it('fill in the blanks: a labelled field in place of each blank, with what was typed', () => {
    const html = render(question('fill_blanks', { text: 'The ___ of _____.', blanks: 2 }), { blanks: ['House'] });
    expect(html.match(/<input[^>]*aria-label="quiz.take.blank"/g)).toHaveLength(2);
    expect(html).toContain('value="House"');
    expect(html).not.toContain('___');
  });

  it('numeric: a decimal keyboard, and a message while what is typed is not a number', () => {
    expect(render(question('numeric', {}), { number: '٣٫٥' })).toMatch(/<input[^>]*inputmode="decimal"/i);
    expect(render(question('numeric', {}), { number: '٣٫٥' })).not.toContain('quiz.take.numberUnreadable');
    expect(render(question('numeric', {}), { number: '1,5' })).toContain('quiz.take.numberUnreadable');
  });
});
