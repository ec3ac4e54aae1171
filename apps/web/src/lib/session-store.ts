import { ROLES, type Role, type Session } from '@nibras/contract';

/** The spec's stored session (section 3): the login data plus the moment it stops being valid. */
export type StoredSession = Session & { expireDate: number };
export type SessionMap = Readonly<Record<Role, StoredSession | null>>;

export type SignOutReason = 'user' | 'expired' | 'unauthorized' | 'refresh-failed' | 'other-tab';

export interface SignOutEvent {
  role: Role;
  reason: SignOutReason;
}

export interface SessionSnapshot {
  sessions: SessionMap;
  /** The last sign-out not yet followed by a move to that role's login page. */
  pendingSignOut: SignOutEvent | null;
}

export const SESSION_STORAGE_KEYS: Readonly<Record<Role, string>> = {
  admin: 'adminDetails',
  instructor: 'instructorDetails',
  participant: 'participantDetails',
};

/** Refresh this long before expiry: a fifth of the lifetime, at most a minute. */
export function refreshLeadMs(expiresIn: number): number {
  return Math.min(60_000, expiresIn * 1000 * 0.2);
}

/** Activity counts as recent within half the lifetime, at most five minutes. */
export function activityWindowMs(expiresIn: number): number {
  return Math.min(5 * 60_000, (expiresIn * 1000) / 2);
}

export interface SessionStoreDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now: () => number;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** POST /api/auth/refresh. A rejection with `status` 401 ends the session; others leave it to expire. */
  refresh: (refreshToken: string) => Promise<Session>;
  /** GET /api/{role}/logout. Its outcome never matters: the browser forgets the session either way. */
  revoke: (role: Role, token: string) => Promise<unknown>;
  /** Serialises refreshes across tabs: refresh tokens are single-use, and reuse revokes the whole session. */
  withLock?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
}

export type SessionStore = ReturnType<typeof createSessionStore>;

// setTimeout overflows past 2^31-1 ms and would fire at once.
const MAX_TIMER_MS = 2_147_483_647;

function parseStored(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const s = value as Partial<StoredSession>;
    const valid =
      typeof s.token === 'string' &&
      typeof s.refreshToken === 'string' &&
      typeof s.expireDate === 'number' &&
      typeof s.expiresIn === 'number' &&
      s.expiresIn > 0;
    return valid ? (value as StoredSession) : null;
  } catch {
    return null;
  }
}

function hasStatus(error: unknown, status: number): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === status;
}

/**
 * Per-role browser sessions (spec section 4), framework-free so the timing rules can be
 * tested with fake timers. React reads it through useSyncExternalStore.
 */
