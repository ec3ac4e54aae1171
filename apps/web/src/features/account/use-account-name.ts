import { useQuery } from '@tanstack/react-query';
import type { Role } from '@nibras/contract';
import { fetchAccountName } from '../../api/accounts';
import { currentToken, useSession } from '../../app/session';

/** The signed-in user's name, shared by the shell's header and the dashboard's welcome. */
export function useAccountName(role: Role) {
  const session = useSession(role);
  return useQuery({
    queryKey: ['account-name', role, session?.localId],
    queryFn: () => fetchAccountName(role, currentToken(role)),
    enabled: !!session,
  });
}
