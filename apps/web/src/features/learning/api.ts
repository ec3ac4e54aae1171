import { queryOptions } from '@tanstack/react-query';
import { learningRoutes } from '@nibras/contract';
import { callRoute, sendOnExit, type RequestBody, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';
import { sessionStore } from '../../lib/session';

export type LearnCourse = ResponseData<typeof learningRoutes.course>;
export type LearnLecture = LearnCourse['sections'][number]['lectures'][number];
export type ProgressResult = ResponseData<typeof learningRoutes.progress>;
export type ParticipantDashboard = ResponseData<typeof learningRoutes.dashboard>;
type ProgressBody = RequestBody<typeof learningRoutes.progress>;

export const learningKeys = { all: ['learning'] as const };

export const learningQueries = {
  course: (courseId: number | string) => routeQuery([...learningKeys.all, 'course', String(courseId)], learningRoutes.course, { params: { id: courseId } }),
  /** The spec puts the participant's own id in the path. */
  enrolled: (page: number) =>
    queryOptions({
      queryKey: [...learningKeys.all, 'enrolled', page],
      queryFn: async () => (await callRoute(learningRoutes.enrolledList, { params: { id: sessionStore.session('participant')?.localId ?? '' }, query: { page } })).data,
      meta: { access: 'participant' as const },
    }),
  dashboard: () => routeQuery([...learningKeys.all, 'dashboard'], learningRoutes.dashboard),
};

export function reportProgress(body: ProgressBody) {
  return callRoute(learningRoutes.progress, { body });
}

/** The report sent as the page is hidden or closed. */
export function reportProgressOnExit(body: ProgressBody): void {
  sendOnExit(learningRoutes.progress, { body });
}

/** An article or PDF lecture read to its end, or marked done (a video completes by watching). */
export function completeLecture(lectureId: number) {
  return callRoute(learningRoutes.complete, { body: { lecture_id: lectureId } });
}
