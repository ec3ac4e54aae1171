import {
  REPORT_DAILY_MAX_DAYS,
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  REPORT_STOP_BUCKETS,
  reportDays,
  type CategoryReport,
  type CourseDropoff,
  type CourseReport,
  type ReportCategoriesQuery,
  type ReportCourseSort,
  type ReportCoursesQuery,
} from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import type { ExportCell } from '../../lib/exports';
import { normalizeSearchText, searchTokens } from '../../lib/search-text';
import type { AppContext } from '../../context';
import { atRiskDays } from '../gradebook/gradebook.service';
import { presentCategoryReport, presentCategoryRow, presentCourseReport, presentCourseRow, presentDropoff, type Period } from './reports.presenter';
import { categoryReport, courseOf, courseReport, dropoffCounts, lecturesOf, type ReportInput } from './reports.queries';

const DAY = 86_400_000;
type Lang = 'ar' | 'en';
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const midnight = (d: string) => Date.parse(`${d}T00:00:00Z`);

interface PeriodQuery {
  from?: string;
  to?: string;
  categoryId?: number | '';
  search?: string;
  sort: ReportCourseSort;
  order: 'asc' | 'desc';
}

/**
 * The period asked for (days in UTC, both ends counted): the last 30 days by default; `from` alone runs to today, `to`
 * alone starts 29 days before it. The contract checks a period given whole; this checks the one completed here.
 */
export function periodOf(ctx: AppContext, q: { from?: string; to?: string }): Period {
  const today = day(ctx.now());
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? day(midnight(to) - (REPORT_DEFAULT_DAYS - 1) * DAY);
  if (to < from) throw new AppError('api.validation.failed', 400, { fields: { to: 'api.reports.to_before_from' } });
  const days = reportDays(from, to);
  if (days > REPORT_MAX_DAYS) throw new AppError('api.validation.failed', 400, { fields: { to: 'api.reports.period_too_long' } });
  return { from, to, days, stepDays: days <= REPORT_DAILY_MAX_DAYS ? 1 : 7, stalledDays: atRiskDays(ctx) };
}

function inputOf(ctx: AppContext, period: Period, q: PeriodQuery, page: { limit: number; offset: number }): ReportInput {
  const until = midnight(period.to) + DAY;
  const stalledAt = Math.min(until, ctx.now());
  return {
    from: new Date(midnight(period.from)),
    until: new Date(until),
    stalledAt: new Date(stalledAt),
    stalledSince: new Date(stalledAt - period.stalledDays * DAY),
    stepDays: period.stepDays,
    categoryId: q.categoryId || undefined,
    words: searchTokens(normalizeSearchText(q.search ?? '')),
    sort: q.sort,
    order: q.order,
    ...page,
  };
}

export async function readCourseReport(ctx: AppContext, q: ReportCoursesQuery, lang: Lang): Promise<CourseReport> {
  const period = periodOf(ctx, q);
  const result = await courseReport(ctx.db, inputOf(ctx, period, q, { limit: q.perPage, offset: (q.page - 1) * q.perPage }));
  return presentCourseReport({ period, lang, page: q.page, perPage: q.perPage, result });
}

export async function readCategoryReport(ctx: AppContext, q: ReportCategoriesQuery, lang: Lang): Promise<CategoryReport> {
  const period = periodOf(ctx, q);
  const result = await categoryReport(ctx.db, inputOf(ctx, period, { ...q, search: undefined, categoryId: undefined }, { limit: 0, offset: 0 }), lang);
  return presentCategoryReport({ period, lang, result });
}

export async function readDropoff(ctx: AppContext, courseId: number): Promise<CourseDropoff> {
  const course = await courseOf(ctx.db, courseId);
  if (!course) throw new AppError('api.course.not_found', 404);
  const stalledDays = atRiskDays(ctx);
  const lectures = await lecturesOf(ctx.db, courseId);
  const durations = new Map(lectures.filter((l) => l.type === 'video').map((l) => [l.id, l.durationSeconds]));
  const counts = await dropoffCounts(ctx.db, courseId, new Date(ctx.now() - stalledDays * DAY), durations, REPORT_STOP_BUCKETS);
  return presentDropoff({ course, stalledDays, lectures, counts, buckets: REPORT_STOP_BUCKETS });
}

/** Courses read per statement of an export: the report's own statement, a page at a time, so memory stays flat. */
const EXPORT_PAGE = 1_000;
const FIGURE_HEADERS = ['enrollments', 'active_learners', 'completions', 'completion_rate', 'average_grade', 'grades', 'stalled', 'stalled_rate'] as const;

const figureCells = (f: ReturnType<typeof presentCourseRow>): ExportCell[] => FIGURE_HEADERS.map((k) => f[k]);

/**
 * The per-course report as rows, for an export: a header in the caller's language, then every course the filters keep
 * in the table's order, EXPORT_PAGE at a time (each page the report's statement with its offset).
 */
export async function* courseReportRows(ctx: AppContext, q: PeriodQuery, lang: Lang, t: (key: string) => string): AsyncGenerator<ExportCell[]> {
  const period = periodOf(ctx, q);
  yield [t('api.reports.export.course'), t('api.reports.export.category'), ...FIGURE_HEADERS.map((h) => t(`api.reports.export.${h}`))];
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const result = await courseReport(ctx.db, inputOf(ctx, period, q, { limit: EXPORT_PAGE, offset }));
    for (const row of result.items) {
      const r = presentCourseRow(row, lang);
      yield [r.course.title, r.category?.name ?? t('api.reports.export.no_category'), ...figureCells(r)];
    }
    if (result.items.length < EXPORT_PAGE) return;
  }
}

/** The per-category report as rows, for an export (categories are few: one statement). */
export async function* categoryReportRows(ctx: AppContext, q: Omit<PeriodQuery, 'categoryId' | 'search'>, lang: Lang, t: (key: string) => string): AsyncGenerator<ExportCell[]> {
  const period = periodOf(ctx, q);
  yield [t('api.reports.export.category'), t('api.reports.export.courses'), ...FIGURE_HEADERS.map((h) => t(`api.reports.export.${h}`))];
  const result = await categoryReport(ctx.db, inputOf(ctx, period, q, { limit: 0, offset: 0 }), lang);
  for (const row of result.items) {
    const r = presentCategoryRow(row, lang);
    yield [r.category?.name ?? t('api.reports.export.no_category'), r.courses, ...FIGURE_HEADERS.map((k) => r[k])];
  }
}
