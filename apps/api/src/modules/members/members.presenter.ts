import type { Member } from '@nibras/contract';
import type { MemberRow } from './members.queries';

/** An instructor or participant as the admin lists and forms see them: never the hash. */
export function presentMember(u: MemberRow): Member {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    headline: u.headline,
    bio: u.bio,
    createdAt: u.createdAt.toISOString(),
    deactivatedAt: u.deactivatedAt ? u.deactivatedAt.toISOString() : null,
    status: u.deactivatedAt ? 'deactivated' : 'active',
  };
}
