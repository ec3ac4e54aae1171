import { acceptedLines, blankCount, type QuestionType } from '@nibras/contract';
import type { Step5 } from '../../api';
import { newKey } from './outline-model';

/** Step 5's answer: the course's assessments and question bank with its state. */
export type AssessmentsAnswer = Step5;
export type ServerAssessment = Step5['assessments'][number];
export type ServerTopic = Step5['topics'][number];
type ServerQuestion = ServerAssessment['questions'][number];

export interface DraftOption {
  key: string;
  id?: number;
  /** Choice questions: the option; matching: the prompt; ordering: an item; fill_blanks: the blank's accepted answers, one a line. */
  text: string;
  is_correct: boolean;
  /** Matching only: what the prompt pairs with. */
  match: string;
}

export interface DraftQuestion {
  key: string;
  id?: number;
  type: QuestionType;
  text: string;
  points: number | string;
  /** Short answers only, one a line. */
  accepted: string;
  options: DraftOption[];
  /** Numeric only: the right number and how far from it an answer may be. */
  numeric_answer: number | string;
  tolerance: number | string;
}

/** Random questions of an assessment: how many each attempt draws from one topic of the bank, and their points. */
export interface DraftDraw {
  key: string;
  /** Null until the author picks a topic. */
  topic_id: number | null;
  count: number | string;
  points: number | string;
}

export interface DraftAssessment {
  id?: number;
  title: string;
  pass_mark: number | string;
  time_limit_minutes: number | string;
  max_attempts: number | string;
  /** Each attempt gets the questions and their options in an order of its own. */
  shuffle: boolean;
  questions: DraftQuestion[];
  draws: DraftDraw[];
}

/** A topic of the course's question bank: a title and its questions, written with the same editor as an assessment's. */
export interface DraftTopic {
  id?: number;
  title: string;
  questions: DraftQuestion[];
}

const questionFromServer = (question: ServerQuestion): DraftQuestion => ({
  key: `q${question.id}`,
  id: question.id,
  type: question.type,
  text: question.text,
  points: question.points,
  accepted: question.accepted_answers.join('\n'),
  options: question.options.map((o) => ({ key: `o${o.id}`, id: o.id, text: o.text, is_correct: o.is_correct, match: o.match ?? '' })),
  numeric_answer: question.numeric_answer ?? '',
  tolerance: question.tolerance,
});

export function assessmentFromServer(assessment: ServerAssessment): DraftAssessment {
  return {
    id: assessment.id,
    title: assessment.title,
    pass_mark: assessment.pass_mark,
    time_limit_minutes: assessment.time_limit_minutes ?? '',
    max_attempts: assessment.max_attempts ?? '',
    shuffle: assessment.shuffle,
    questions: assessment.questions.map(questionFromServer),
    draws: assessment.draws.map((d) => ({ key: `d${d.topic_id}`, topic_id: d.topic_id, count: d.count, points: d.points })),
  };
}

export function newAssessment(): DraftAssessment {
  return { title: '', pass_mark: 60, time_limit_minutes: '', max_attempts: '', shuffle: false, questions: [], draws: [] };
}

export function topicFromServer(topic: ServerTopic): DraftTopic {
  return { id: topic.id, title: topic.title, questions: topic.questions.map(questionFromServer) };
}

export function newTopic(): DraftTopic {
  return { title: '', questions: [] };
}

/** A new row of random questions: the first topic no other row draws from, one question worth a point. */
export function newDraw(topics: readonly { id: number }[], draws: readonly DraftDraw[]): DraftDraw {
  const taken = new Set(draws.map((d) => d.topic_id));
  return { key: newKey('d'), topic_id: topics.find((t) => !taken.has(t.id))?.id ?? null, count: 1, points: 1 };
}

/** How many questions an assessment gives each attempt: its own and those drawn from the bank. */
export function questionsPerAttempt(assessment: Pick<ServerAssessment, 'questions' | 'draws'>): { own: number; drawn: number } {
  return { own: assessment.questions.length, drawn: assessment.draws.reduce((sum, d) => sum + d.count, 0) };
}

export const newOption = (text = '', is_correct = false): DraftOption => ({ key: newKey('o'), text, is_correct, match: '' });

/** Types without options: a typed answer or a number. */
const optionless = (type: QuestionType) => type === 'short' || type === 'numeric';
/** Types whose options are never marked correct: pairs, an order, blanks. */
const choiceType = (type: QuestionType) => type === 'single' || type === 'multiple' || type === 'true_false';

