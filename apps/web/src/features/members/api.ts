import { memberRoutesByRole, type MemberRoleName } from '@nibras/contract';
import { callRoute, fetchFile, type RequestBody, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

export type { MemberRoleName };
export type MemberListBody = RequestBody<typeof memberRoutesByRole.instructor.list>;
export type MemberPage = ResponseData<typeof memberRoutesByRole.instructor.list>;
export type Member = MemberPage['items'][number];
export type MemberAdd = RequestBody<typeof memberRoutesByRole.instructor.add>;
export type MemberUpdate = RequestBody<typeof memberRoutesByRole.instructor.update>;

export const memberKeys = {
  all: ['members'] as const,
  of: (role: MemberRoleName) => ['members', role] as const,
};

export const memberQueries = {
  list: (role: MemberRoleName, page: number, body: MemberListBody) => routeQuery([...memberKeys.of(role), 'list', page, body], memberRoutesByRole[role].list, { query: { page }, body }),
  one: (role: MemberRoleName, id: number) => routeQuery([...memberKeys.of(role), 'one', id], memberRoutesByRole[role].edit, { params: { id } }),
};

export function addMember(role: MemberRoleName, body: MemberAdd) {
  return callRoute(memberRoutesByRole[role].add, { body });
}

export function updateMember(role: MemberRoleName, id: number, body: MemberUpdate) {
  return callRoute(memberRoutesByRole[role].update, { params: { id }, body });
}

export function deleteMember(role: MemberRoleName, id: number) {
  return callRoute(memberRoutesByRole[role].delete, { params: { id } });
}

export function reactivateMember(role: MemberRoleName, id: number) {
  return callRoute(memberRoutesByRole[role].reactivate, { params: { id } });
}

/** The role's accounts the search and status keep, as CSV or XLSX (the list's export). */
export function exportMembers(role: MemberRoleName, format: 'csv' | 'xlsx', filter: { search?: string; status?: '' | 'active' | 'deactivated' }) {
  return fetchFile(memberRoutesByRole[role].export, { query: { format, ...(filter.search ? { search: filter.search } : {}), ...(filter.status ? { status: filter.status } : {}) } });
}
