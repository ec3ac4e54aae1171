import { queryOptions } from '@tanstack/react-query';
import {
  adminRoutes,
  authProviderRoutes,
  instructorRegistrationRoutes,
  instructorRoutes,
  participantRegistrationRoutes,
  participantRoutes,
  passwordResetRoutes,
  type Role,
} from '@nibras/contract';
export type { Session } from '@nibras/contract';
import { callRoute, uploadRoute, type RequestBody, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

export const accountRoutes = { admin: adminRoutes, instructor: instructorRoutes, participant: participantRoutes } as const;
export const registrationRoutes = { instructor: instructorRegistrationRoutes, participant: participantRegistrationRoutes } as const;

/** Roles that sign themselves up. */
export type MemberRole = keyof typeof registrationRoutes;
export type Credentials = Omit<RequestBody<typeof adminRoutes.login>, 'returnSecureToken'>;
export type Registration = RequestBody<typeof participantRegistrationRoutes.register>;
export type Profile = ResponseData<typeof participantRoutes.profile>;

export const accountKeys = {
  all: ['accounts'] as const,
  of: (role: Role) => ['accounts', role] as const,
};

export const accountQueries = {
  profile: (role: Role) => routeQuery([...accountKeys.of(role), 'profile'], accountRoutes[role].profile),
  /** The header's name: members have a light endpoint for it, the admin reads the profile. */
  name: (role: Role) =>
    queryOptions({
      queryKey: [...accountKeys.of(role), 'name'],
      queryFn: async () => (role === 'admin' ? (await callRoute(adminRoutes.profile)).data.name : (await callRoute(registrationRoutes[role].name)).data.name),
      meta: { access: role },
    }),
};

/** Whether the sign-in screens offer Google (the server says; it never sends the client secret). */
export const authProvidersQuery = () => ({ ...routeQuery(['auth', 'providers'], authProviderRoutes.providers), staleTime: 10 * 60_000 });

/** The one-time code a Google sign-in brought back, exchanged for the session. */
export function exchangeHandoff(code: string) {
  return callRoute(authProviderRoutes.handoff, { body: { code } });
}

/** Where the "Continue with Google" button goes: a full page load of the API, which redirects to Google. */
export function googleLoginHref(role: MemberRole, language: string, returnTo: string | null): string {
  const query = new URLSearchParams({ lang: language === 'en' ? 'en' : 'ar', ...(returnTo ? { return: returnTo } : {}) });
  return `/api/${role}/google/login?${query.toString()}`;
}

export function login(role: Role, credentials: Credentials) {
  // The spec's login payload always asks for a secure token.
  return callRoute(accountRoutes[role].login, { body: { ...credentials, returnSecureToken: true } });
}

export function register(role: MemberRole, registration: Registration) {
  return callRoute(registrationRoutes[role].register, { body: registration });
}

export function updateProfile(role: Role, body: RequestBody<typeof participantRoutes.update>) {
  return callRoute(accountRoutes[role].update, { body });
}

export function changePassword(role: Role, body: RequestBody<typeof participantRoutes.changePassword>) {
  return callRoute(accountRoutes[role].changePassword, { body });
}

export function removeAvatar(role: MemberRole) {
  return callRoute(accountRoutes[role].removeAvatar);
}

/** The avatar through the shared multipart upload; `onProgress` receives a rounded whole percentage. */
export async function uploadAvatar(role: MemberRole, file: File, onProgress: (percent: number) => void): Promise<Profile> {
  return (await uploadRoute(accountRoutes[role].avatar, { file, onProgress })).data;
}

export type ResetRole = RequestBody<typeof passwordResetRoutes.forgetPassword>['role'];
export type ResetLink = RequestBody<typeof passwordResetRoutes.check>;

/** Asks for a reset link by mail; the answer is the same whether or not the account exists. */
export function forgetPassword(body: RequestBody<typeof passwordResetRoutes.forgetPassword>) {
  return callRoute(passwordResetRoutes.forgetPassword, { body });
}

export function resetPassword(body: RequestBody<typeof passwordResetRoutes.resetPassword>) {
  return callRoute(passwordResetRoutes.resetPassword, { body });
}

export const passwordResetQueries = {
  /** Whether the mailed link still works (POST /api/check); a refused link is not retried. */
  check: (link: ResetLink) =>
    queryOptions({
      queryKey: ['accounts', 'reset-link', link.user, link.id, link.hash],
      queryFn: async () => (await callRoute(passwordResetRoutes.check, { body: link })).data,
      staleTime: Infinity,
      retry: false,
    }),
};
