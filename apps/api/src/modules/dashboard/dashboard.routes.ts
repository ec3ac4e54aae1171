import type { FastifyInstance } from 'fastify';
import { dashboardRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { adminDashboard, latestCoursesIn, recentPeopleOf } from './dashboard.service';

export function dashboardModule(app: FastifyInstance, ctx: AppContext) {
  const r = dashboardRoutes;
  addRoute(app, ctx, r.figures, async () => ({ data: await adminDashboard(ctx) }));
  addRoute(app, ctx, r.recentParticipants, async () => ({ data: await recentPeopleOf(ctx, 'participant') }));
  addRoute(app, ctx, r.recentInstructors, async () => ({ data: await recentPeopleOf(ctx, 'instructor') }));
  addRoute(app, ctx, r.latestCourses, async ({ params }) => ({ data: await latestCoursesIn(ctx, params.id) }));
}
