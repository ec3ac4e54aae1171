import { REPORT_COURSE_SORTS, isReportDate, type ReportCourseSort } from '@nibras/contract';

/** The period's presets: the last 7, 30 or 90 days, this year so far, or days of one's own. */
export const REPORT_PRESETS = ['7', '30', '90', 'year', 'custom'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export const REPORT_TABS = ['courses', 'categories'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

/** What the reports screen shows, all of it in the address (`?preset=&from=&to=&category=&q=&sort=&order=&page=&tab=`). */
export interface ReportParams {
  preset: ReportPreset;
  from: string;
  to: string;
  category: string;
  search: string;
  sort: ReportCourseSort;
  order: 'asc' | 'desc';
  page: number;
  tab: ReportTab;
}

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A preset's days, counted back from today (UTC, as the server counts). */
export function presetPeriod(preset: Exclude<ReportPreset, 'custom'>, now = Date.now()): { from: string; to: string } {
  const to = dayOf(now);
  if (preset === 'year') return { from: `${to.slice(0, 4)}-01-01`, to };
  return { from: dayOf(now - (Number(preset) - 1) * DAY), to };
}

export function readReportParams(search: URLSearchParams): ReportParams {
  const preset = (REPORT_PRESETS as readonly string[]).includes(search.get('preset') ?? '') ? (search.get('preset') as ReportPreset) : '30';
  const sort = (REPORT_COURSE_SORTS as readonly string[]).includes(search.get('sort') ?? '') ? (search.get('sort') as ReportCourseSort) : 'enrollments';
  const page = Number(search.get('page'));
  const date = (key: string) => {
    const v = search.get(key) ?? '';
    return isReportDate(v) ? v : '';
  };
  return {
    preset,
    from: preset === 'custom' ? date('from') : '',
    to: preset === 'custom' ? date('to') : '',
    category: /^\d+$/.test(search.get('category') ?? '') ? search.get('category')! : '',
    search: (search.get('q') ?? '').slice(0, 200),
    sort,
    order: search.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    tab: search.get('tab') === 'categories' ? 'categories' : 'courses',
  };
}

/** The address's search part, defaults left out. */
export function writeReportParams(p: ReportParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.tab !== 'courses') out.set('tab', p.tab);
  if (p.preset !== '30') out.set('preset', p.preset);
  if (p.preset === 'custom') {
    if (p.from) out.set('from', p.from);
    if (p.to) out.set('to', p.to);
  }
  if (p.category) out.set('category', p.category);
  if (p.search) out.set('q', p.search);
  if (p.sort !== 'enrollments') out.set('sort', p.sort);
  if (p.order !== 'desc') out.set('order', p.order);
  if (p.page > 1) out.set('page', String(p.page));
  return out;
}

/** A change of anything but the page goes back to page 1. */
export function nextReportParams(p: ReportParams, change: Partial<ReportParams>): ReportParams {
  const next = { ...p, ...change };
  if (!('page' in change)) next.page = 1;
  return next;
}

/** The period the server is asked for: a preset's days, or the custom days typed (either may be left out). */
export function periodQuery(p: ReportParams, now = Date.now()): { from?: string; to?: string } {
  if (p.preset !== 'custom') return presetPeriod(p.preset, now);
  return { ...(p.from ? { from: p.from } : {}), ...(p.to ? { to: p.to } : {}) };
}
