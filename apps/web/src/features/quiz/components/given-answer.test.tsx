import { describe, expect, it } from 'vitest';
import { renderMarkup as render } from '../../../test-support/render-markup';
import { GivenAnswer, RightAnswer } from './given-answer';

const text = (html: string) => html.replace(/<[^>]+>/g, '');
const items = (html: string) => [...html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => text(m[1]!));
const given = { option_ids: [], matches: [], blanks: [], number: null };
const named = (...texts: string[]) => texts.map((t, i) => ({ id: 100 + i, text: t }));

describe('an answer of the new types in words', () => {
  it('names pairs and an order by the keys the participant had', () => {
    const matching = { type: 'matching' as const, options: named('Egypt', 'Morocco'), choices: [{ id: 7, text: 'Cairo' }] };
    expect(items(render(<GivenAnswer question={matching} answer={{ ...given, matches: [{ option_id: 101, choice_id: 7 }, { option_id: 100, choice_id: 9 }] }} />))).toEqual([
      'Morocco quiz.answer.goesWith Cairo',
      'Egypt quiz.answer.goesWith quiz.answer.unknownItem',
    ]);
    const ordering = { type: 'ordering' as const, options: named('a', 'b', 'c'), choices: [] };
    const html = render(<GivenAnswer question={ordering} answer={{ ...given, option_ids: [102, 100, 101] }} />);
    expect(html).toContain('<ol');
    expect(items(html)).toEqual(['c', 'a', 'b']);
  });

  it('shows each blank, an empty one as unanswered, the number, and no answer at all as such', () => {
    const blanks = { type: 'fill_blanks' as const, options: [], choices: [] };
    expect(items(render(<GivenAnswer question={blanks} answer={{ ...given, blanks: ['House', ''] }} />))).toEqual(['quiz.answer.blank House', 'quiz.answer.blank quiz.result.noAnswer']);
    expect(text(render(<GivenAnswer question={blanks} answer={{ ...given, blanks: ['', ' '] }} />))).toBe('quiz.result.noAnswer');
    const numeric = { type: 'numeric' as const, options: [], choices: [] };
    expect(text(render(<GivenAnswer question={numeric} answer={{ ...given, number: 3.25 }} />))).toBe('3.25');
    expect(text(render(<GivenAnswer question={numeric} answer={given} />))).toBe('quiz.result.noAnswer');
  });

  it('gives the reviewer the right pairs, order, accepted answers of each blank and the number', () => {
    const review = { id: 1, text: 'Q', points: 1, choices: [], blanks: 0, accepted_answers: [], numeric_answer: null, tolerance: 0, answer: null };
    const option = (id: number, text: string, match: string | null = null) => ({ id, text, match, is_correct: false });
    expect(items(render(<RightAnswer question={{ ...review, type: 'matching', options: [option(1, 'Egypt', 'Cairo')] }} />))).toEqual(['Egypt quiz.answer.goesWith Cairo']);
    expect(items(render(<RightAnswer question={{ ...review, type: 'ordering', options: [option(1, 'a'), option(2, 'b')] }} />))).toEqual(['a', 'b']);
    expect(items(render(<RightAnswer question={{ ...review, type: 'fill_blanks', options: [option(1, 'House\n\n بيت ')] }} />))).toEqual(['quiz.answer.blank House، بيت']);
    expect(text(render(<RightAnswer question={{ ...review, type: 'numeric', options: [], numeric_answer: 3.14, tolerance: 0 }} />))).toBe('3.14');
    expect(text(render(<RightAnswer question={{ ...review, type: 'numeric', options: [], numeric_answer: 3.14, tolerance: 0.01 }} />))).toBe('quiz.answer.numberWithin');
  });
});
