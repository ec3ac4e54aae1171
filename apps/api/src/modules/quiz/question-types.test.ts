import { describe, expect, it } from 'vitest';
import { apiSuite, createUser, loginAs } from '../../../test/harness';
import { client, enrolledParticipant, ok, openAttempt, quizCourse, submit, type BuiltQuestion, type QuestionSpec } from './quiz.test-kit';

const suite = apiSuite();

/** One question of each of the four types graded by shape rather than by choice (docs/quizzes.md). */
const TYPES: QuestionSpec[] = [
  { type: 'matching', points: 2, options: [['Cairo', false], ['Fez', false], ['Tokyo', false]], matches: ['Egypt', 'Morocco', 'Japan'] },
  { type: 'ordering', points: 2, options: [['Fajr', false], ['Dhuhr', false], ['Asr', false], ['Maghrib', false]] },
  { type: 'fill_blanks', points: 2, text: 'The ___ flows through ___ to the ___.', options: [['Nile\nالنيل', false], ['Egypt\nمصر', false], ['المدرسة', false]] },
  { type: 'numeric', points: 2, numeric: [3.14, 0.01] },
];

interface Shown {
  id: number;
  type: string;
  text: string;
  options: { id: number; text: string }[];
  choices: { id: number; text: string }[];
  blanks: number;
}

async function typesQuiz(maxAttempts: number | null = null, instructorId?: number) {
  const quiz = await quizCourse({ passMark: 100, maxAttempts, questions: TYPES, ...(instructorId ? { instructorId } : {}) });
  const [matching, ordering, blanks, numeric] = quiz.questions as [BuiltQuestion, BuiltQuestion, BuiltQuestion, BuiltQuestion];
  return { ...quiz, matching, ordering, blanks, numeric };
}

const pairsOf = (q: BuiltQuestion, choose: (i: number) => number = (i) => i) => q.options.map((o, i) => ({ option_id: o.key, choice_id: q.options[choose(i)]!.matchKey }));