/**
 * A new question of a type, ready to fill in: choice questions start with two options (true/false with their
 * texts), matching with two pairs, ordering with two items, fill in the blanks with one field per blank.
 */
export function newQuestion(type: QuestionType, trueFalse: [string, string]): DraftQuestion {
  return { key: newKey('q'), type, text: '', points: 1, accepted: '', options: startingOptions(type, trueFalse, ''), numeric_answer: '', tolerance: 0 };
}

function startingOptions(type: QuestionType, [yes, no]: [string, string], text: string): DraftOption[] {
  if (optionless(type)) return [];
  if (type === 'true_false') return [newOption(yes, true), newOption(no, false)];
  if (type === 'fill_blanks') return Array.from({ length: blankCount(text) }, () => newOption());
  if (type === 'matching' || type === 'ordering') return [newOption(), newOption()];
  return [newOption('', true), newOption('')];
}

/**
 * A fill-in-the-blanks question's fields following the blanks (___) of its text: one more empty field for each
 * new blank; a field past the last blank goes only while it is empty and unsaved (a saved one is deleted on the
 * server, and typed answers are not thrown away because an underscore was removed for a moment).
 */
export function withBlanks(question: DraftQuestion): DraftQuestion {
  if (question.type !== 'fill_blanks') return question;
  const count = blankCount(question.text);
  const options = [...question.options];
  while (options.length < count) options.push(newOption());
  while (options.length > count) {
    const last = options[options.length - 1]!;
    if (last.id !== undefined || last.text.trim() !== '') break;
    options.pop();
  }
  return options.length === question.options.length ? question : { ...question, options };
}

/**
 * A question turned into another type. Saved options must stay listed (the server refuses a form that
 * leaves them out), so they are kept and only unsaved ones are replaced; a short answer or a numeric
 * question drops them all, which the server allows. Unsaved options go on as options, prompts or items
 * between choice, matching and ordering questions; blanks start afresh from the text. A single-choice
 * question keeps one correct option at most.
 */
export function changeQuestionType(question: DraftQuestion, type: QuestionType, trueFalse: [string, string]): DraftQuestion {
  const saved = question.options.filter((o) => o.id !== undefined);
  const fromBlanks = question.type === 'fill_blanks' || type === 'fill_blanks';
  let options: DraftOption[];
  if (optionless(type)) options = [];
  else if (saved.length > 0) options = question.options;
  else if (type === 'true_false' || question.options.length === 0 || fromBlanks) options = startingOptions(type, trueFalse, question.text);
  else options = question.options;
  if (type === 'single' || type === 'true_false') {
    let seen = false;
    options = options.map((o) => {
      const keep = o.is_correct && !seen;
      if (o.is_correct) seen = true;
      return keep === o.is_correct ? o : { ...o, is_correct: keep };
    });
  }
  return withBlanks({ ...question, type, options, accepted: type === 'short' ? question.accepted : '' });
}

const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));

/** One option as step 5 takes it: `is_correct` for choice questions only, `match` for matching only. */
function optionBody(type: QuestionType, option: DraftOption) {
  const id = option.id ? { id: option.id } : {};
  if (type === 'fill_blanks') return { ...id, text: acceptedLines(option.text).join('\n'), is_correct: false };
  if (type === 'matching') return { ...id, text: option.text.trim(), is_correct: false, match: option.match.trim() };
  return { ...id, text: option.text.trim(), is_correct: choiceType(type) && option.is_correct };
}

const numberOr0 = (value: number | string) => Number(value === '' ? 0 : value);

/** Questions as step 5 takes them, for an assessment or a topic of the bank alike: in order, saved ones with their ids. */
export function questionsBody(questions: readonly DraftQuestion[]) {
  return questions.map((q) => ({
    ...(q.id ? { id: q.id } : {}),
    type: q.type,
    text: q.text.trim(),
    points: numberOr0(q.points),
    accepted_answers: q.type === 'short' ? acceptedLines(q.accepted) : [],
    options: optionless(q.type) ? [] : q.options.map((o) => optionBody(q.type, o)),
    numeric_answer: q.type === 'numeric' ? numberOrNull(q.numeric_answer) : null,
    tolerance: q.type === 'numeric' ? numberOr0(q.tolerance) : 0,
  }));
}

