import { describe, expect, it } from 'vitest';
import type { Role } from '@nibras/contract';
import { createQueryClient, forgetDataOfChangedUsers } from './query';
import type { SessionSnapshot, StoredSession } from './session-store';

function fakeStore(initial: Partial<Record<Role, string>>) {
  const session = (localId: string) => ({ localId, token: `token-${localId}` }) as StoredSession;
  const snapshotOf = (users: Partial<Record<Role, string>>): SessionSnapshot => ({
    sessions: {
      admin: users.admin ? session(users.admin) : null,
      instructor: users.instructor ? session(users.instructor) : null,
      participant: users.participant ? session(users.participant) : null,
    },
    pendingSignOut: null,
  });
  let snapshot = snapshotOf(initial);
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => snapshot,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(users: Partial<Record<Role, string>>, sameUsersNewTokens = false) {
      snapshot = snapshotOf(users);
      if (sameUsersNewTokens) for (const role of Object.keys(users) as Role[]) (snapshot.sessions[role] as { token: string }).token += '-refreshed';
      for (const listener of listeners) listener();
    },
  };
}

describe('forgetDataOfChangedUsers', () => {
  it("drops a role's data when another user signs in or the user signs out, and keeps it on a token refresh", async () => {
    const client = createQueryClient();
    const store = fakeStore({ participant: '7', instructor: '9' });
    forgetDataOfChangedUsers(client, store);
    await client.fetchQuery({ queryKey: ['wishlist', 'page', 1], queryFn: async () => ['course of 7'], meta: { access: 'participant' } });
    await client.fetchQuery({ queryKey: ['authoring', 'list'], queryFn: async () => ['course by 9'], meta: { access: 'instructor' } });
    await client.fetchQuery({ queryKey: ['catalog', 'home'], queryFn: async () => ['public'] });

    store.set({ participant: '7', instructor: '9' }, true);
    expect(client.getQueryData(['wishlist', 'page', 1])).toEqual(['course of 7']);

    store.set({ participant: '8', instructor: '9' });
    expect(client.getQueryData(['wishlist', 'page', 1])).toBeUndefined();
    expect(client.getQueryData(['authoring', 'list'])).toEqual(['course by 9']);

    store.set({ participant: '8' });
    expect(client.getQueryData(['authoring', 'list'])).toBeUndefined();
    expect(client.getQueryData(['catalog', 'home'])).toEqual(['public']);
  });
});
