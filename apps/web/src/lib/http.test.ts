import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminRoutes, catalogRoutes, categoryRoutes, instructorRoutes, participantRoutes } from '@nibras/contract';
import { ApiError, buildUrl, callRoute, configureApi } from './http';

interface Captured {
  url: string;
  init: RequestInit;
}

function fakeFetch(status: number, body: unknown): Captured[] {
  const calls: Captured[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const headersOf = (call: Captured | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

afterEach(() => {
  vi.unstubAllGlobals();
  configureApi({ language: () => 'ar', token: () => null, onUnauthorized: () => undefined });
});

describe('callRoute', () => {
  it('marks every call as XMLHttpRequest, asks for JSON and says the UI language', async () => {
    configureApi({ language: () => 'en' });
    const calls = fakeFetch(200, { success: true, status: true, message: 'Done', data: [] });
    const result = await callRoute(categoryRoutes.nameList);
    expect(result).toEqual({ message: 'Done', data: [] });
    expect(calls[0]?.url).toBe('/api/category/namelist');
    expect(headersOf(calls[0])).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', 'Accept-Language': 'en' });
    expect(headersOf(calls[0])).not.toHaveProperty('Authorization');
  });

  it('sends the bearer token on authenticated calls and the JSON body on posts', async () => {
    configureApi({ token: (role) => (role === 'participant' ? 'tok-1' : null) });
    const calls = fakeFetch(200, { success: true, status: true, message: '', data: { name: 'Sara' } });
    await callRoute(participantRoutes.profile);
    expect(headersOf(calls[0]).Authorization).toBe('Bearer tok-1');
    await callRoute(adminRoutes.login, { body: { email: 'a@b.c', password: 'pw', returnSecureToken: true } });
    expect(calls[1]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({ email: 'a@b.c', password: 'pw', returnSecureToken: true });
    expect(headersOf(calls[1])['Content-Type']).toBe('application/json');
  });

  it('turns the error envelope into an ApiError with the message and field messages', async () => {
    fakeFetch(400, { success: false, status: false, message: 'Please check', errors: { password: 'Too short' } });
    const error = await callRoute(adminRoutes.login, { body: { email: 'a', password: 'b' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Please check', fieldErrors: { password: 'Too short' }, network: false });
  });

  it('treats a 200 with success false as a failure, as the spec screens do', async () => {
    fakeFetch(200, { success: false, status: false, message: 'Nope' });
    await expect(callRoute(categoryRoutes.nameList)).rejects.toMatchObject({ message: 'Nope' });
  });

  it('signs the route\'s role out on a 401, but not for public routes or when asked not to', async () => {
    const onUnauthorized = vi.fn();
    configureApi({ onUnauthorized });
    fakeFetch(401, { success: false, status: false, message: 'Session ended', errors: {} });
    await expect(callRoute(participantRoutes.profile, { token: 'dead' })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledWith('participant');
    await expect(callRoute(adminRoutes.login, { body: { email: 'x', password: 'y' } })).rejects.toBeInstanceOf(ApiError);
    await expect(callRoute(adminRoutes.logout, { token: 'dead', ignoreUnauthorized: true })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports a call that got no answer as a network error', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(callRoute(categoryRoutes.nameList)).rejects.toMatchObject({ status: 0, network: true });
  });
});

describe('the token comes from the route', () => {
  const tokens = { admin: 'tok-admin', instructor: 'tok-instructor', participant: 'tok-participant' } as const;

  it("is the signed-in token of the role the route declares, whoever else is signed in", async () => {
    configureApi({ token: (role) => tokens[role] });
    const calls = fakeFetch(200, { success: true, status: true, message: '', data: {} });
    await callRoute(instructorRoutes.profile);
    await callRoute(adminRoutes.profile);
    expect(calls.map((call) => headersOf(call).Authorization)).toEqual(['Bearer tok-instructor', 'Bearer tok-admin']);
  });

  it('is left out of public routes, and sent on a public route that reads an optional participant token', async () => {
    configureApi({ token: (role) => tokens[role] });
    const calls = fakeFetch(200, { success: true, status: true, message: '', data: {} });
    await callRoute(categoryRoutes.nameList);
    await callRoute(catalogRoutes.details, { params: { id: 3 }, body: { p_id: '' } });
    expect(headersOf(calls[0])).not.toHaveProperty('Authorization');
    expect(headersOf(calls[1]).Authorization).toBe('Bearer tok-participant');
  });

  it("refuses a role's route without that role's session, without a request", async () => {
    configureApi({ token: (role) => (role === 'admin' ? tokens.admin : null) });
    const calls = fakeFetch(200, { success: true, status: true, message: '', data: {} });
    const error = await callRoute(participantRoutes.profile).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, network: false });
    expect(calls).toHaveLength(0);
  });
});

describe('buildUrl', () => {
  it('fills path parameters in both spellings and adds the query', () => {
    expect(buildUrl('/api/course/{id}/b', { id: 5 })).toBe('/api/course/5/b');
    expect(buildUrl('/api/admin/category/edit/:id', { id: 'a b' }, { page: 2 })).toBe('/api/admin/category/edit/a%20b?page=2');
    expect(() => buildUrl('/api/x/:id')).toThrow(/id/);
  });
});
