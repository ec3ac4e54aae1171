import {
  adminRoutes,
  instructorRegistrationRoutes,
  instructorRoutes,
  participantRegistrationRoutes,
  participantRoutes,
  type Role,
} from '@nibras/contract';
import { callRoute, type RequestBody } from './http';

const accountRoutes = { admin: adminRoutes, instructor: instructorRoutes, participant: participantRoutes } as const;
const registrationRoutes = { instructor: instructorRegistrationRoutes, participant: participantRegistrationRoutes } as const;

/** Roles that sign themselves up. */
export type MemberRole = keyof typeof registrationRoutes;

export type Credentials = Omit<RequestBody<typeof adminRoutes.login>, 'returnSecureToken'>;
export type Registration = RequestBody<typeof participantRegistrationRoutes.register>;

export function login(role: Role, credentials: Credentials) {
  // The spec's login payload always asks for a secure token.
  return callRoute(accountRoutes[role].login, { body: { ...credentials, returnSecureToken: true } });
}

export function register(role: MemberRole, registration: Registration) {
  return callRoute(registrationRoutes[role].register, { body: registration });
}

export function logout(role: Role, token: string) {
  return callRoute(accountRoutes[role].logout, { token, ignoreUnauthorized: true });
}

export function fetchProfile(role: Role, token: string) {
  return callRoute(accountRoutes[role].profile, { token });
}

/** The header's name: members have a light endpoint for it, the admin reads the profile. */
export async function fetchAccountName(role: Role, token: string): Promise<string> {
  if (role === 'admin') return (await fetchProfile(role, token)).data.name;
  return (await callRoute(registrationRoutes[role].name, { token })).data.name;
}
