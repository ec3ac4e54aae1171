import { messageRoutes, messageRoutesFor, type Role } from '@nibras/contract';
import { callRoute, type RequestBody, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

export type MessageThread = ResponseData<typeof messageRoutes.participantList>['items'][number];
export type ThreadData = ResponseData<typeof messageRoutes.participantThread>;
export type ChatMessage = ThreadData['messages'][number];
export type Contact = ResponseData<typeof messageRoutes.participantContacts>[number];
export type SendBody = RequestBody<typeof messageRoutes.participantSend>;

/** Every query of a role's message centre starts with this key: one invalidation refreshes list, thread and badge. */
export const messageKeys = {
  role: (role: Role) => ['messages', role] as const,
  admin: ['messages', 'admin'] as const,
};

export const messageQueries = {
  /** The signed-in user's threads (an admin's: list/{own id}). */
  list: (role: Role, page: number, ownId: number) =>
    role === 'admin'
      ? routeQuery([...messageKeys.role(role), 'list', ownId, page], messageRoutes.adminList, { params: { id: ownId }, query: { page } })
      : routeQuery([...messageKeys.role(role), 'list', page], role === 'participant' ? messageRoutes.participantList : messageRoutes.instructorList, { query: { page } }),
  thread: (role: Role, id: number, page = 1) => routeQuery([...messageKeys.role(role), 'thread', id, page], messageRoutesFor[role].thread, { params: { id }, query: { page } }),
  unread: (role: Role) => routeQuery([...messageKeys.role(role), 'unread'], messageRoutesFor[role].unread),
  contacts: (role: Role, search: string) => routeQuery([...messageKeys.role(role), 'contacts', search], messageRoutesFor[role].contacts, { query: search ? { search } : {} }),
  /** The admin's look at another user's threads and messages. */
  userThreads: (userId: number, page: number) => routeQuery([...messageKeys.admin, 'user', userId, page], messageRoutes.adminList, { params: { id: userId }, query: { page } }),
  history: (role: Role, userId: number, parentid: number | undefined, page = 1) =>
    routeQuery([...messageKeys.admin, 'history', userId, parentid ?? 0, page], messageRoutes.adminHistory, { body: { replyfrom: role, fromid: userId, ...(parentid ? { parentid } : {}), page } }),
};

export function sendMessage(role: Role, body: SendBody) {
  return callRoute(messageRoutesFor[role].send, { body });
}

export function announce(body: RequestBody<typeof messageRoutes.instructorAnnounce>) {
  return callRoute(messageRoutes.instructorAnnounce, { body });
}
