import { describe, expect, it } from 'vitest';
import { step5Body } from '@nibras/contract';
import { contractValidator } from '../../../../lib/forms';
import { step5TopicBody } from '@nibras/contract';
import {
  assessmentBody,
  assessmentFieldErrors,
  assessmentFromServer,
  assessmentSignature,
  changeQuestionType,
  drawRules,
  newAssessment,
  newDraw,
  newQuestion,
  newTopic,
  questionsPerAttempt,
  topicBody,
  topicFieldErrors,
  topicFromServer,
  topicSignature,
  withBlanks,
  type DraftAssessment,
  type DraftQuestion,
  type ServerAssessment,
  type ServerTopic,
} from './assessment-model';

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
      { key: 'o1', id: 1, text: 'x', is_correct: true, match: '' },
      { key: 'o2', id: 2, text: 'y', is_correct: true, match: '' },
    ],
    numeric_answer: '',
    tolerance: 0,
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
        shuffle: false,
        questions: [
          { type: 'short', text: 'Ink?', points: 1, accepted_answers: ['midad', 'ink'], options: [], numeric_answer: null, tolerance: 0 },
          {
            type: 'true_false',
            text: 'Yes?',
            points: 1,
            accepted_answers: [],
            options: [
              { text: 'صح', is_correct: true },
              { text: 'خطأ', is_correct: false },
            ],
            numeric_answer: null,
            tolerance: 0,
          },
        ],
        draws: [],
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

const option = (id: number, text: string, extra: { is_correct?: boolean; match?: string | null } = {}) => ({
  id,
  question_id: 0,
  text,
  is_correct: extra.is_correct ?? false,
  match: extra.match ?? null,
  position: id,
});
const serverQuestion = (id: number, type: ServerAssessment['questions'][number]['type'], text: string, rest: Partial<ServerAssessment['questions'][number]> = {}) => ({
  id,
  assessment_id: 5,
  topic_id: null,
  type,
  text,
  points: 2,
  position: id,
  accepted_answers: [],
  numeric_answer: null,
  tolerance: 0,
  options: [],
  ...rest,
});
const saved: ServerAssessment = {
  id: 5,
  course_id: 1,
  title: 'Unit 2',
  pass_mark: 50,
  time_limit_minutes: 10,
  max_attempts: null,
  shuffle: true,
  position: 0,
  questions: [
    serverQuestion(1, 'matching', 'Pair the cities', { options: [option(11, 'Egypt', { match: 'Cairo' }), option(12, 'Morocco', { match: 'Rabat' })] }),
    serverQuestion(2, 'ordering', 'Oldest first', { options: [option(21, 'Umayyad'), option(22, 'Abbasid'), option(23, 'Ottoman')] }),
    serverQuestion(3, 'fill_blanks', 'The ___ of ___', { options: [option(31, 'House\nبيت'), option(32, 'Wisdom')] }),
    serverQuestion(4, 'numeric', 'π to two decimals?', { numeric_answer: 3.14, tolerance: 0.01 }),
  ],
  draws: [],
};

