import type { CategoryReport, CourseDropoff, CourseReport, ReportCategoryRow, ReportFigures, ReportPoint } from '@nibras/contract';
import type { CategoryFiguresRow, CourseFiguresRow, DropoffCounts, FiguresRow, SeriesRow } from './reports.queries';

export interface Period {
  from: string;
  to: string;
  days: number;
  stepDays: number;
  stalledDays: number;
}

const DAY = 86_400_000;
const percentOf = (part: number, whole: number) => (whole > 0 ? Math.floor((part * 100) / whole) : null);

export function presentFigures(f: FiguresRow): ReportFigures {
  const enrollments = Number(f.enrollments);
  return {
    enrollments,
    active_learners: Number(f.active_learners),
    completions: Number(f.completions),
    completion_rate: percentOf(Number(f.completed_of_enrolled), enrollments),
    average_grade: f.average_grade === null ? null : Number(f.average_grade),
    grades: Number(f.grades),
    stalled: Number(f.stalled),
    stalled_rate: percentOf(Number(f.stalled), enrollments),
  };
}

/** Every point of the period, a day or 7 days each, those without data as 0. */
export function presentSeries(period: Period, rows: SeriesRow[]): ReportPoint[] {
  const byBucket = new Map(rows.map((r) => [Number(r.bucket), r]));
  const start = Date.parse(`${period.from}T00:00:00Z`);
  return Array.from({ length: Math.ceil(period.days / period.stepDays) }, (_, i) => {
    const r = byBucket.get(i);
    return {
      start: new Date(start + i * period.stepDays * DAY).toISOString().slice(0, 10),
      enrollments: Number(r?.enrollments ?? 0),
      active_learners: Number(r?.active_learners ?? 0),
      completions: Number(r?.completions ?? 0),
    };
  });
}

export function presentPeriod(period: Period): CourseReport['period'] {
  return { from: period.from, to: period.to, days: period.days, step: period.stepDays === 1 ? 'day' : 'week', stalled_days: period.stalledDays };
}

const categoryOf = (row: { category_id: number | null; category_ar: string | null; category_en: string | null }, lang: 'ar' | 'en') =>
  row.category_id ? { id: Number(row.category_id), name: (lang === 'ar' ? row.category_ar : row.category_en) ?? '' } : null;

export const presentCourseRow = (row: CourseFiguresRow, lang: 'ar' | 'en'): CourseReport['courses']['items'][number] => ({
  course: { id: Number(row.id), title: row.title },
  category: categoryOf(row, lang),
  ...presentFigures(row),
});

export const presentCategoryRow = (row: CategoryFiguresRow, lang: 'ar' | 'en'): ReportCategoryRow => ({
  category: categoryOf(row, lang),
  courses: Number(row.courses),
  ...presentFigures(row),
});

export function presentCourseReport(input: {
  period: Period;
  lang: 'ar' | 'en';
  page: number;
  perPage: number;
  result: { total: number; items: CourseFiguresRow[]; totals: FiguresRow; series: SeriesRow[] };
}): CourseReport {
  const { result } = input;
  return {
    period: presentPeriod(input.period),
    totals: presentFigures(result.totals),
    series: presentSeries(input.period, result.series),
    courses: { items: result.items.map((r) => presentCourseRow(r, input.lang)), page: input.page, perPage: input.perPage, total: result.total },
  };
}

export function presentCategoryReport(input: { period: Period; lang: 'ar' | 'en'; result: { items: CategoryFiguresRow[]; totals: FiguresRow; series: SeriesRow[] } }): CategoryReport {
  return {
    period: presentPeriod(input.period),
    totals: presentFigures(input.result.totals),
    series: presentSeries(input.period, input.result.series),
    categories: input.result.items.map((r) => presentCategoryRow(r, input.lang)),
  };
}

export function presentDropoff(input: {
  course: { id: number; title: string };
  stalledDays: number;
  lectures: { id: number; title: string; section: string; type: 'video' | 'article' | 'pdf'; durationSeconds: number }[];
  counts: DropoffCounts;
  buckets: number;
}): CourseDropoff {
  const per = new Map(input.counts.lectures.map((l) => [l.lecture_id, l]));
  const empty = { reached: 0, completed: 0, stops: Array.from({ length: input.buckets }, () => 0) };
  const videos = input.lectures
    .map((l, order) => ({ l, order, c: per.get(l.id) ?? empty }))
    .filter(({ l }) => l.type === 'video' && l.durationSeconds > 0)
    .map(({ l, order, c }) => ({
      order,
      video: { id: l.id, title: l.title, duration_seconds: l.durationSeconds, viewers: c.reached, completed: c.completed, completion_rate: percentOf(c.completed, c.reached), stops: c.stops },
    }))
    // The lowest completion first; a video nobody played after those played; then the course's order.
    .sort((a, b) => (a.video.completion_rate ?? 101) - (b.video.completion_rate ?? 101) || a.order - b.order)
    .map((v) => v.video);
  return {
    course: input.course,
    enrolled: input.counts.enrolled,
    completed: input.counts.completed,
    stalled: input.counts.stalled,
    stalled_days: input.stalledDays,
    lectures: input.lectures.map((l) => {
      const c = per.get(l.id) ?? empty;
      return { id: l.id, title: l.title, section: l.section, type: l.type, reached: c.reached, completed: c.completed };
    }),
    videos,
  };
}
