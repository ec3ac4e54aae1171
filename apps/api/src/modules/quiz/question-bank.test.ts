import { describe, expect, it } from 'vitest';
import { apiSuite, createUser, loginAs } from '../../../test/harness';
import { addLectures, createCourse } from '../../../test/factories';
import { translate } from '../../lib/i18n';
import { client, enrolledParticipant, ok, openAttempt, submit, type Client } from './quiz.test-kit';

const suite = apiSuite();

/** Question banks (issue 30, point 1; docs/quizzes.md): topics of questions per course, drawn at random per attempt. */

interface SavedQuestion {
  id: number;
  type: string;
  text: string;
  topic_id: number | null;
  assessment_id: number | null;
  options: { id: number; text: string; is_correct: boolean }[];
}
interface Step5 {
  assessments: { id: number; questions: SavedQuestion[]; draws: { topic_id: number; count: number; points: number }[] }[];
  topics: { id: number; title: string; questions: SavedQuestion[] }[];
}
interface Shown {
  id: number;
  text: string;
  points: number;
  options: { id: number; text: string }[];
}

const choice = (text: string) => ({ type: 'single', text, points: 1, options: [{ text: `${text}: right`, is_correct: true }, { text: `${text}: wrong`, is_correct: false }] });

async function ownCourse() {
  const instructor = await createUser('instructor');
  const api = client(suite.app, (await loginAs(suite.app, 'instructor', instructor.email)).token);
  const course = await createCourse({ instructorId: instructor.id });
  await addLectures(course.id, 1);
  return { api, course };
}

const base = '/api/instructor/course';
const saveTopic = (api: Client, courseId: number, topic: object) => api.post(`${base}/addUpdate/step5/topic`, { id: courseId, topic });
const saveAssessment = (api: Client, courseId: number, assessment: object) => api.post(`${base}/addUpdate/step5`, { id: courseId, assessment });
/** The field messages of a refusal, as translation keys (they arrive in the caller's language, English here). */
function fieldsOf(res: { json: () => { errors?: Record<string, string> } }, ...keys: string[]) {
  const byText = new Map(keys.map((k) => [translate('en', k), k]));
  return Object.fromEntries(Object.entries(res.json().errors ?? {}).map(([field, text]) => [field, byText.get(text) ?? text]));
}

/** A course with two topics (five choice questions; one short answer checked by hand) and an assessment drawing from both. */
async function bankQuiz(opts: { shuffle?: boolean } = {}) {
  const { api, course } = await ownCourse();
  const choices: Step5 = ok(await saveTopic(api, course.id, { title: 'Geography', questions: ['Nile', 'Alps', 'Sahara', 'Andes', 'Amazon'].map(choice) }));
  const withShort: Step5 = ok(await saveTopic(api, course.id, { title: 'Writing', questions: [{ type: 'short', text: 'Describe a river', points: 1 }] }));
  const [geo] = choices.topics;
  const writing = withShort.topics[1]!;
  const saved: Step5 = ok(
    await saveAssessment(api, course.id, {
      title: 'Drawn quiz',
      pass_mark: 100,
      shuffle: opts.shuffle ?? false,
      questions: [{ ...choice('Own question'), points: 2 }],
      draws: [
        { topic_id: geo!.id, count: 2, points: 3 },
        { topic_id: writing.id, count: 1, points: 4 },
      ],
    }),
  );
  const assessment = saved.assessments[0]!;
  const bank = new Map([...geo!.questions, ...writing.questions, ...assessment.questions].map((q) => [q.id, q]));
  return { api, course, assessment, geo: geo!, writing, bank };
}