describe('the question types without a correct option', () => {
  it('load back from the server and give the body step 5 takes, unchanged', () => {
    const draft = assessmentFromServer(saved);
    expect(draft.questions[0]!.options.map((o) => [o.text, o.match])).toEqual([
      ['Egypt', 'Cairo'],
      ['Morocco', 'Rabat'],
    ]);
    expect(draft.questions[3]).toMatchObject({ numeric_answer: 3.14, tolerance: 0.01, options: [] });
    const body = assessmentBody(1, draft);
    // The assessment's shuffle goes back as it came.
    expect(body.assessment.shuffle).toBe(true);
    expect(assessmentBody(1, { ...draft, shuffle: false }).assessment.shuffle).toBe(false);
    expect(body.assessment.questions).toEqual([
      {
        id: 1,
        type: 'matching',
        text: 'Pair the cities',
        points: 2,
        accepted_answers: [],
        options: [
          { id: 11, text: 'Egypt', is_correct: false, match: 'Cairo' },
          { id: 12, text: 'Morocco', is_correct: false, match: 'Rabat' },
        ],
        numeric_answer: null,
        tolerance: 0,
      },
      {
        id: 2,
        type: 'ordering',
        text: 'Oldest first',
        points: 2,
        accepted_answers: [],
        options: [
          { id: 21, text: 'Umayyad', is_correct: false },
          { id: 22, text: 'Abbasid', is_correct: false },
          { id: 23, text: 'Ottoman', is_correct: false },
        ],
        numeric_answer: null,
        tolerance: 0,
      },
      {
        id: 3,
        type: 'fill_blanks',
        text: 'The ___ of ___',
        points: 2,
        accepted_answers: [],
        options: [
          { id: 31, text: 'House\nبيت', is_correct: false },
          { id: 32, text: 'Wisdom', is_correct: false },
        ],
        numeric_answer: null,
        tolerance: 0,
      },
      { id: 4, type: 'numeric', text: 'π to two decimals?', points: 2, accepted_answers: [], options: [], numeric_answer: 3.14, tolerance: 0.01 },
    ]);
    expect(step5Body.safeParse(body).success).toBe(true);
  });

  it('send trimmed pairs, items in their order and one accepted answer a line', () => {
    const matching = newQuestion('matching', TF);
    const ordering = newQuestion('ordering', TF);
    const blanks = withBlanks({ ...newQuestion('fill_blanks', TF), text: 'Ink is ____.' });
    const draft = {
      ...newAssessment(),
      title: 'Q',
      questions: [
        { ...matching, text: 'Pair', options: matching.options.map((o, i) => ({ ...o, text: ` p${i} `, match: ` m${i} `, is_correct: true })) },
        { ...ordering, text: 'Order', options: [...ordering.options.map((o, i) => ({ ...o, text: `i${i}` }))].reverse() },
        { ...blanks, options: [{ ...blanks.options[0]!, text: ' midad \n\n ink ', match: 'stray' }] },
        { ...newQuestion('numeric', TF), text: 'How many?', numeric_answer: '-2.5', tolerance: '' },
      ],
    };
    const questions = assessmentBody(1, draft).assessment.questions;
    expect(questions[0]!.options).toEqual([
      { text: 'p0', is_correct: false, match: 'm0' },
      { text: 'p1', is_correct: false, match: 'm1' },
    ]);
    expect(questions[1]!.options.map((o) => o.text)).toEqual(['i1', 'i0']);
    expect(questions[2]!.options).toEqual([{ text: 'midad\nink', is_correct: false }]);
    expect(questions[3]).toMatchObject({ options: [], numeric_answer: -2.5, tolerance: 0 });
    expect(step5Body.safeParse(assessmentBody(1, draft)).success).toBe(true);
  });

  it('start with two pairs, two items, a field per blank and no options for a number', () => {
    expect(newQuestion('matching', TF).options).toHaveLength(2);
    expect(newQuestion('ordering', TF).options.map((o) => o.is_correct)).toEqual([false, false]);
    expect(newQuestion('fill_blanks', TF).options).toEqual([]);
    expect(newQuestion('numeric', TF)).toMatchObject({ options: [], numeric_answer: '', tolerance: 0 });
  });

  it('follow the blanks of the text, keeping a field that holds answers or was saved', () => {
    const question = withBlanks({ ...newQuestion('fill_blanks', TF), text: '___ and ___' });
    expect(question.options).toHaveLength(2);
    expect(withBlanks({ ...question, text: '___ and' }).options).toHaveLength(1);
    const typed = { ...question, options: [question.options[0]!, { ...question.options[1]!, text: 'x' }] };
    expect(withBlanks({ ...typed, text: '___ and' }).options).toHaveLength(2);
    expect(withBlanks({ ...typed, text: 'no blanks', options: [{ ...typed.options[0]!, id: 9 }] }).options).toHaveLength(1);
    expect(withBlanks({ ...typed, text: '___ __ ______ ___' }).options).toHaveLength(3);
  });

  it('change type: prompts and items carry over, blanks start from the text, a number drops the options', () => {
    const single = { ...newQuestion('single', TF), text: 'Fill ___' };
    const asMatching = changeQuestionType({ ...single, options: single.options.map((o, i) => ({ ...o, text: `o${i}` })) }, 'matching', TF);
    expect(asMatching.options.map((o) => o.text)).toEqual(['o0', 'o1']);
    const asBlanks = changeQuestionType(asMatching, 'fill_blanks', TF);
    expect(asBlanks.options.map((o) => o.text)).toEqual(['']);
    expect(changeQuestionType(asBlanks, 'ordering', TF).options.map((o) => o.text)).toEqual(['', '']);
    expect(changeQuestionType(asMatching, 'numeric', TF).options).toEqual([]);
  });

  it("ties the server's messages on a pair's match, the blanks and the number to their fields", () => {
    const draft = assessmentFromServer(saved);
    const [matching, , blanks, numeric] = draft.questions;
    expect(
      assessmentFieldErrors(draft, {
        'assessment.questions.0.options.1.match': 'Empty',
        'assessment.questions.2.text': 'api.authoring.question_fill_blanks',
        'assessment.questions.3.numeric_answer': 'api.authoring.question_numeric',
        'assessment.questions.3.tolerance': 'Too small',
      }),
    ).toEqual({
      [`${matching!.options[1]!.key}.match`]: 'Empty',
      [`${blanks!.key}.text`]: 'api.authoring.question_fill_blanks',
      [`${numeric!.key}.numeric_answer`]: 'api.authoring.question_numeric',
      [`${numeric!.key}.tolerance`]: 'Too small',
    });
  });

  it('are checked in the browser by the same rules as the server', () => {
    const validate = contractValidator(step5Body, (values: ReturnType<typeof newAssessment>) => assessmentBody(1, values), (key) => key, () => true);
    const numeric = { ...newQuestion('numeric', TF), text: 'How many?' };
    const matching = newQuestion('matching', TF);
    const draft = {
      ...newAssessment(),
      title: 'Q',
      questions: [numeric, { ...matching, text: 'Pair', options: matching.options.map((o, i) => ({ ...o, text: `p${i}`, match: 'same' })) }],
    };
    expect(assessmentFieldErrors(draft, validate(draft))).toEqual({
      [`${numeric.key}.numeric_answer`]: 'api.authoring.question_numeric',
      [`${matching.key}.options`]: 'api.authoring.question_matching',
    });
  });
});

