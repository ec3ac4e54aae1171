import { z } from 'zod';
import { numeric } from './numbers';
import { envelope, idParam, listData } from './envelope';
import type { RouteDef } from './route-def';

/**
 * Reports for admins (issue 30, point 6; docs/reports.md): per course and per category over a period, enrolments, active
 * learners, completions, the completion rate, the average grade and the learners who stalled, with a series for the
 * charts; a course's drop-off (how far its learners got, lecture by lecture) and where its videos' viewers stop. The
 * tables exported as CSV or XLSX (point 7).
 */

/** The longest period a report covers, in days (both ends counted). */
export const REPORT_MAX_DAYS = 366;
/** The period when none is given: the last 30 days, today included. */
export const REPORT_DEFAULT_DAYS = 30;
/** A period up to this many days has a point a day in its series; a longer one a point every 7 days. */
export const REPORT_DAILY_MAX_DAYS = 92;
/** How many parts of a video's length its viewers' stopping points are counted in. */
export const REPORT_STOP_BUCKETS = 10;

export const REPORT_COURSE_SORTS = ['title', 'enrollments', 'active_learners', 'completions', 'completion_rate', 'average_grade', 'stalled_rate'] as const;
export type ReportCourseSort = (typeof REPORT_COURSE_SORTS)[number];
export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
export function isReportDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
/** Days from `from` to `to`, both counted (2026-01-01 to 2026-01-01 is 1). */
export function reportDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const day = z.string().trim().refine(isReportDate, { message: 'api.reports.date_format' });
const dbId = numeric(z.number().int().min(1).max(2_147_483_647));

const periodShape = {
  from: day.optional().describe('The first day, YYYY-MM-DD (UTC); without it, 29 days before `to`'),
  to: day.optional().describe(`The last day, YYYY-MM-DD (UTC), counted whole; without it, today. At most ${REPORT_MAX_DAYS} days from \`from\``),
  categoryId: z.union([dbId, z.literal('')]).optional().describe("Only this category's courses"),
  search: z.string().trim().max(200).optional().describe("Part of the course's title"),
};

function checkPeriod(q: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (!q.from || !q.to || !isReportDate(q.from) || !isReportDate(q.to)) return;
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'api.reports.to_before_from' });
  else if (reportDays(q.from, q.to) > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'api.reports.period_too_long' });
}

const sortShape = {
  sort: z.enum(REPORT_COURSE_SORTS).default('enrollments'),
  order: z.enum(['asc', 'desc']).default('desc'),
};

export const reportCoursesQuery = z
  .strictObject({
    ...periodShape,
    ...sortShape,
    page: numeric(z.number().int().min(1).max(1_000_000)).default(1),
    perPage: numeric(z.number().int().min(1).max(100)).default(25),
  })
  .superRefine(checkPeriod);
export type ReportCoursesQuery = z.infer<typeof reportCoursesQuery>;

export const reportCategoriesQuery = z.strictObject({ from: periodShape.from, to: periodShape.to, ...sortShape }).superRefine(checkPeriod);
export type ReportCategoriesQuery = z.infer<typeof reportCategoriesQuery>;

const exportFormat = z.enum(REPORT_EXPORT_FORMATS).default('csv').describe('csv: UTF-8 with a byte order mark, formula-like cells defused; xlsx: a spreadsheet, right to left in Arabic');
export const reportCoursesExportQuery = z.strictObject({ ...periodShape, ...sortShape, format: exportFormat }).superRefine(checkPeriod);
export type ReportCoursesExportQuery = z.infer<typeof reportCoursesExportQuery>;
export const reportCategoriesExportQuery = z.strictObject({ from: periodShape.from, to: periodShape.to, ...sortShape, format: exportFormat }).superRefine(checkPeriod);
export type ReportCategoriesExportQuery = z.infer<typeof reportCategoriesExportQuery>;

const count = z.number().int();
const percent = z.number().int().nullable();

export const reportFigures = z.object({
  enrollments: count.describe('Enrolments made in the period'),
  active_learners: count.describe('Distinct learners who played a lecture, sent an assessment or handed in an assignment in the period'),
  completions: count.describe('Enrolments completed in the period (whenever they began)'),
  completion_rate: percent.describe("Of the period's enrolments, the percent completed by the period's end (rounded down); null without enrolments"),
  average_grade: percent.describe('The mean of the grades given in the period: each learner\'s best graded attempt per assessment sent in the period, and each graded assignment handed in in the period (percent, rounded down); null without any'),
  grades: count.describe('How many grades the average is of'),
  stalled: count.describe("Of the period's enrolments, those unfinished whose learner has not studied the course for `stalled_days` (counted back from the period's end, or today if earlier)"),
  stalled_rate: percent.describe("stalled as a percent of the period's enrolments; null without enrolments"),
});
export type ReportFigures = z.infer<typeof reportFigures>;

