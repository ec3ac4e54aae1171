import type { z } from 'zod';
import { fromMinor, PER_PAGE_DEFAULT, type courseListBody } from '@nibras/contract';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { presentListItem } from './authoring.presenter';
import { monthlySeries } from '../dashboard/dashboard.service';
import { instructorFigures, listCourses, type ListSort } from './authoring.queries';

const RECENT_COUNT = 5;
const DAY_MS = 86_400_000;

function sortOf(config: z.output<typeof courseListBody>['sortConfig']): ListSort {
  if (!config?.key) return { key: 'updated_at', desc: config?.direction ? config.direction.startsWith('desc') : true };
  return { key: config.key, desc: config.direction ? config.direction.startsWith('desc') : false };
}

/**
 * POST /api/instructor/mycourse/list (own courses) and POST /api/admin/course/list (every course):
 * deleted courses never appear; admins also search by instructor name and email.
 */
export async function listCoursesFor(ctx: AppContext, user: RequestUser, page: number, body: z.output<typeof courseListBody>) {
  const perPage = body.perPage ?? PER_PAGE_DEFAULT;
  const filter = {
    instructorId: user.role === 'instructor' ? user.id : undefined,
    // The spec's filters send "" for "any".
    language: body.language || undefined,
    completionStatus: body.completion_status || undefined,
    approveStatus: body.approve_status || undefined,
    search: body.search,
    searchInstructor: user.role === 'admin',
  };
  const { rows, total } = await listCourses(ctx.db, filter, sortOf(body.sortConfig), perPage, (page - 1) * perPage);
  return { items: await Promise.all(rows.map((r) => presentListItem(ctx, user, r))), page, perPage, total };
}

export async function recentCourses(ctx: AppContext, user: RequestUser) {
  const { rows } = await listCourses(ctx.db, { instructorId: user.id }, { key: 'updated_at', desc: true }, RECENT_COUNT, 0);
  return Promise.all(rows.map((r) => presentListItem(ctx, user, r)));
}

export async function instructorDashboard(ctx: AppContext, user: RequestUser) {
  const [figures, recent, monthly] = await Promise.all([
    instructorFigures(ctx.db, user.id, new Date(Date.now() - 30 * DAY_MS)),
    recentCourses(ctx, user),
    monthlySeries(ctx, { instructorId: user.id }),
  ]);
  const byStatus = Object.fromEntries(figures.byStatus.map((r) => [r.status, r.n])) as Partial<Record<'draft' | 'pending' | 'approved' | 'rejected', number>>;
  return {
    courses: {
      total: figures.byStatus.reduce((sum, r) => sum + r.n, 0),
      draft: byStatus.draft ?? 0,
      pending: byStatus.pending ?? 0,
      approved: byStatus.approved ?? 0,
      rejected: byStatus.rejected ?? 0,
    },
    enrollments: { total: figures.enrolled.total, last_30_days: figures.enrolled.recent },
    revenue: {
      total: fromMinor(Number(figures.revenue.total), ctx.config.currency),
      last_30_days: fromMinor(Number(figures.revenue.recent), ctx.config.currency),
      total_minor: Number(figures.revenue.total),
      last_30_days_minor: Number(figures.revenue.recent),
      currency: ctx.config.currency,
      paid_orders: figures.revenue.n,
    },
    rating: { average: Number(figures.rating.average ?? 0), count: figures.rating.n },
    recent_courses: recent,
    monthly,
  };
}
