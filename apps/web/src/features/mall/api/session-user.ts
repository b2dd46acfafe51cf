import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { clientStore } from '../../../lib/storage.ts';
import { useSession, type SessionUser } from '../../session/index.ts';

/**
 * The signed-in user's company type for the mall top bar (the cart link): the session's loaded user, else the
 * copy stored at login, else — a token without a stored user (another tab signed in, storage cleared) — the user
 * info read once and stored like a login's copy (an expired token warns instead of redirecting: the mall is
 * public). Null when signed out.
 */
export function useMallCompanyType(): number | null {
  const { token, user } = useSession();
  const known = user ?? (token ? clientStore.getUser<SessionUser>() : null);
  const fetched = useQuery({
    queryKey: ['session', 'mall-user', token],
    queryFn: async () => {
      const u = await api.read('userInfo', { code: '' }, { suppressError: true, ignoreRedirect: true });
      clientStore.setUser(u);
      return u;
    },
    enabled: !!token && !known,
    staleTime: Infinity,
    retry: false,
  });
  if (!token) return null;
  return (known ?? fetched.data)?.extension?.CompanyType ?? null;
}
