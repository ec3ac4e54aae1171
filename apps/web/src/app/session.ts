import { useSyncExternalStore } from 'react';
import type { Role } from '@nibras/contract';
import { logout } from '../api/accounts';
import { refreshSession } from '../api/sessions';
import { createSessionStore, SESSION_STORAGE_KEYS, type SessionSnapshot, type StoredSession } from './session-store';

function browserLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  return navigator.locks ? navigator.locks.request(name, task) : task();
}

export const sessionStore = createSessionStore({
  storage: localStorage,
  now: () => Date.now(),
  setTimer: (callback, ms) => window.setTimeout(callback, ms),
  clearTimer: (handle) => window.clearTimeout(handle as number),
  refresh: refreshSession,
  revoke: logout,
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
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
}

export function useSession(role: Role): StoredSession | null {
  return useSessionSnapshot().sessions[role];
}

/** The token at call time, so a refresh between render and request is honoured. */
export function currentToken(role: Role): string {
  const session = sessionStore.session(role);
  if (!session) throw new Error(`No ${role} session`);
  return session.token;
}
