import { type Gradebook, type GradebookItem, type GradebookQuery, type GradebookSettingsBody } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import type { ExportCell } from '../../lib/exports';
import { normalizeSearchText, searchTokens } from '../../lib/search-text';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { presentGradebook } from './gradebook.presenter';
import { cellsOf, countOnly, courseOf, gradebookPage, itemsOf, nextLearners, saveSettings, settingsOf } from './gradebook.queries';

const DAY = 86_400_000;
/** The lectures' key in the weights; assessments are `a<id>`, assignments `s<id>`. */
const LECTURES = 'lectures';
const DEFAULT_PASS_MARK = 60;
/** Without a reminder period (STUDY_REMINDER_DAYS=0) the gradebook still flags learners quiet this long. */
const DEFAULT_AT_RISK_DAYS = 14;

export const weightKey = (kind: GradebookItem['kind'], id: number) => (kind === 'lectures' ? LECTURES : `${kind === 'assessment' ? 'a' : 's'}${id}`);

/** A live course the caller may grade: 404 when gone, 403 for another instructor's. */
async function gradedCourse(ctx: AppContext, user: RequestUser, courseId: number) {
  const course = await courseOf(ctx.db, courseId);
  if (!course) throw new AppError('api.course.not_found', 404);
  if (user.role === 'instructor' && course.instructorId !== user.id) throw new AppError('api.gradebook.not_your_course', 403);
  return course;
}

/** The course's items with their weights (an item not set weighs 1, the lectures 0) and the pass mark. */
async function itemsWithWeights(ctx: AppContext, courseId: number) {
  const [items, settings] = await Promise.all([itemsOf(ctx.db, courseId), settingsOf(ctx.db, courseId)]);
  const weights = settings?.weights ?? {};
  const weightOf = (kind: GradebookItem['kind'], id: number) => weights[weightKey(kind, id)] ?? (kind === 'lectures' ? 0 : 1);
  const list: GradebookItem[] = [
    { kind: 'lectures', id: 0, title: '', weight: weightOf('lectures', 0), pass_mark: null },
    ...items.assessments.map((a) => ({ kind: 'assessment' as const, id: a.id, title: a.title, weight: weightOf('assessment', a.id), pass_mark: a.passMark })),
    ...items.assignments.map((a) => ({ kind: 'assignment' as const, id: a.id, title: a.title, weight: weightOf('assignment', a.id), pass_mark: a.passMark })),
  ];
  return { items, list, passMark: settings?.passMark ?? DEFAULT_PASS_MARK, weightOf };
}

export function atRiskDays(ctx: AppContext): number {
  return ctx.config.studyReminderDays > 0 ? ctx.config.studyReminderDays : DEFAULT_AT_RISK_DAYS;
}

export async function readGradebook(ctx: AppContext, user: RequestUser, courseId: number, q: GradebookQuery): Promise<Gradebook> {
  const course = await gradedCourse(ctx, user, courseId);
  const { items, list, passMark, weightOf } = await itemsWithWeights(ctx, courseId);
  const days = atRiskDays(ctx);
  const input = {
    courseId,
    lectureIds: items.lectureIds,
    assessments: items.assessments.map((a) => ({ id: a.id, weight: weightOf('assessment', a.id) })),
    assignments: items.assignments.map((a) => ({ id: a.id, weight: weightOf('assignment', a.id), points: a.points, passMark: a.passMark })),
    lecturesWeight: weightOf('lectures', 0),
    totalWeight: list.reduce((sum, i) => sum + i.weight, 0),
    quietSince: new Date(ctx.now() - days * DAY),
    words: searchTokens(normalizeSearchText(q.search ?? '')),
    filter: q.filter || undefined,
    sort: q.sort,
    order: q.order,
    limit: q.perPage,
    offset: (q.page - 1) * q.perPage,
  };
  const page = await gradebookPage(ctx.db, input);
  const total = page.total ?? (q.page > 1 ? await countOnly(ctx.db, input) : 0);
  const cells = await cellsOf(ctx.db, courseId, page.learners.map((l) => l.participantId));
  return presentGradebook({ course, passMark, days, items: list, itemsDetail: items, page: { ...page, total }, cells, query: q });
}

