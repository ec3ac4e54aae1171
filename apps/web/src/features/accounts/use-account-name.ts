import { useQuery } from '@tanstack/react-query';
import type { Role } from '@nibras/contract';
import { useSession } from '../../lib/session';
import { accountQueries } from './api';

/** The signed-in user's name, shared by the shell's header and the dashboard's welcome. */
export function useAccountName(role: Role) {
  const session = useSession(role);
  return useQuery({ ...accountQueries.name(role), enabled: !!session });
}
