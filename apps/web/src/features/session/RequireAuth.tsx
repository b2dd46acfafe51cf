import { useEffect, type ReactNode } from 'react';
import { PageSpin } from '../../components/PageSpin.tsx';
import { useSession } from './store.ts';
import { isLoggingOut, loadUser, logout } from './session.ts';
import { currentPath, useInstallNavigator } from './navigation.ts';

/**
 * Guards a route (docs/product/accounts.md#the-session-in-the-browser): without a token → logout and login with returnUrl; with a token but no loaded
 * user → fetch user info (the cached user is used if that fails); renders children when logged in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  useInstallNavigator();
  const { token, user, loggedIn } = useSession();
  useEffect(() => {
    if (!token) {
      if (!isLoggingOut()) void logout({ returnUrl: currentPath() }, false);
    } else if (!user) void loadUser();
  }, [token, user]);
  if (!token) return null;
  if (!loggedIn) return <PageSpin />;
  return <>{children}</>;
}