describe('matching, ordering, fill in the blanks and numeric', () => {
  it('are graded on the server: right only when every pair, the whole order, every blank or the number within its tolerance is right', async () => {
    const quiz = await typesQuiz();
    const right = await enrolledParticipant(suite.app, quiz.course.id);
    const passed = ok(
      await submit(right.api, (await openAttempt(right.api, quiz.assessment.id)).id, [
        { question_id: quiz.matching.id, matches: pairsOf(quiz.matching) },
        { question_id: quiz.ordering.id, option_ids: quiz.ordering.options.map((o) => o.key) },
        // Case, spaces, tashkeel and letter forms fold as in search: النِّيل is النيل, المدرسه is المدرسة.
        { question_id: quiz.blanks.id, blanks: ['  nile ', 'مِصر', 'المدرسه'] },
        // At the edge of the tolerance: |3.15 - 3.14| = 0.01.
        { question_id: quiz.numeric.id, number: 3.15 },
      ]),
    );
    expect(passed).toMatchObject({ status: 'passed', score: 8, max_score: 8 });
    expect(passed.answers.map((a: { correct: boolean }) => a.correct)).toEqual([true, true, true, true]);
    // The result says what was given, in the shape it was given.
    const byQuestion = Object.fromEntries(passed.answers.map((a: { question_id: number }) => [a.question_id, a]));
    expect(byQuestion[quiz.matching.id]).toMatchObject({ matches: pairsOf(quiz.matching), option_ids: [], blanks: [], number: null });
    expect(byQuestion[quiz.ordering.id]).toMatchObject({ option_ids: quiz.ordering.options.map((o) => o.key), matches: [] });
    expect(byQuestion[quiz.blanks.id]).toMatchObject({ blanks: ['nile', 'مِصر', 'المدرسه'] });
    expect(byQuestion[quiz.numeric.id]).toMatchObject({ number: 3.15 });

    const wrong = await enrolledParticipant(suite.app, quiz.course.id);
    const failed = ok(
      await submit(wrong.api, (await openAttempt(wrong.api, quiz.assessment.id)).id, [
        // Two of three pairs swapped; the order with its last two swapped; one blank wrong; just past the tolerance.
        { question_id: quiz.matching.id, matches: pairsOf(quiz.matching, (i) => [1, 0, 2][i]!) },
        { question_id: quiz.ordering.id, option_ids: [0, 1, 3, 2].map((i) => quiz.ordering.options[i]!.key) },
        { question_id: quiz.blanks.id, blanks: ['Nile', 'Sudan', 'المدرسة'] },
        { question_id: quiz.numeric.id, number: 3.1501 },
      ]),
    );
    expect(failed).toMatchObject({ status: 'failed', score: 0 });
    expect(failed.answers.map((a: { correct: boolean }) => a.correct)).toEqual([false, false, false, false]);

    const partly = await enrolledParticipant(suite.app, quiz.course.id);
    // Pairs, items and blanks left out are wrong, not half right: no partial credit, as for multiple choice.
    const incomplete = ok(
      await submit(partly.api, (await openAttempt(partly.api, quiz.assessment.id)).id, [
        { question_id: quiz.matching.id, matches: pairsOf(quiz.matching).slice(0, 2) },
        { question_id: quiz.ordering.id, option_ids: quiz.ordering.options.slice(0, 3).map((o) => o.key) },
        { question_id: quiz.blanks.id, blanks: ['Nile', 'Egypt'] },
      ]),
    );
    expect(incomplete.answers.map((a: { correct: boolean }) => a.correct)).toEqual([false, false, false, false]);
  });

  it('nothing that gives the answer away reaches the participant, before or after a failed attempt', async () => {
    const quiz = await typesQuiz(3);
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    const url = `/api/participant/assessment-details/${quiz.assessment.id}`;
    // The accepted answers, the matches' pairing, the right number and the fields that would carry them.
    const forbidden = /is_correct|isCorrect|accepted|"match"|matchText|numeric_answer|tolerance|Nile|النيل|المدرسة|3\.14/i;
    const before = await api.get(`${url}?start=1`);
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toMatch(forbidden);
    const shown = before.json().data.questions as Shown[];
    const [matching, ordering, blanks, numeric] = shown as [Shown, Shown, Shown, Shown];
    const optionIds = new Set(quiz.questions.flatMap((q) => q.options.map((o) => o.id)));

    // Matching: the prompts in their order and the choices apart, each under a key that is neither an option id nor
    // the key of its prompt, and the choices listed by their own keys (an order that says nothing of the pairs).
    expect(matching.options.map((o) => o.text)).toEqual(['Cairo', 'Fez', 'Tokyo']);
    expect(matching.choices.map((c) => c.text).sort()).toEqual(['Egypt', 'Japan', 'Morocco']);
    expect(matching.choices.map((c) => c.id)).toEqual(matching.choices.map((c) => c.id).sort((a, b) => a - b));
    for (const id of [...matching.options, ...matching.choices].map((x) => x.id)) expect(optionIds.has(id)).toBe(false);
    expect(new Set([...matching.options, ...matching.choices].map((x) => x.id)).size).toBe(6);

    // Ordering: every item, under keys, never in the right order.
    expect(ordering.options.map((o) => o.text).sort()).toEqual(['Asr', 'Dhuhr', 'Fajr', 'Maghrib']);
    expect(ordering.options.map((o) => o.text)).not.toEqual(['Fajr', 'Dhuhr', 'Asr', 'Maghrib']);
    for (const o of ordering.options) expect(optionIds.has(o.id)).toBe(false);

    // Fill in the blanks: the text and how many blanks, nothing of the accepted answers; numeric: nothing but the text.
    expect(blanks).toMatchObject({ text: 'The ___ flows through ___ to the ___.', blanks: 3, options: [], choices: [] });
    expect(numeric).toMatchObject({ options: [], choices: [], blanks: 0 });

    const failed = await submit(api, before.json().data.attempt.id, [{ question_id: quiz.numeric.id, number: 3 }]);
    expect(failed.json().data.status).toBe('failed');
    expect(failed.body).not.toMatch(forbidden);
    const after = await api.get(url);
    expect(after.body).not.toMatch(forbidden);
    // The same keys on the next attempt: an answer in progress survives a reload.
    expect((after.json().data.questions as Shown[])[1]!.options).toEqual(ordering.options);
  });

  it('refuses keys that are not the question’s, an item or prompt given twice and more answers than blanks, field by field', async () => {
    const quiz = await typesQuiz();
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    const attempt = await openAttempt(api, quiz.assessment.id);
    const [first, second] = quiz.ordering.options as [BuiltQuestion['options'][0], BuiltQuestion['options'][0]];
    const res = await submit(api, attempt.id, [
      { question_id: quiz.matching.id, matches: [{ option_id: quiz.matching.options[0]!.key, choice_id: first.key }] },
      { question_id: quiz.ordering.id, option_ids: [first.key, second.key, first.key] },
      { question_id: quiz.blanks.id, blanks: ['a', 'b', 'c', 'd'] },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'answers.0.matches': 'This option does not belong to the question.',
      'answers.1.option_ids': 'Each item can be used only once.',
      'answers.2.blanks': 'There are more answers than blanks in this question.',
    });
    // An ordering question answered with its option ids (which follow the right order) is refused, not graded.
    const byIds = await submit(api, attempt.id, [{ question_id: quiz.ordering.id, option_ids: quiz.ordering.options.map((o) => o.id) }]);
    expect(byIds.json().errors).toEqual({ 'answers.0.option_ids': 'This option does not belong to the question.' });
    expect(ok(await submit(api, attempt.id, [])).status).toBe('failed');
  });

  it("the instructor's review shows the right pairs, order, accepted answers and number beside what was given, under the same keys", async () => {
    const instructor = await createUser('instructor');
    const teacher = client(suite.app, (await loginAs(suite.app, 'instructor', instructor.email)).token);
    const quiz = await typesQuiz(null, instructor.id);
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    const given = [1, 0, 3, 2].map((i) => quiz.ordering.options[i]!.key);
    const result = ok(await submit(api, (await openAttempt(api, quiz.assessment.id)).id, [{ question_id: quiz.ordering.id, option_ids: given }, { question_id: quiz.numeric.id, number: 3.14 }]));
    const review = ok(await teacher.get(`/api/quiz/insquizlist/${quiz.course.id}/${result.id}`));
    const [matching, ordering, blanks, numeric] = review.questions;
    expect(matching.options.map((o: { text: string; match: string }) => [o.text, o.match])).toEqual([['Cairo', 'Egypt'], ['Fez', 'Morocco'], ['Tokyo', 'Japan']]);
    expect(matching.options.map((o: { id: number }) => o.id)).toEqual(quiz.matching.options.map((o) => o.key));
    expect(ordering.options.map((o: { id: number; text: string }) => [o.id, o.text])).toEqual(quiz.ordering.options.map((o) => [o.key, o.text]));
    expect(ordering.answer).toMatchObject({ option_ids: given, correct: false });
    expect(blanks.options.map((o: { text: string }) => o.text)).toEqual(['Nile\nالنيل', 'Egypt\nمصر', 'المدرسة']);
    expect(numeric).toMatchObject({ numeric_answer: 3.14, tolerance: 0.01, answer: { number: 3.14, correct: true } });
  });
});

