import type { QueryClient } from '@tanstack/react-query';

/**
 * The cached screens that show a course's status or content outside the editor: the course lists, the
 * whole-course views and the instructor dashboard. Any change to a course makes them stale, and the
 * app keeps queries fresh for a minute, so a list opened next would still show the old status.
 */
export function invalidateCourseScreens(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [['authoring-courses'], ['authoring-course'], ['instructor-dashboard'], ['instructor-recent-courses']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
