import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role, Session } from '@nibras/contract';
import { SIGNED_IN_KEYS } from '../../vite-plugins/route-preloads';
import { activityWindowMs, createSessionStore, refreshLeadMs, SESSION_STORAGE_KEYS, type SessionStoreDeps, type StoredSession } from './session-store';

const TTL = 100; // seconds: refresh window opens at 80 s, activity counts for 50 s

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

let counter = 0;
function session(role: Role, expiresIn = TTL): Session {
  counter += 1;
  return { email: `${role}@test`, token: `token-${counter}`, localId: '7', expiresIn, refreshToken: `refresh-${counter}`, message: 'ok', role };
}

function stored(role: Role, expireDate: number, expiresIn = TTL): StoredSession {
  return { ...session(role, expiresIn), expireDate };
}

function setup(overrides: Partial<SessionStoreDeps> = {}) {
  const storage = memoryStorage();
  const refresh = vi.fn<SessionStoreDeps['refresh']>(async () => session('participant'));
  const revoke = vi.fn<SessionStoreDeps['revoke']>(async () => undefined);
  const store = createSessionStore({
    storage,
    now: () => Date.now(),
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    refresh,
    revoke,
    ...overrides,
  });
  const read = (role: Role) => {
    const raw = storage.getItem(SESSION_STORAGE_KEYS[role]);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  };
  return { store, storage, refresh, revoke, read };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('timing rules', () => {
  it('refreshes a fifth of the lifetime before expiry, never more than a minute ahead', () => {
    expect(refreshLeadMs(100)).toBe(20_000);
    expect(refreshLeadMs(3600)).toBe(60_000);
    expect(activityWindowMs(100)).toBe(50_000);
    expect(activityWindowMs(3600)).toBe(300_000);
  });
});

describe('signIn', () => {
  it('stores the login data plus expireDate = now + expiresIn * 1000 under the role\'s own key', () => {
    const { store, read, storage } = setup();
    const login = session('instructor');
    store.signIn('instructor', login);
    expect(read('instructor')).toEqual({ ...login, expireDate: Date.now() + TTL * 1000 });
    expect(storage.map.has('instructorDetails')).toBe(true);
    expect(storage.map.has('participantDetails')).toBe(false);
    expect(store.getSnapshot().sessions.instructor?.token).toBe(login.token);
  });

  it('keeps each role\'s session separate', () => {
    const { store, read } = setup();
    store.signIn('admin', session('admin'));
    store.signIn('participant', session('participant'));
    expect(Object.values(SESSION_STORAGE_KEYS)).toEqual(['adminDetails', 'instructorDetails', 'participantDetails']);
    // A drawn page's loader asks for a signed-in visitor's app at once by these keys (vite-plugins/route-preloads.ts).
    expect(SIGNED_IN_KEYS).toEqual(Object.values(SESSION_STORAGE_KEYS));
    expect(read('admin')?.role).toBe('admin');
    expect(read('participant')?.role).toBe('participant');
    store.signOut('admin', 'user');
    expect(read('admin')).toBeNull();
    expect(read('participant')).not.toBeNull();
  });
});

describe('expiry and refresh', () => {
  it('signs an idle user out at expiry, not a moment before', () => {
    const { store, read, revoke, refresh } = setup();
    const login = session('participant');
    store.signIn('participant', login);
    vi.advanceTimersByTime(TTL * 1000 - 1);
    expect(read('participant')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(read('participant')).toBeNull();
    expect(store.getSnapshot()).toMatchObject({ sessions: { participant: null }, pendingSignOut: { role: 'participant', reason: 'expired' } });
    expect(revoke).toHaveBeenCalledWith('participant', login.token);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes an active user\'s token when the refresh window opens and keeps them past the first expiry', async () => {
    const { store, read, refresh } = setup();
    const first = session('participant');
    store.signIn('participant', first);
    const renewed = session('participant');
    refresh.mockResolvedValueOnce(renewed);
    vi.advanceTimersByTime(60_000);
    store.noteActivity();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(refresh).toHaveBeenCalledWith(first.refreshToken);
    expect(read('participant')).toEqual({ ...renewed, expireDate: Date.now() + TTL * 1000 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(read('participant')?.token).toBe(renewed.token);
    expect(store.getSnapshot().pendingSignOut).toBeNull();
  });

  it('does not refresh for activity that is no longer recent', async () => {
    const { store, read, refresh } = setup();
    store.signIn('participant', session('participant'));
    store.noteActivity();
    // The window opens at 80 s; the activity is then 80 s old, past the 50 s that count as recent.
    await vi.advanceTimersByTimeAsync(80_000);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(read('participant')).toBeNull();
  });

  it('refreshes at once when the user comes back inside the refresh window', async () => {
    const { store, refresh, read } = setup();
    store.signIn('participant', session('participant'));
    await vi.advanceTimersByTimeAsync(90_000);
    expect(refresh).not.toHaveBeenCalled();
    store.noteActivity();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(read('participant')).not.toBeNull();
  });

  it('signs out when the server refuses the refresh token', async () => {
    const { store, refresh, read } = setup();
    refresh.mockRejectedValueOnce(Object.assign(new Error('reused'), { status: 401 }));
    store.signIn('participant', session('participant'));
    vi.advanceTimersByTime(70_000);
    store.noteActivity();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read('participant')).toBeNull();
    expect(store.getSnapshot().pendingSignOut).toEqual({ role: 'participant', reason: 'refresh-failed' });
  });

  it('keeps the session until expiry when a refresh fails for lack of network, and retries on activity', async () => {
    const { store, refresh, read } = setup();
    refresh.mockRejectedValueOnce(Object.assign(new Error('offline'), { status: 0 }));
    store.signIn('participant', session('participant'));
    vi.advanceTimersByTime(70_000);
    store.noteActivity();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(read('participant')).not.toBeNull();
    store.noteActivity();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(read('participant')?.expireDate).toBe(Date.now() + TTL * 1000);
  });

  it('adopts a token another tab already rotated instead of reusing the old refresh token', async () => {
    const { store, refresh, storage, read } = setup();
    store.signIn('participant', session('participant'));
    const fromOtherTab = stored('participant', Date.now() + 2 * TTL * 1000);
    storage.setItem('participantDetails', JSON.stringify(fromOtherTab));
    vi.advanceTimersByTime(70_000);
    store.noteActivity();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).not.toHaveBeenCalled();
    expect(store.getSnapshot().sessions.participant?.token).toBe(fromOtherTab.token);
    await vi.advanceTimersByTimeAsync(TTL * 1000);
    expect(read('participant')?.token).toBe(fromOtherTab.token);
  });
});

describe('signOut', () => {
  it('removes the stored session and calls the logout endpoint with the token', () => {
    const { store, read, revoke } = setup();
    const login = session('admin');
    store.signIn('admin', login);
    store.signOut('admin', 'user');
    expect(read('admin')).toBeNull();
    expect(revoke).toHaveBeenCalledWith('admin', login.token);
    expect(store.getSnapshot().pendingSignOut).toEqual({ role: 'admin', reason: 'user' });
  });

  it('signs out in the browser even when the logout call fails', async () => {
    const revoke = vi.fn<SessionStoreDeps['revoke']>(async () => {
      throw new Error('offline');
    });
    const { store, read } = setup({ revoke });
    store.signIn('instructor', session('instructor'));
    store.signOut('instructor', 'user');
    await vi.advanceTimersByTimeAsync(0);
    expect(read('instructor')).toBeNull();
    expect(store.getSnapshot().sessions.instructor).toBeNull();
  });

  it('cancels the expiry timer, so a later sign-in is not cut short by the old one', () => {
    const { store, read } = setup();
    store.signIn('participant', session('participant'));
    vi.advanceTimersByTime(50_000);
    store.signOut('participant', 'user');
    store.signIn('participant', session('participant'));
    vi.advanceTimersByTime(60_000);
    expect(read('participant')).not.toBeNull();
  });

  it('clears the pending redirect once acknowledged, and a new sign-in clears it too', () => {
    const { store } = setup();
    store.signIn('participant', session('participant'));
    store.signOut('participant', 'user');
    store.acknowledgeSignOut();
    expect(store.getSnapshot().pendingSignOut).toBeNull();
    store.signIn('participant', session('participant'));
    store.signOut('participant', 'unauthorized');
    store.signIn('participant', session('participant'));
    expect(store.getSnapshot().pendingSignOut).toBeNull();
  });

  it('notifies subscribers of every change', () => {
    const { store } = setup();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.signIn('admin', session('admin'));
    store.signOut('admin', 'user');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.signIn('admin', session('admin'));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('page load', () => {
  it('signs out a stored session that is already past its expiry', () => {
    const { store, storage, revoke, read } = setup();
    const old = stored('instructor', Date.now() - 1);
    storage.setItem('instructorDetails', JSON.stringify(old));
    store.start();
    expect(read('instructor')).toBeNull();
    expect(revoke).toHaveBeenCalledWith('instructor', old.token);
    expect(store.getSnapshot().pendingSignOut).toEqual({ role: 'instructor', reason: 'expired' });
  });

  it('restores a live session and signs it out after exactly the remaining time', () => {
    const { store, storage, read } = setup();
    const live = stored('admin', Date.now() + 30_000);
    storage.setItem('adminDetails', JSON.stringify(live));
    store.start();
    expect(store.getSnapshot().sessions.admin).toEqual(live);
    vi.advanceTimersByTime(29_999);
    expect(read('admin')).toEqual(live);
    vi.advanceTimersByTime(1);
    expect(read('admin')).toBeNull();
  });

  it('discards a stored value that is not a session', () => {
    const { store, storage } = setup();
    storage.setItem('participantDetails', '{not json');
    storage.setItem('adminDetails', JSON.stringify({ token: 1 }));
    store.start();
    expect(storage.getItem('participantDetails')).toBeNull();
    expect(storage.getItem('adminDetails')).toBeNull();
    expect(store.getSnapshot().sessions).toEqual({ admin: null, instructor: null, participant: null });
  });
});

describe('other tabs', () => {
  it('follows a sign-out in another tab without calling the server again', () => {
    const { store, storage, revoke } = setup();
    store.signIn('participant', session('participant'));
    storage.removeItem('participantDetails');
    store.syncFromStorage('participantDetails');
    expect(store.getSnapshot().sessions.participant).toBeNull();
    expect(store.getSnapshot().pendingSignOut).toEqual({ role: 'participant', reason: 'other-tab' });
    expect(revoke).not.toHaveBeenCalled();
  });

  it('adopts a session signed in or refreshed in another tab, with its own expiry', () => {
    const { store, storage } = setup();
    const other = stored('instructor', Date.now() + 10_000);
    storage.setItem('instructorDetails', JSON.stringify(other));
    store.syncFromStorage('instructorDetails');
    expect(store.getSnapshot().sessions.instructor).toEqual(other);
    vi.advanceTimersByTime(10_000);
    expect(store.getSnapshot().sessions.instructor).toBeNull();
  });
});