/** The pass mark and weights: items of another course, or gone, are refused by field. */
export async function saveGradebookSettings(ctx: AppContext, user: RequestUser, body: GradebookSettingsBody) {
  await gradedCourse(ctx, user, body.course_id);
  const { list, weightOf } = await itemsWithWeights(ctx, body.course_id);
  const known = new Set(list.map((i) => weightKey(i.kind, i.id)));
  const problems: Record<string, string> = {};
  body.weights.forEach((w, i) => {
    if (!known.has(weightKey(w.kind, w.id))) problems[`weights.${i}.id`] = 'api.gradebook.unknown_item';
  });
  if (Object.keys(problems).length) throw new AppError('api.validation.failed', 400, { fields: problems });
  const weights: Record<string, number> = {};
  for (const item of list) weights[weightKey(item.kind, item.id)] = weightOf(item.kind, item.id);
  for (const w of body.weights) weights[weightKey(w.kind, w.id)] = w.weight;
  await saveSettings(ctx.db, body.course_id, body.pass_mark, weights, new Date(ctx.now()));
  const saved = await itemsWithWeights(ctx, body.course_id);
  return { pass_mark: saved.passMark, items: saved.list };
}

/** Learners read per chunk of an export: each chunk is one statement for their figures and one for their cells. */
const EXPORT_CHUNK = 1_000;


/**
 * The whole gradebook as rows, for an export (CSV or XLSX): a header in the caller's language, then every learner the
 * filter and search keep, in the order they have ids (enrolled, near enough), EXPORT_CHUNK at a time, so memory stays
 * flat whatever the course's size. Columns: name, email, enrolled, last studied, progress, each assessment's and
 * assignment's percent (empty: nothing yet), the final grade, passed, at risk.
 */
export async function* gradebookExportRows(
  ctx: AppContext,
  user: RequestUser,
  courseId: number,
  q: { search?: string; filter?: GradebookQuery['filter'] },
  t: (key: string) => string,
): AsyncGenerator<ExportCell[]> {
  await gradedCourse(ctx, user, courseId);
  const { items, list, passMark, weightOf } = await itemsWithWeights(ctx, courseId);
  const graded = list.filter((i) => i.kind !== 'lectures');
  yield [
    t('api.gradebook.export.name'),
    t('api.gradebook.export.email'),
    t('api.gradebook.export.enrolled'),
    t('api.gradebook.export.last_studied'),
    t('api.gradebook.export.progress'),
    ...graded.map((i) => i.title),
    t('api.gradebook.export.final'),
    t('api.gradebook.export.passed'),
    t('api.gradebook.export.at_risk'),
  ];
  const base = {
    courseId,
    lectureIds: items.lectureIds,
    assessments: items.assessments.map((a) => ({ id: a.id, weight: weightOf('assessment', a.id) })),
    assignments: items.assignments.map((a) => ({ id: a.id, weight: weightOf('assignment', a.id), points: a.points, passMark: a.passMark })),
    lecturesWeight: weightOf('lectures', 0),
    totalWeight: list.reduce((sum, i) => sum + i.weight, 0),
    quietSince: new Date(ctx.now() - atRiskDays(ctx) * DAY),
    words: searchTokens(normalizeSearchText(q.search ?? '')),
    filter: q.filter || undefined,
    sort: 'enrolled' as const,
    order: 'asc' as const,
    offset: 0,
  };
  const yes = t('api.gradebook.export.yes');
  const no = t('api.gradebook.export.no');
  let after = 0;
  for (;;) {
    const ids = await nextLearners(ctx.db, courseId, after, EXPORT_CHUNK);
    if (ids.length === 0) return;
    after = ids.at(-1)!;
    const page = await gradebookPage(ctx.db, { ...base, limit: ids.length, participantIds: ids });
    const learners = [...page.learners].sort((a, b) => a.participantId - b.participantId);
    const cells = await cellsOf(ctx.db, courseId, learners.map((l) => l.participantId));
    const book = presentGradebook({ course: { id: courseId, title: '' }, passMark, days: 0, items: list, itemsDetail: items, page: { summary: page.summary, learners, total: 0 }, cells, query: { sort: 'enrolled', order: 'asc', page: 1, perPage: learners.length } });
    for (const row of book.learners.items) {
      yield [
        row.participant.name,
        row.participant.email,
        row.enrolled_at.slice(0, 10),
        row.last_studied_at.slice(0, 10),
        row.progress_percent,
        ...row.cells.slice(1).map((c) => c.percent),
        row.final_percent,
        row.passed ? yes : no,
        row.at_risk ? yes : no,
      ];
    }
  }
}