const bankTopic: ServerTopic = {
  id: 9,
  course_id: 1,
  title: 'Scripts',
  position: 0,
  questions: [
    { ...serverQuestion(91, 'single', 'Which pen?', { options: [option(911, 'Reed', { is_correct: true }), option(912, 'Brush')] }), assessment_id: null, topic_id: 9 },
    { ...serverQuestion(92, 'short', 'Name the ink', { accepted_answers: ['midad'] }), assessment_id: null, topic_id: 9 },
  ],
};

describe('a topic of the question bank', () => {
  it('loads back from the server and gives the body step5/topic takes, its questions as an assessment sends them', () => {
    const draft = topicFromServer(bankTopic);
    const body = topicBody(1, draft);
    expect(body).toEqual({
      id: 1,
      topic: {
        id: 9,
        title: 'Scripts',
        questions: [
          { id: 91, type: 'single', text: 'Which pen?', points: 2, accepted_answers: [], options: [{ id: 911, text: 'Reed', is_correct: true }, { id: 912, text: 'Brush', is_correct: false }], numeric_answer: null, tolerance: 0 },
          { id: 92, type: 'short', text: 'Name the ink', points: 2, accepted_answers: ['midad'], options: [], numeric_answer: null, tolerance: 0 },
        ],
      },
    });
    // The same questions in an assessment go in the same shape.
    expect(assessmentBody(1, { ...newAssessment(), questions: draft.questions }).assessment.questions).toEqual(body.topic.questions);
    expect(step5TopicBody.safeParse(body).success).toBe(true);
    // Unchanged since it was loaded; a new title is a change.
    expect(topicSignature(draft)).toBe(topicSignature(topicFromServer(bankTopic)));
    expect(topicSignature({ ...draft, title: 'Inks' })).not.toBe(topicSignature(draft));
    expect(topicBody(1, { ...newTopic(), title: ' New ' }).topic).toEqual({ title: 'New', questions: [] });
  });

  it("ties the server's messages to the title, the question and the option; the bank's limit goes to the form", () => {
    const draft = topicFromServer(bankTopic);
    const [pen, ink] = draft.questions;
    expect(
      topicFieldErrors(draft, {
        'topic.title': 'Required',
        'topic.questions.0.options.1.text': 'Empty',
        'topic.questions.1.accepted_answers.0': 'Too long',
        'topic.id': 'api.authoring.too_many_topics',
        'topic.questions': 'api.authoring.assessment_stale',
        // An assessment's path is not the topic's.
        'assessment.title': 'Elsewhere',
      }),
    ).toEqual({
      title: 'Required',
      [`${pen!.options[1]!.key}.text`]: 'Empty',
      [`${ink!.key}.accepted_answers`]: 'Too long',
      form: 'api.authoring.too_many_topics api.authoring.assessment_stale Elsewhere',
    });
  });

  it('is checked in the browser by the same rules as the server', () => {
    const validate = contractValidator(step5TopicBody, (values: ReturnType<typeof newTopic>) => topicBody(1, values), (key) => key, () => true);
    const question = { ...newQuestion('single', TF), text: 'Which pen?' };
    const draft = { title: ' ', questions: [question] };
    expect(topicFieldErrors(draft, validate(draft))).toEqual({
      title: 'api.validation.required',
      [`${question.options[0]!.key}.text`]: 'api.validation.required',
      [`${question.options[1]!.key}.text`]: 'api.validation.required',
    });
  });
});

