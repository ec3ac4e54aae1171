import type { QuestionType } from '@nibras/contract';
import type { Step5 } from '../../api';
import { newKey } from './outline-model';

/** Step 5's answer: the course's assessments with its state. */
export type AssessmentsAnswer = Step5;
export type ServerAssessment = Step5['assessments'][number];
type ServerQuestion = ServerAssessment['questions'][number];

export interface DraftOption {
  key: string;
  id?: number;
  text: string;
  is_correct: boolean;
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
}

export interface DraftAssessment {
  id?: number;
  title: string;
  pass_mark: number | string;
  time_limit_minutes: number | string;
  max_attempts: number | string;
  questions: DraftQuestion[];
}

const questionFromServer = (question: ServerQuestion): DraftQuestion => ({
  key: `q${question.id}`,
  id: question.id,
  type: question.type,
  text: question.text,
  points: question.points,
  accepted: question.accepted_answers.join('\n'),
  options: question.options.map((o) => ({ key: `o${o.id}`, id: o.id, text: o.text, is_correct: o.is_correct })),
});

export function assessmentFromServer(assessment: ServerAssessment): DraftAssessment {
  return {
    id: assessment.id,
    title: assessment.title,
    pass_mark: assessment.pass_mark,
    time_limit_minutes: assessment.time_limit_minutes ?? '',
    max_attempts: assessment.max_attempts ?? '',
    questions: assessment.questions.map(questionFromServer),
  };
}

export function newAssessment(): DraftAssessment {
  return { title: '', pass_mark: 60, time_limit_minutes: '', max_attempts: '', questions: [] };
}

export const newOption = (text = '', is_correct = false): DraftOption => ({ key: newKey('o'), text, is_correct });

/** A new question of a type, ready to fill in: choice questions start with two options (true/false with their texts). */
export function newQuestion(type: QuestionType, trueFalse: [string, string]): DraftQuestion {
  return { key: newKey('q'), type, text: '', points: 1, accepted: '', options: startingOptions(type, trueFalse) };
}

function startingOptions(type: QuestionType, [yes, no]: [string, string]): DraftOption[] {
  if (type === 'short') return [];
  if (type === 'true_false') return [newOption(yes, true), newOption(no, false)];
  return [newOption('', true), newOption('')];
}

/**
 * A question turned into another type. Saved options must stay listed (the server refuses a form that
 * leaves them out), so they are kept and only unsaved ones are replaced; a short answer drops them all,
 * which the server allows. A single-choice question keeps one correct option at most.
 */
export function changeQuestionType(question: DraftQuestion, type: QuestionType, trueFalse: [string, string]): DraftQuestion {
  const saved = question.options.filter((o) => o.id !== undefined);
  let options: DraftOption[];
  if (type === 'short') options = [];
  else if (saved.length > 0) options = question.options;
  else if (type === 'true_false' || question.options.length === 0) options = startingOptions(type, trueFalse);
  else options = question.options;
  if (type === 'single' || type === 'true_false') {
    let seen = false;
    options = options.map((o) => {
      const keep = o.is_correct && !seen;
      if (o.is_correct) seen = true;
      return keep === o.is_correct ? o : { ...o, is_correct: keep };
    });
  }
  return { ...question, type, options, accepted: type === 'short' ? question.accepted : '' };
}

const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));

/** The body of addUpdate/step5 for one assessment. */
export function assessmentBody(courseId: number, draft: DraftAssessment) {
  return {
    id: courseId,
    assessment: {
      ...(draft.id ? { id: draft.id } : {}),
      title: draft.title.trim(),
      pass_mark: Number(draft.pass_mark === '' ? 0 : draft.pass_mark),
      time_limit_minutes: numberOrNull(draft.time_limit_minutes),
      max_attempts: numberOrNull(draft.max_attempts),
      questions: draft.questions.map((q) => ({
        ...(q.id ? { id: q.id } : {}),
        type: q.type,
        text: q.text.trim(),
        points: Number(q.points === '' ? 0 : q.points),
        accepted_answers: q.type === 'short' ? q.accepted.split('\n').map((line) => line.trim()).filter(Boolean) : [],
        options: q.type === 'short' ? [] : q.options.map((o) => ({ ...(o.id ? { id: o.id } : {}), text: o.text.trim(), is_correct: o.is_correct })),
      })),
    },
  };
}

export function assessmentSignature(draft: DraftAssessment | null): string {
  return draft ? JSON.stringify(assessmentBody(0, draft).assessment) : '';
}

/**
 * The server's field messages (`assessment.questions.1.options.0.text`) tied to the items they were
 * about: `title`, `pass_mark`… for the assessment, `<questionKey>.<field>`, `<optionKey>.<field>`;
 * anything else under `form`.
 */
export function assessmentFieldErrors(draft: DraftAssessment, errors: Readonly<Record<string, string>>): Record<string, string> {
  const mapped: Record<string, string> = {};
  const add = (key: string, message: string) => {
    mapped[key] = mapped[key] ? `${mapped[key]} ${message}` : message;
  };
  for (const [path, message] of Object.entries(errors)) {
    const question = /^assessment\.questions\.(\d+)(?:\.(\w+))?(?:\.(\d+)(?:\.(\w+))?)?/.exec(path);
    if (question) {
      const q = draft.questions[Number(question[1])];
      const option = question[3] !== undefined ? q?.options[Number(question[3])] : undefined;
      if (option) add(`${option.key}.${question[4] ?? 'text'}`, message);
      else if (q) add(`${q.key}.${question[2] ?? 'text'}`, message);
      else add('form', message);
      continue;
    }
    const field = /^assessment\.(title|pass_mark|time_limit_minutes|max_attempts)$/.exec(path);
    add(field ? (field[1] as string) : 'form', message);
  }
  return mapped;
}
