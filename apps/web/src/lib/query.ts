import { QueryClient, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { JsonRouteDef, Role } from '@nibras/contract';
import { ApiError, callRoute, type CallOptions, type ResponseData } from './http';
import type { SessionSnapshot } from './session-store';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Whose session the data belongs to: removed from the cache when that role's user changes. */
      access?: Role;
    };
  }
}

/**
 * Query options for one call of the contract. The key starts with the feature's name, so one
 * `invalidateQueries({ queryKey: [feature] })` reaches everything the feature shows; the route's
 * declared access decides the token and whose data it is.
 */
export function routeQuery<D extends JsonRouteDef>(queryKey: QueryKey, def: D, options: Omit<CallOptions<D>, 'signal' | 'token'> = {}) {
  const access = def.access === 'public' ? def.optionalAuth : def.access;
  return queryOptions<ResponseData<D>>({
    queryKey,
    queryFn: async ({ signal }) => (await callRoute(def, { ...options, signal } as CallOptions<D>)).data,
    ...(access ? { meta: { access } } : {}),
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again.
        retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
        staleTime: 60_000,
      },
    },
  });
}

/**
 * Another user signing in (or out) in a role must never see the previous one's cached data: the
 * queries that belong to that role's session are reset when its user changes (the ones on screen
 * load again at once, for the new user). A refreshed token keeps them.
 */
export function forgetDataOfChangedUsers(client: QueryClient, store: { getSnapshot: () => SessionSnapshot; subscribe: (listener: () => void) => () => void }) {
  const userOf = (snapshot: SessionSnapshot, role: Role) => snapshot.sessions[role]?.localId ?? null;
  let last = store.getSnapshot();
  return store.subscribe(() => {
    const next = store.getSnapshot();
    for (const role of Object.keys(next.sessions) as Role[]) {
      if (userOf(last, role) !== userOf(next, role)) void client.resetQueries({ predicate: (query) => query.meta?.access === role });
    }
    last = next;
  });
}
