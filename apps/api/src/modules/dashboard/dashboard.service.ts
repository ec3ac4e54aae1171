import { fromMinor, LATEST_COURSE_LIMIT, MONTHS_IN_SERIES, RECENT_PEOPLE_LIMIT, type AdminDashboard, type LatestCourseFilter, type MonthlyPoint } from '@nibras/contract';
import type { AppContext } from '../../context';
import { presentLatestCourse, presentPerson } from './dashboard.presenter';
import { latestCourses, monthlyTotals, platformFigures, recentPeople } from './dashboard.queries';

const monthKey = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/** The first instant (UTC) of the 12-month window that ends with `now`'s month. */
function seriesStart(now: Date) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS_IN_SERIES - 1), 1));
}

/**
 * Enrolments and revenue per UTC calendar month over the last 12 months, the current month last;
 * every month is present (0 without data). `instructorId` limits it to one instructor's courses.
 */
export async function monthlySeries(ctx: AppContext, opts: { instructorId?: number; now?: Date } = {}): Promise<MonthlyPoint[]> {
  const start = seriesStart(opts.now ?? new Date());
  const { enrolled, paid } = await monthlyTotals(ctx.db, start, opts.instructorId);
  const enrolBy = new Map(enrolled.map((r) => [r.month, r.n]));
  const paidBy = new Map(paid.map((r) => [r.month, r.total]));
  return Array.from({ length: MONTHS_IN_SERIES }, (_, i) => {
    const month = monthKey(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1)));
    const revenueMinor = paidBy.get(month) ?? 0;
    return { month, enrollments: enrolBy.get(month) ?? 0, revenue: fromMinor(revenueMinor, ctx.config.currency), revenueMinor };
  });
}

export async function adminDashboard(ctx: AppContext): Promise<AdminDashboard> {
  const [figures, monthly] = await Promise.all([platformFigures(ctx.db), monthlySeries(ctx)]);
  const people = new Map(figures.people.map((r) => [r.role, r.n]));
  const status = new Map(figures.byStatus.map((r) => [r.status, r.n]));
  return {
    instructors: people.get('instructor') ?? 0,
    participants: people.get('participant') ?? 0,
    courses: {
      total: figures.byStatus.reduce((sum, r) => sum + r.n, 0),
      draft: status.get('draft') ?? 0,
      pending: status.get('pending') ?? 0,
      approved: status.get('approved') ?? 0,
      rejected: status.get('rejected') ?? 0,
    },
    enrollments: figures.enrollments,
    revenue: fromMinor(figures.revenue, ctx.config.currency),
    revenueMinor: figures.revenue,
    currency: ctx.config.currency,
    submissions_waiting: figures.waiting,
    monthly,
  };
}

export async function recentPeopleOf(ctx: AppContext, role: 'instructor' | 'participant') {
  return (await recentPeople(ctx.db, role, RECENT_PEOPLE_LIMIT)).map(presentPerson);
}

export async function latestCoursesIn(ctx: AppContext, filter: LatestCourseFilter) {
  const { rows, total } = await latestCourses(ctx.db, filter === 'all' ? undefined : filter, LATEST_COURSE_LIMIT);
  return { items: rows.map(presentLatestCourse), total };
}