describe('a course question bank in step 5', () => {
  it('saves topics with their questions as listed, and assessments draw from them within what each topic holds', async () => {
    const { api, course } = await ownCourse();
    const first: Step5 = ok(await saveTopic(api, course.id, { title: 'Grammar', questions: [choice('Verbs'), choice('Nouns'), { type: 'numeric', text: '2 + 2', numeric_answer: 4, tolerance: 0 }] }));
    const topic = first.topics[0]!;
    expect(topic.title).toBe('Grammar');
    expect(topic.questions.map((q) => [q.text, q.topic_id, q.assessment_id])).toEqual([
      ['Verbs', topic.id, null],
      ['Nouns', topic.id, null],
      ['2 + 2', topic.id, null],
    ]);
    // Bank questions belong to no assessment; edit/step5 answers exactly what was saved.
    expect(first.assessments).toEqual([]);
    const { state: _, ...edited } = ok(await api.get(`${base}/edit/step5/${course.id}`));
    const { state: __, ...saved } = first as Step5 & { state: unknown };
    expect(edited).toEqual(saved);

    // A topic is saved as listed, like an assessment: leaving a question out is refused.
    const [verbs, nouns, sum] = topic.questions as [SavedQuestion, SavedQuestion, SavedQuestion];
    const stale = await saveTopic(api, course.id, { id: topic.id, title: 'Grammar', questions: [{ id: verbs.id, type: 'single', text: 'Verbs', options: verbs.options.map(({ id, text, is_correct }) => ({ id, text, is_correct })) }] });
    expect(stale.statusCode).toBe(409);
    // A question of the bank is that topic's: another topic cannot claim it.
    const other: Step5 = ok(await saveTopic(api, course.id, { title: 'Spelling', questions: [] }));
    const claimed = await saveTopic(api, course.id, { id: other.topics[1]!.id, title: 'Spelling', questions: [{ id: verbs.id, type: 'single', text: 'Verbs', options: verbs.options.map(({ id, text, is_correct }) => ({ id, text, is_correct })) }] });
    expect(claimed.statusCode).toBe(400);
    expect(fieldsOf(claimed, 'api.authoring.not_in_course')['topic.questions.0.id']).toBe('api.authoring.not_in_course');

    // Draws: each topic of this course once, at most what it holds.
    const elsewhere = await ownCourse();
    const foreign: Step5 = ok(await saveTopic(elsewhere.api, elsewhere.course.id, { title: 'Theirs', questions: [choice('X')] }));
    const refused = await saveAssessment(api, course.id, {
      title: 'Quiz',
      pass_mark: 50,
      questions: [],
      draws: [
        { topic_id: topic.id, count: 4 },
        { topic_id: foreign.topics[0]!.id, count: 1 },
        { topic_id: topic.id, count: 1 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused, 'api.authoring.draw_exceeds_topic', 'api.authoring.not_in_course', 'api.authoring.duplicate_id')).toMatchObject({
      'assessment.draws.0.count': 'api.authoring.draw_exceeds_topic',
      'assessment.draws.1.topic_id': 'api.authoring.not_in_course',
      'assessment.draws.2.topic_id': 'api.authoring.duplicate_id',
    });
    const quiz: Step5 = ok(await saveAssessment(api, course.id, { title: 'Quiz', pass_mark: 50, questions: [], draws: [{ topic_id: topic.id, count: 2, points: 5 }] }));
    expect(quiz.assessments[0]!.draws).toEqual([{ topic_id: topic.id, count: 2, points: 5 }]);

    // What a draw needs stays: the topic cannot go, nor a question it would run short of; one more than needed can.
    expect((await api.get(`${base}/step5/topic/delete/${topic.id}`)).statusCode).toBe(409);
    ok(await api.get(`${base}/step5/question/delete/${sum.id}`));
    const short = await api.get(`${base}/step5/question/delete/${nouns.id}`);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe(translate('en', 'api.authoring.topic_drawn'));
    // A question of the bank is read and its options deleted by the usual calls, for the course's owner only.
    expect(ok(await api.get(`${base}/step5/question/${nouns.id}`))).toMatchObject({ id: nouns.id, topic_id: topic.id, assessment_id: null, course_id: course.id });
    expect(ok(await api.get(`${base}/step5/option/${nouns.options[0]!.id}`))).toMatchObject({ topic_id: topic.id, assessment_id: null, course_id: course.id });
    expect((await elsewhere.api.get(`${base}/step5/question/${nouns.id}`)).statusCode).toBe(403);
    expect((await saveTopic(elsewhere.api, course.id, { title: 'Mine now', questions: [] })).statusCode).toBe(403);

    // Without the draw the topic goes, with its questions.
    ok(await saveAssessment(api, course.id, { id: quiz.assessments[0]!.id, title: 'Quiz', pass_mark: 50, questions: [], draws: [] }));
    const after: Step5 = ok(await api.get(`${base}/step5/topic/delete/${topic.id}`));
    expect(after.topics.map((t) => t.title)).toEqual(['Spelling']);
    expect((await api.get(`${base}/step5/question/${verbs.id}`)).statusCode).toBe(404);

    // A course goes with its bank and the draws from it.
    const spelling = after.topics[0]!;
    ok(await saveTopic(api, course.id, { id: spelling.id, title: 'Spelling', questions: [choice('Hamza')] }));
    ok(await saveAssessment(api, course.id, { title: 'Last', pass_mark: 50, questions: [], draws: [{ topic_id: spelling.id, count: 1 }] }));
    ok(await api.get(`${base}/delete/${course.id}`));
    expect((await api.get(`${base}/edit/step5/${course.id}`)).statusCode).toBe(404);
  });
});

describe('an assessment drawing from the bank', () => {
  it('gives each attempt its own questions, kept for every visit, graded, checked and reviewed as given', async () => {
    const { api: instructor, course, assessment, geo, writing, bank } = await bankQuiz();
    const own = assessment.questions[0]!;
    const geoIds = new Set(geo.questions.map((q) => q.id));
    const url = `/api/participant/assessment-details/${assessment.id}`;

    const drawnSets = new Set<string>();
    let checked: { api: Client; attemptId: number; questions: Shown[] } | null = null;
    for (let n = 0; n < 8; n++) {
      const { api } = await enrolledParticipant(suite.app, course.id);
      const before = ok(await api.get(url));
      // One own question at 2, two drawn at 3 each, one at 4.
      expect(before.assessment).toMatchObject({ question_count: 4, total_points: 12 });
      const started = ok(await api.get(`${url}?start=1`));
      const questions = started.questions as Shown[];
      expect(questions.map((q) => q.points)).toEqual([2, 3, 3, 4]);
      expect(questions[0]!.id).toBe(own.id);
      const drawn = questions.slice(1, 3).map((q) => q.id);
      expect(drawn.every((id) => geoIds.has(id)) && drawn[0] !== drawn[1]).toBe(true);
      expect(questions[3]!.id).toBe(writing.questions[0]!.id);
      // Nothing that gives the answer away reaches the participant.
      expect(JSON.stringify(started)).not.toContain('is_correct');
      // The same questions on every visit: they were drawn once, when the attempt opened.
      expect((ok(await api.get(url)).questions as Shown[]).map((q) => q.id)).toEqual(questions.map((q) => q.id));
      drawnSets.add([...drawn].sort().join(','));
      if (n === 0) checked = { api, attemptId: started.attempt.id, questions };
    }
    // Two of five: ten possible pairs; eight attempts all drawing the same pair is a chance of one in ten million.
    expect(drawnSets.size).toBeGreaterThan(1);

    // Answers are checked against the attempt's questions: a bank question it was not given is refused.
    const { api, attemptId, questions } = checked!;
    const notGiven = geo.questions.find((q) => !questions.some((s) => s.id === q.id))!;
    const refused = await submit(api, attemptId, [{ question_id: notGiven.id, option_ids: [notGiven.options[0]!.id] }]);
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused, 'api.quiz.unknown_question')['answers.0.question_id']).toBe('api.quiz.unknown_question');

    const right = (id: number) => ({ question_id: id, option_ids: [bank.get(id)!.options.find((o) => o.is_correct)!.id] });
    const answers = [right(questions[0]!.id), right(questions[1]!.id), right(questions[2]!.id), { question_id: questions[3]!.id, text: 'It flows to the sea' }];
    const key = '6f3c2a1e-8b7d-4c5e-9f00-1a2b3c4d5e6f';
    const result = ok(await submit(api, attemptId, answers, key));
    // The choices at their drawn points (2 + 3 + 3); the short answer waits for the instructor.
    expect(result).toMatchObject({ status: 'pending', score: 8, max_score: 12 });
    expect(result.answers.map((a: { question_id: number; points: number }) => [a.question_id, a.points])).toEqual(questions.map((q) => [q.id, q.points]));
    // A retry with the same key gets the same result, stored once.
    expect(ok(await submit(api, attemptId, answers, key))).toEqual(result);

    // The instructor reviews the questions this attempt was given, with their right answers, and checks the short one.
    const review = ok(await instructor.get(`/api/quiz/insquizlist/${course.id}/${attemptId}`));
    expect(review.questions.map((q: { id: number }) => q.id)).toEqual(questions.map((q) => q.id));
    const shortAnswer = result.answers.find((a: { question_id: number }) => a.question_id === writing.questions[0]!.id);
    const marked = ok(await instructor.post('/api/quiz/insUpdateQuiz', { submission_id: attemptId, marks: [{ answer_id: shortAnswer.answer_id, correct: true }] }));
    expect(marked).toMatchObject({ status: 'passed', score: 12, max_score: 12 });

    // The participant's review shows the questions they were given, each result with its own.
    const details = ok(await api.get(url));
    expect((details.result_questions as Shown[]).map((q) => q.id)).toEqual(questions.map((q) => q.id));
    expect(details.results.items[0].answers.map((a: { question_id: number }) => a.question_id).sort()).toEqual(questions.map((q) => q.id).sort());
    expect(details.standing).toBe('passed');
  });

  it('shuffles drawn questions with the rest when the instructor chooses, the same order on every visit', async () => {
    const { course, assessment } = await bankQuiz({ shuffle: true });
    const orders = new Set<string>();
    for (let n = 0; n < 5; n++) {
      const { api } = await enrolledParticipant(suite.app, course.id);
      const attempt = await openAttempt(api, assessment.id);
      const shown = ok(await api.get(`/api/participant/assessment-details/${assessment.id}`));
      expect(shown.attempt.id).toBe(attempt.id);
      expect(shown.questions).toHaveLength(4);
      orders.add((shown.questions as Shown[]).map((q) => q.points).join(','));
    }
    // The own question (2 points) and the short one (4) are not always first and last.
    expect([...orders].some((o) => o !== '2,3,3,4')).toBe(true);
  });
});