describe('questions and options shuffled per attempt', () => {
  const CHOICES: QuestionSpec[] = Array.from({ length: 6 }, (_, q) => ({
    type: 'single' as const,
    options: Array.from({ length: 4 }, (_, o): [string, boolean] => [`Q${q} option ${o}`, o === 0]),
  }));
  const orderOf = (questions: Shown[]) => questions.map((q) => `${q.id}:${q.options.map((o) => o.id).join(',')}`).join(' ');

  it('with shuffle on, each attempt has an order of its own, the same on every visit, and grading does not change', async () => {
    const quiz = await quizCourse({ passMark: 100, shuffle: true, questions: CHOICES });
    const orders = new Set<string>();
    for (let n = 0; n < 4; n++) {
      const { api } = await enrolledParticipant(suite.app, quiz.course.id);
      const url = `/api/participant/assessment-details/${quiz.assessment.id}`;
      const started = ok(await api.get(`${url}?start=1`));
      expect(started.assessment.shuffle).toBe(true);
      const order = orderOf(started.questions);
      expect(orderOf(ok(await api.get(url)).questions)).toBe(order);
      // The same questions and options, whatever their order.
      expect(started.questions.map((q: Shown) => q.id).sort()).toEqual(quiz.questions.map((q) => q.id).sort());
      orders.add(order);
      if (n === 0) {
        const right = quiz.questions.map((q) => ({ question_id: q.id, option_ids: [q.options[0]!.id] }));
        expect(ok(await submit(api, started.attempt.id, right))).toMatchObject({ status: 'passed', score: 6 });
      }
    }
    // Six questions of four options: the chance of two attempts in one order is below one in a hundred million.
    expect(orders.size).toBe(4);
  });

  it('with shuffle off, every attempt has the author\'s order', async () => {
    const quiz = await quizCourse({ questions: CHOICES });
    const authored = quiz.questions.map((q) => `${q.id}:${q.options.map((o) => o.id).join(',')}`).join(' ');
    for (let n = 0; n < 2; n++) {
      const { api } = await enrolledParticipant(suite.app, quiz.course.id);
      const started = ok(await api.get(`/api/participant/assessment-details/${quiz.assessment.id}?start=1`));
      expect(started.assessment.shuffle).toBe(false);
      expect(orderOf(started.questions)).toBe(authored);
    }
  });
});
