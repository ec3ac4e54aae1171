import { useSyncExternalStore } from 'react';
import { adminRoutes, instructorRoutes, participantRoutes, sessionRoutes, type Role } from '@nibras/contract';
import { callRoute } from './http';
import { createSessionStore, SESSION_STORAGE_KEYS, type SessionSnapshot, type StoredSession } from './session-store';

function browserLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  return navigator.locks ? navigator.locks.request(name, task) : task();
}

const accountRoutes = { admin: adminRoutes, instructor: instructorRoutes, participant: participantRoutes } as const;

async function refreshSession(refreshToken: string) {
  return (await callRoute(sessionRoutes.refresh, { body: { refreshToken } })).data;
}

/** The session being ended is no longer the stored one: its own token is passed, and a 401 signs nothing else out. */
function revokeSession(role: Role, token: string) {
  return callRoute(accountRoutes[role].logout, { token, ignoreUnauthorized: true });
}

/** On the server (the public pages' first screen, entry-server.tsx) nobody is signed in: an empty storage. */
const noStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

export const sessionStore = createSessionStore({
  storage: typeof localStorage === 'undefined' ? (noStorage as Storage) : localStorage,
  now: () => Date.now(),
  setTimer: (callback, ms) => window.setTimeout(callback, ms),
  clearTimer: (handle) => window.clearTimeout(handle as number),
  refresh: refreshSession,
  revoke: revokeSession,
  withLock: browserLock,
});

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/** Restores stored sessions and keeps them in step with the user's activity and other tabs. */
export function startSessions(): void {
  sessionStore.start();
  const onActivity = () => sessionStore.noteActivity();
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
  const keys = new Set(Object.values(SESSION_STORAGE_KEYS));
  window.addEventListener('storage', (event) => {
    if (event.key === null || keys.has(event.key)) sessionStore.syncFromStorage(event.key);
  });
}

export function useSessionSnapshot(): SessionSnapshot {
  // The server's snapshot is the store's own: anonymous on the server, and a hydrated page is only ever one without a stored session (main.tsx).
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, sessionStore.getSnapshot);
}

export function useSession(role: Role): StoredSession | null {
  return useSessionSnapshot().sessions[role];
}

