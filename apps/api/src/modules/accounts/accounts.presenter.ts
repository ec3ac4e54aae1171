import type { Profile } from '@nibras/contract';
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
  };
}
