// Assignments' pure logic (docs/assignments.md, "Screens"): the form's working copy and its body, the due date's
// wording, rubric sums, the file input's accept list.
import type { AssignmentFileType, AssignmentInput, AssignmentKind, AuthoredAssignment } from '@nibras/contract';

export interface RubricRow {
  /** A key of the row on screen only (rows are added and removed). */
  key: string;
  title: string;
  points: number | string;
}

/** The add and edit form's values: the body's fields, the due date as a `datetime-local` value (the browser's time zone). */
export interface AssignmentFormValues extends Record<string, unknown> {
  id: number | null;
  section_id: string;
  title: string;
  instructions: string;
  due_at: string;
  accept_late: boolean;
  kind: AssignmentKind;
  file_types: AssignmentFileType[];
  max_size_mb: number | string;
  points: number | string;
  pass_mark: number | string;
  rubric: RubricRow[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date-time as a `datetime-local` input's value, in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as the body sends it: empty is no due date; an unreadable one goes as it is, for the contract's check to refuse. */
export function dueBody(local: string): string | null {
  if (local.trim() === '') return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

let rowCount = 0;
export const newRubricRow = (title = '', points: number | string = ''): RubricRow => ({ key: `row-${++rowCount}`, title, points });

/** A whole number typed in a field, or 0 while it is empty or not a number. */
const amount = (value: number | string): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && String(value).trim() !== '' ? n : 0;
};

/** What the criteria add up to: the assignment's points whenever it has a rubric. */
export function rubricTotal(rows: readonly { points: number | string }[]): number {
  return rows.reduce((sum, row) => sum + amount(row.points), 0);
}

export function newAssignmentValues(sectionId: number | null): AssignmentFormValues {
  return {
    id: null,
    section_id: sectionId ? String(sectionId) : '',
    title: '',
    instructions: '',
    due_at: '',
    accept_late: true,
    kind: 'file',
    file_types: ['pdf', 'docx'],
    max_size_mb: 10,
    points: 100,
    pass_mark: 50,
    rubric: [],
  };
}

export function assignmentValues(assignment: AuthoredAssignment): AssignmentFormValues {
  return {
    id: assignment.id,
    section_id: String(assignment.section.id),
    title: assignment.title,
    instructions: assignment.instructions,
    due_at: assignment.due_at ? toLocalInput(assignment.due_at) : '',
    accept_late: assignment.accept_late,
    kind: assignment.kind,
    file_types: [...assignment.file_types],
    max_size_mb: assignment.max_size_mb,
    points: assignment.points,
    pass_mark: assignment.pass_mark,
    rubric: assignment.rubric.map((criterion) => newRubricRow(criterion.title, criterion.points)),
  };
}

/** The body of the save call. With a rubric, the points are its sum (the field shows it and cannot be typed in). */
export function assignmentBody(courseId: number, values: AssignmentFormValues): Record<string, unknown> & Pick<AssignmentInput, 'course_id'> {
  const rubric = values.rubric.map((row) => ({ title: row.title, points: row.points === '' ? '' : row.points }));
  return {
    ...(values.id ? { id: values.id } : {}),
    course_id: courseId,
    section_id: values.section_id === '' ? '' : Number(values.section_id),
    title: values.title,
    instructions: values.instructions,
    due_at: dueBody(values.due_at),
    accept_late: values.accept_late,
    kind: values.kind,
    file_types: values.kind === 'file' ? values.file_types : [],
    max_size_mb: values.max_size_mb,
    points: values.rubric.length > 0 ? rubricTotal(values.rubric) : values.points,
    pass_mark: values.pass_mark,
    rubric,
  };
}

export type DueWording = { key: 'none' } | { key: 'overdue' } | { key: 'in'; count: number };

const DAY = 24 * 60 * 60 * 1000;

/**
 * How the due date reads beside the date itself, at `now` (the server's clock when the answer came): "due in N days"
 * (whole days, rounded up: due tomorrow morning is in 1 day), or "overdue" once it has passed.
 */
export function dueWording(dueAt: string | null, now: number): DueWording {
  if (!dueAt) return { key: 'none' };
  const left = new Date(dueAt).getTime() - now;
  if (!(left > 0)) return { key: 'overdue' };
  return { key: 'in', count: Math.max(1, Math.ceil(left / DAY)) };
}

/** What a file input may offer for these types: their extensions (the server still checks the bytes). */
export function acceptList(types: readonly AssignmentFileType[]): string {
  return types.map((type) => `.${type === 'jpg' ? 'jpg,.jpeg' : type}`).join(',');
}

/** A file's size in MB with one decimal (0.1 at least): "2.4". */
export function megabytes(bytes: number): string {
  return Math.max(0.1, Math.round((bytes / 1_048_576) * 10) / 10).toFixed(1);
}

/** Items in their sections, the sections in the order they first appear (the server sends the outline's order). */
export function bySection<T extends { section: { id: number; title: string } }>(items: readonly T[]): { section: { id: number; title: string }; items: T[] }[] {
  const groups = new Map<number, { section: { id: number; title: string }; items: T[] }>();
  for (const item of items) {
    const group = groups.get(item.section.id) ?? { section: item.section, items: [] };
    group.items.push(item);
    groups.set(item.section.id, group);
  }
  return [...groups.values()];
}

/** A grade's scores as the form holds them (one per criterion, or one score), checked against their maximum. */
export function gradeSum(scores: readonly (number | string)[]): number {
  return scores.reduce<number>((sum, score) => sum + amount(score), 0);
}

/** A route's id: a positive database integer, or 0 for anything else. */
export function idOf(raw: string | null | undefined): number {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0;
}

/**
 * What the browser can tell of a chosen file before sending it: too big, or not of the types by its extension (the
 * server decides by the bytes; this only spares a long upload of something it would refuse).
 */
export function fileProblem(file: { name: string; size: number }, types: readonly AssignmentFileType[], maxSizeMb: number): 'tooBig' | 'wrongType' | null {
  if (file.size > maxSizeMb * 1_048_576) return 'tooBig';
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const known = extension === 'jpeg' ? 'jpg' : extension;
  return (types as readonly string[]).includes(known) ? null : 'wrongType';
}

/** The grade form's values: one score, or one per criterion in the rubric's order. */
export interface GradeValues extends Record<string, unknown> {
  score: number | string;
  scores: (number | string)[];
  feedback: string;
}

/**
 * What only the browser checks before the server does the same (api.assignments.score_required and score_over):
 * a score given for the assignment or for every criterion, none above its maximum. Keys are the form's fields.
 */
export function gradeProblems(values: GradeValues, points: number, rubric: readonly { points: number }[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const check = (field: string, value: number | string, max: number) => {
    if (String(value).trim() === '') problems[field] = 'api.assignments.score_required';
    else if (Number(value) > max) problems[field] = 'api.assignments.score_over';
  };
  if (rubric.length > 0) rubric.forEach((criterion, index) => check(`scores.${index}`, values.scores[index] ?? '', criterion.points));
  else check('score', values.score, points);
  return problems;
}