/** The body of addUpdate/step5 for one assessment. A draw without a topic or count goes without it: "required" at its field. */
export function assessmentBody(courseId: number, draft: DraftAssessment) {
  return {
    id: courseId,
    assessment: {
      ...(draft.id ? { id: draft.id } : {}),
      title: draft.title.trim(),
      pass_mark: numberOr0(draft.pass_mark),
      time_limit_minutes: numberOrNull(draft.time_limit_minutes),
      max_attempts: numberOrNull(draft.max_attempts),
      shuffle: draft.shuffle,
      questions: questionsBody(draft.questions),
      draws: draft.draws.map((d) => ({ topic_id: d.topic_id ?? undefined, count: d.count === '' ? undefined : Number(d.count), points: numberOr0(d.points) })),
    },
  };
}

/** The body of addUpdate/step5/topic for one topic of the question bank. */
export function topicBody(courseId: number, draft: DraftTopic) {
  return {
    id: courseId,
    topic: { ...(draft.id ? { id: draft.id } : {}), title: draft.title.trim(), questions: questionsBody(draft.questions) },
  };
}

export function assessmentSignature(draft: DraftAssessment | null): string {
  return draft ? JSON.stringify(assessmentBody(0, draft).assessment) : '';
}

export function topicSignature(draft: DraftTopic | null): string {
  return draft ? JSON.stringify(topicBody(0, draft).topic) : '';
}

/**
 * What the browser can check before the server does: a draw asking more questions than its topic has (the server's
 * own message, at the same path). Sizes: each topic's saved questions.
 */
export function drawRules(draft: DraftAssessment, sizes: ReadonlyMap<number, number>): Record<string, string> {
  const problems: Record<string, string> = {};
  draft.draws.forEach((d, i) => {
    const size = d.topic_id === null ? undefined : sizes.get(d.topic_id);
    if (size !== undefined && d.count !== '' && Number(d.count) > size) problems[`assessment.draws.${i}.count`] = 'api.authoring.draw_exceeds_topic';
  });
  return problems;
}

/**
 * The field messages of a body (`<base>.questions.1.options.0.text`, `<base>.draws.0.count`) tied to the items they
 * were about: the item's own fields by name (`title`, `pass_mark`…), `<questionKey>.<field>`, `<optionKey>.<field>`,
 * `<drawKey>.<field>`; anything else under `form`. Base: `assessment` or `topic`.
 */
function fieldErrors(
  base: 'assessment' | 'topic',
  draft: { questions: readonly DraftQuestion[]; draws?: readonly DraftDraw[] },
  fields: readonly string[],
  errors: Readonly<Record<string, string>>,
): Record<string, string> {
  const mapped: Record<string, string> = {};
  const add = (key: string, message: string) => {
    mapped[key] = mapped[key] ? `${mapped[key]} ${message}` : message;
  };
  const questionPath = new RegExp(`^${base}\\.questions\\.(\\d+)(?:\\.(\\w+))?(?:\\.(\\d+)(?:\\.(\\w+))?)?`);
  const drawPath = new RegExp(`^${base}\\.draws\\.(\\d+)\\.(topic_id|count|points)$`);
  for (const [path, message] of Object.entries(errors)) {
    const question = questionPath.exec(path);
    if (question) {
      const q = draft.questions[Number(question[1])];
      const option = question[3] !== undefined ? q?.options[Number(question[3])] : undefined;
      if (option) add(`${option.key}.${question[4] ?? 'text'}`, message);
      else if (q) add(`${q.key}.${question[2] ?? 'text'}`, message);
      else add('form', message);
      continue;
    }
    const draw = drawPath.exec(path);
    const row = draw ? draft.draws?.[Number(draw[1])] : undefined;
    if (draw && row) {
      add(`${row.key}.${draw[2]}`, message);
      continue;
    }
    const field = path.startsWith(`${base}.`) ? path.slice(base.length + 1) : null;
    add(field !== null && fields.includes(field) ? field : 'form', message);
  }
  return mapped;
}

/** An assessment's field messages: see fieldErrors. */
export function assessmentFieldErrors(draft: DraftAssessment, errors: Readonly<Record<string, string>>): Record<string, string> {
  return fieldErrors('assessment', draft, ['title', 'pass_mark', 'time_limit_minutes', 'max_attempts'], errors);
}

/** A topic's field messages: its title, its questions and options; see fieldErrors. */
export function topicFieldErrors(draft: DraftTopic, errors: Readonly<Record<string, string>>): Record<string, string> {
  return fieldErrors('topic', draft, ['title'], errors);
}
