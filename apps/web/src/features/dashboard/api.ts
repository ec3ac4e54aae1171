import { dashboardRoutes, quizRoutes, type LatestCourseFilter } from '@nibras/contract';
import { routeQuery } from '../../lib/query';

export const dashboardKeys = { all: ['dashboard'] as const };

/** How many waiting items the dashboard lists before it links to the full list. */
export const WAITING_SHOWN = 5;

export const dashboardQueries = {
  figures: () => routeQuery([...dashboardKeys.all, 'figures'], dashboardRoutes.figures),
  latestCourses: (filter: LatestCourseFilter) => routeQuery([...dashboardKeys.all, 'latest', filter], dashboardRoutes.latestCourses, { params: { id: filter } }),
  recentParticipants: () => routeQuery([...dashboardKeys.all, 'recentPar'], dashboardRoutes.recentParticipants),
  recentInstructors: () => routeQuery([...dashboardKeys.all, 'recentIns'], dashboardRoutes.recentInstructors),
  /** Submissions waiting for a short answer to be checked, oldest first (the quiz area's list). */
  waitingSubmissions: () => routeQuery([...dashboardKeys.all, 'waitingSubmissions'], quizRoutes.adminUnchecked, { query: { page: 1, perPage: WAITING_SHOWN } }),
};