export const reportPoint = z.object({
  start: z.string().describe('The first day of the point, YYYY-MM-DD'),
  enrollments: count,
  active_learners: count.describe('Distinct learners active within the point'),
  completions: count,
});
export type ReportPoint = z.infer<typeof reportPoint>;

export const reportPeriod = z.object({
  from: z.string(),
  to: z.string(),
  days: count,
  step: z.enum(['day', 'week']).describe(`The series' step: a day up to ${REPORT_DAILY_MAX_DAYS} days, else 7 days from \`from\` (the last point may be shorter)`),
  stalled_days: count.describe('Days without study after which an unfinished learner counts as stalled (the gradebook\'s at-risk period)'),
});

const categoryRef = z.object({ id: count, name: z.string() }).nullable().describe('Null: no category');

export const reportCourseRow = reportFigures.extend({
  course: z.object({ id: count, title: z.string() }),
  category: categoryRef,
});
export type ReportCourseRow = z.infer<typeof reportCourseRow>;

export const reportCategoryRow = reportFigures.extend({
  category: categoryRef,
  courses: count.describe('Its courses with something in the period'),
});
export type ReportCategoryRow = z.infer<typeof reportCategoryRow>;

const reportBase = z.object({
  period: reportPeriod,
  totals: reportFigures.describe('Over every course the filters keep (a learner active in two courses counts once)'),
  series: z.array(reportPoint),
});

export const courseReport = reportBase.extend({
  courses: listData(reportCourseRow).describe('The courses with something in the period (an enrolment, a completion, an active learner or a grade), sorted and paged'),
});
export type CourseReport = z.infer<typeof courseReport>;

export const categoryReport = reportBase.extend({ categories: z.array(reportCategoryRow) });
export type CategoryReport = z.infer<typeof categoryReport>;

export const dropoffLecture = z.object({
  id: count,
  title: z.string(),
  section: z.string(),
  type: z.enum(['video', 'article', 'pdf']),
  reached: count.describe('Enrolled learners who opened it'),
  completed: count.describe('Enrolled learners who completed it'),
});
export const dropoffVideo = z.object({
  id: count,
  title: z.string(),
  duration_seconds: count,
  viewers: count.describe('Enrolled learners who played it'),
  completed: count,
  completion_rate: percent.describe('completed / viewers, percent rounded down; null without viewers'),
  stops: z.array(count).describe(`Where the viewers who have not completed it stopped: ${REPORT_STOP_BUCKETS} counts, one per tenth of its length (the last position they reached)`),
});
export type DropoffVideo = z.infer<typeof dropoffVideo>;

export const courseDropoff = z.object({
  course: z.object({ id: count, title: z.string() }),
  enrolled: count,
  completed: count,
  stalled: count.describe('Unfinished enrolments whose learner has not studied the course for `stalled_days`'),
  stalled_days: count,
  lectures: z.array(dropoffLecture).describe("Every lecture in the course's order: the funnel"),
  videos: z.array(dropoffVideo).describe('Its video lectures with a length, lowest completion first'),
});
export type CourseDropoff = z.infer<typeof courseDropoff>;

const tags = ['reports'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const reportsRoutes = {
  courses: {
    method: 'GET', path: '/api/admin/reports/courses', access: 'admin', tags, query: reportCoursesQuery,
    summary: 'Per course over a period (the last 30 days unless told): enrolments, active learners, completions, completion rate, average grade and stalled learners, with the totals and a series of enrolments, active learners and completions for the charts',
    response: envelope(courseReport),
  },
  categories: {
    method: 'GET', path: '/api/admin/reports/categories', access: 'admin', tags, query: reportCategoriesQuery,
    summary: "The same figures per category over the period (its courses' figures together; a learner active in two of its courses counts once), with the totals and the series",
    response: envelope(categoryReport),
  },
  coursesExport: {
    method: 'GET', path: '/api/admin/reports/courses/export', access: 'admin', tags, query: reportCoursesExportQuery,
    summary: "The per-course report (every course the filters keep, in the table's order) as CSV or XLSX, streamed; headers in the caller's language",
    file: { types: ['text/csv', XLSX], ranges: false },
  },
  categoriesExport: {
    method: 'GET', path: '/api/admin/reports/categories/export', access: 'admin', tags, query: reportCategoriesExportQuery,
    summary: "The per-category report as CSV or XLSX, streamed; headers in the caller's language",
    file: { types: ['text/csv', XLSX], ranges: false },
  },
  dropoff: {
    method: 'GET', path: '/api/admin/reports/courses/:id/dropoff', access: 'admin', tags, errors: [404] as const, params: idParam,
    summary: "Where a course's learners drop off: for each lecture in order, how many enrolled learners opened and completed it; the stalled learners; and for each video lecture, where the viewers who did not finish it stopped (tenths of its length), lowest completion first",
    response: envelope(courseDropoff),
  },
} satisfies Record<string, RouteDef>;