export function createSessionStore(deps: SessionStoreDeps) {
  const withLock = deps.withLock ?? (<T,>(_name: string, task: () => Promise<T>) => task());
  let snapshot: SessionSnapshot = {
    sessions: { admin: null, instructor: null, participant: null },
    pendingSignOut: null,
  };
  const listeners = new Set<() => void>();
  const timers: Record<Role, unknown[]> = { admin: [], instructor: [], participant: [] };
  const refreshing = new Set<Role>();
  let lastActivity = Number.NEGATIVE_INFINITY;

  function emit(next: SessionSnapshot): void {
    snapshot = next;
    for (const listener of listeners) listener();
  }

  function setSession(role: Role, session: StoredSession | null, pendingSignOut = snapshot.pendingSignOut): void {
    emit({ sessions: { ...snapshot.sessions, [role]: session }, pendingSignOut });
  }

  function clearTimers(role: Role): void {
    for (const handle of timers[role]) deps.clearTimer(handle);
    timers[role] = [];
  }

  function later(role: Role, ms: number, callback: () => void): void {
    timers[role].push(deps.setTimer(callback, Math.min(Math.max(0, ms), MAX_TIMER_MS)));
  }

  function refreshAt(session: StoredSession): number {
    return session.expireDate - refreshLeadMs(session.expiresIn);
  }

  function isActive(session: StoredSession): boolean {
    return deps.now() - lastActivity <= activityWindowMs(session.expiresIn);
  }

  /** Logout at expiry, and a refresh attempt when the refresh window opens. */
  function schedule(role: Role, session: StoredSession): void {
    clearTimers(role);
    const remaining = session.expireDate - deps.now();
    if (remaining <= 0) {
      signOut(role, 'expired');
      return;
    }
    later(role, remaining, () => signOut(role, 'expired'));
    later(role, refreshAt(session) - deps.now(), () => void maybeRefresh(role));
  }

  function adopt(role: Role, session: StoredSession): void {
    setSession(role, session);
    schedule(role, session);
  }

  function toStored(session: Session): StoredSession {
    return { ...session, expireDate: deps.now() + session.expiresIn * 1000 };
  }

  function write(role: Role, session: StoredSession): void {
    deps.storage.setItem(SESSION_STORAGE_KEYS[role], JSON.stringify(session));
  }

  async function maybeRefresh(role: Role): Promise<void> {
    const current = snapshot.sessions[role];
    if (!current || refreshing.has(role)) return;
    if (deps.now() < refreshAt(current) || !isActive(current)) return;
    refreshing.add(role);
    try {
      await withLock(`nibras-refresh-${role}`, async () => {
        // Another tab may have rotated the token while this one waited for the lock.
        const stored = parseStored(deps.storage.getItem(SESSION_STORAGE_KEYS[role]));
        if (!stored || snapshot.sessions[role]?.refreshToken !== current.refreshToken) return;
        if (stored.refreshToken !== current.refreshToken) {
          adopt(role, stored);
          return;
        }
        const next = toStored(await deps.refresh(current.refreshToken));
        if (snapshot.sessions[role]?.refreshToken !== current.refreshToken) return;
        write(role, next);
        adopt(role, next);
      });
    } catch (error) {
      // A refused refresh token means the session is gone on the server; a network failure
      // leaves the expiry timer to end it unless a later attempt succeeds.
      if (hasStatus(error, 401) && snapshot.sessions[role]?.refreshToken === current.refreshToken) {
        signOut(role, 'refresh-failed');
      }
    } finally {
      refreshing.delete(role);
    }
  }

  function signIn(role: Role, session: Session): StoredSession {
    const stored = toStored(session);
    write(role, stored);
    emit({ sessions: { ...snapshot.sessions, [role]: stored }, pendingSignOut: null });
    schedule(role, stored);
    return stored;
  }

  function signOut(role: Role, reason: SignOutReason): void {
    const session = snapshot.sessions[role];
    clearTimers(role);
    if (!session) return;
    deps.storage.removeItem(SESSION_STORAGE_KEYS[role]);
    setSession(role, null, { role, reason });
    // The tab that signed out already told the server.
    if (reason !== 'other-tab') {
      // Spec section 4: the user is signed out in the browser even when this call fails.
      deps.revoke(role, session.token).catch(() => undefined);
    }
  }

  /** Page load: a stored session past its expiry signs out, a live one is restored with its timers. */
  function start(): void {
    for (const role of ROLES) {
      const key = SESSION_STORAGE_KEYS[role];
      const raw = deps.storage.getItem(key);
      const stored = parseStored(raw);
      if (!stored) {
        if (raw !== null) deps.storage.removeItem(key);
        continue;
      }
      setSession(role, stored);
      schedule(role, stored);
    }
  }

  /** Another tab wrote or removed a session key. */
  function syncFromStorage(key: string | null): void {
    for (const role of ROLES) {
      if (key !== null && key !== SESSION_STORAGE_KEYS[role]) continue;
      const stored = parseStored(deps.storage.getItem(SESSION_STORAGE_KEYS[role]));
      const current = snapshot.sessions[role];
      if (!stored) {
        if (current) signOut(role, 'other-tab');
      } else if (stored.token !== current?.token) {
        adopt(role, stored);
      }
    }
  }

  /** Pointer, keyboard, scroll or touch: the user is here, so sessions in their refresh window are renewed. */
  function noteActivity(): void {
    lastActivity = deps.now();
    for (const role of ROLES) {
      const session = snapshot.sessions[role];
      if (session && !refreshing.has(role) && deps.now() >= refreshAt(session)) void maybeRefresh(role);
    }
  }

  function acknowledgeSignOut(): void {
    if (snapshot.pendingSignOut) emit({ ...snapshot, pendingSignOut: null });
  }

  return {
    getSnapshot: (): SessionSnapshot => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    session: (role: Role): StoredSession | null => snapshot.sessions[role],
    start,
    signIn,
    signOut,
    syncFromStorage,
    noteActivity,
    acknowledgeSignOut,
  };
}
