import { notificationRoutes, type Notification, type Role } from '@nibras/contract';
import { callRoute } from '../../lib/http';
import { routeQuery } from '../../lib/query';

export type { Notification };

export const notificationKeys = {
  role: (role: Role) => ['notifications', role] as const,
};

export const notificationQueries = {
  unread: (role: Role) => routeQuery([...notificationKeys.role(role), 'unread'], notificationRoutes[role].unread),
  list: (role: Role) => routeQuery([...notificationKeys.role(role), 'list', 1], notificationRoutes[role].list, { query: { page: 1 } }),
};

export function markNotificationRead(role: Role, id: number) {
  return callRoute(notificationRoutes[role].read, { params: { id } });
}

export function markAllNotificationsRead(role: Role) {
  return callRoute(notificationRoutes[role].readAll, {});
}

/** The translation key of a notification's words: some kinds say different things by an outcome. */
export function notificationText(n: Notification): string {
  if (n.kind === 'course_reviewed') return `notifications.kind.course_reviewed.${n.params.approved ? 'approved' : 'rejected'}`;
  if (n.kind === 'assessment_checked') return `notifications.kind.assessment_checked.${n.params.passed ? 'passed' : 'failed'}`;
  if (n.kind === 'assignment_graded') return `notifications.kind.assignment_graded.${n.params.passed ? 'passed' : 'failed'}`;
  return `notifications.kind.${n.kind}`;
}