describe("an assessment's random questions", () => {
  const drawing: ServerAssessment = { ...saved, questions: saved.questions.slice(0, 1), draws: [{ topic_id: 9, count: 2, points: 3 }] };

  it('load back from the server and go in the body after the questions', () => {
    const draft = assessmentFromServer(drawing);
    expect(draft.draws).toMatchObject([{ topic_id: 9, count: 2, points: 3 }]);
    const body = assessmentBody(1, draft);
    expect(body.assessment.draws).toEqual([{ topic_id: 9, count: 2, points: 3 }]);
    expect(step5Body.safeParse(body).success).toBe(true);
    expect(assessmentSignature({ ...draft, draws: [{ ...draft.draws[0]!, count: 1 }] })).not.toBe(assessmentSignature(draft));
    // An empty count or points field: no count (required at its field), no points.
    expect(assessmentBody(1, { ...draft, draws: [{ ...draft.draws[0]!, count: '', points: '' }] }).assessment.draws).toStrictEqual([{ topic_id: 9, count: undefined, points: 0 }]);
  });

  it('count per attempt with the questions of the assessment: "1 question + 2 drawn"', () => {
    expect(questionsPerAttempt(drawing)).toEqual({ own: 1, drawn: 2 });
    expect(questionsPerAttempt({ questions: [], draws: [{ topic_id: 1, count: 5, points: 1 }, { topic_id: 2, count: 10, points: 1 }] })).toEqual({ own: 0, drawn: 15 });
  });

  it('start a new row on the first topic no other row draws from, or none when every topic is taken', () => {
    const topics = [{ id: 9 }, { id: 10 }];
    const first = newDraw(topics, []);
    expect(first).toMatchObject({ topic_id: 9, count: 1, points: 1 });
    const second = newDraw(topics, [first]);
    expect(second.topic_id).toBe(10);
    expect(second.key).not.toBe(first.key);
    expect(newDraw(topics, [first, second]).topic_id).toBeNull();
  });

  it('are refused in the browser at their row: no topic chosen, no count, more questions than the topic has', () => {
    const sizes = new Map([
      [9, 3],
      [10, 1],
    ]);
    const validate = contractValidator(step5Body, (values: DraftAssessment) => assessmentBody(1, values), (key) => key, () => true, (values: DraftAssessment) => drawRules(values, sizes));
    const none = { key: 'd-a', topic_id: null, count: 1, points: 1 };
    const empty = { key: 'd-b', topic_id: 9, count: '', points: 1 };
    const tooMany = { key: 'd-c', topic_id: 10, count: 2, points: 1 };
    const draft = { ...newAssessment(), title: 'Q', draws: [none, empty, tooMany] };
    expect(assessmentFieldErrors(draft, validate(draft))).toEqual({
      'd-a.topic_id': 'api.validation.required',
      'd-b.count': 'api.validation.required',
      'd-c.count': 'api.authoring.draw_exceeds_topic',
    });
    const fixed = { ...draft, draws: [{ ...none, topic_id: 10 }, { ...empty, count: 3 }] };
    expect(assessmentFieldErrors(fixed, validate(fixed))).toEqual({});
  });

  it("tie the server's messages to their row, and a row that is gone to the form", () => {
    const draft = { ...newAssessment(), draws: [newDraw([{ id: 9 }], []), newDraw([{ id: 9 }, { id: 10 }], [])] };
    const [a, b] = draft.draws;
    expect(
      assessmentFieldErrors(draft, {
        'assessment.draws.0.topic_id': 'api.authoring.not_in_course',
        'assessment.draws.1.count': 'api.authoring.draw_exceeds_topic',
        'assessment.draws.1.points': 'Too big',
        'assessment.draws.7.count': 'api.authoring.draw_exceeds_topic',
        'assessment.draws': 'Too many',
      }),
    ).toEqual({
      [`${a!.key}.topic_id`]: 'api.authoring.not_in_course',
      [`${b!.key}.count`]: 'api.authoring.draw_exceeds_topic',
      [`${b!.key}.points`]: 'Too big',
      form: 'api.authoring.draw_exceeds_topic Too many',
    });
  });
});
