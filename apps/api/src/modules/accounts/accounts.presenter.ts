import { BELL_BY_ROLE, NOTIFICATIONS_BY_ROLE, type Profile } from '@nibras/contract';
import type { UserRow } from './accounts.queries';

/** The only shape in which an account leaves the server: never the hash. */
export function presentProfile(u: UserRow): Profile {
  return {
    id: u.id,
    role: u.role,
    name: u.name,
    email: u.email,
    bio: u.bio,
    headline: u.headline,
    phone: u.phone,
    avatar: u.avatar ? `/api/media/avatar/${u.id}?v=${u.updatedAt.getTime()}` : null,
    createdAt: u.createdAt.toISOString(),
    // Only the kinds of the account's role: the profile shows one switch for each of them.
    mail_opt_outs: NOTIFICATIONS_BY_ROLE[u.role].filter((kind) => u.mailOptOuts.includes(kind)),
    bell_opt_outs: BELL_BY_ROLE[u.role].filter((kind) => u.bellOptOuts.includes(kind)),
  };
}
