import { api, ApiError, setLoginExpiredHandler } from '../../lib/api.ts';
import { clientStore } from '../../lib/storage.ts';
import { queryClient } from '../../app/providers.tsx';
import { sessionStore } from './store.ts';
import { currentPath, navigateTo, safeReturnUrl } from './navigation.ts';
import type { SessionUser } from './types.ts';

export const LOGIN_PATH = '/sso/login';
export const HOME_PATH = '/mall';

const logoutListeners = new Set<() => void>();
/** Features holding their own client state (cart, customer stores) register a reset run on logout. */
export function onLogout(listener: () => void): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

let inflight: Promise<SessionUser | null> | null = null;

/** True while an explicit logout is navigating away, so guards do not redirect a second time. */
let leaving = false;
export const isLoggingOut = () => leaving;

/**
 * Fetches user info (GET /api/appuser/loginuserinfo, `code` = 'latest' to refresh). On failure other than
 * code 1 the cached user of session storage is used and the user still counts as logged in (docs/product/accounts.md#the-session-in-the-browser).
 */
export function loadUser(code = ''): Promise<SessionUser | null> {
  if (inflight) return inflight;
  sessionStore.set({ loading: true });
  inflight = api
    .read('userInfo', { code }, { suppressError: true })
    .then((user) => {
      clientStore.setUser(user);
      sessionStore.set({ user, loading: false, resolved: true });
      return user;
    })
    .catch((err: unknown) => {
      if (err instanceof ApiError && err.code === 1) {
        sessionStore.set({ loading: false });
        return null; // the login-expired handler has logged out already
      }
      const cached = clientStore.getUser<SessionUser>();
      sessionStore.set({ user: cached, loading: false, resolved: true });
      return cached;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/**
 * After any successful login (docs/product/accounts.md#the-session-in-the-browser): store the token (local storage with remember-me, else session
 * storage) and the user, fetch user info, then go to returnUrl or the mall home.
 */
export async function completeLogin(authToken: string, user: SessionUser, rememberMe: boolean, returnUrl?: string | null) {
  leaving = false;
  clientStore.setToken(authToken, rememberMe);
  clientStore.setUser(user);
  queryClient.clear();
  sessionStore.set({ token: authToken, user, resolved: true, loading: false });
  await loadUser('latest');
  navigateTo(safeReturnUrl(returnUrl) ?? HOME_PATH, { replace: true });
}

export interface LogoutOptions {
  /** Where to go afterwards; `false` stays on the page. Default: the login page (with returnUrl if given). */
  redirect?: string | false;
  returnUrl?: string;
}

/**
 * Logout (docs/product/accounts.md#the-session-in-the-browser): ends the session on the server, clears the stored token and user and all application and
 * customer state, then goes to `redirect`, or to login with the optional returnUrl, or stays.
 */
export async function logout(opts: LogoutOptions = {}, serverSide = true) {
  const token = clientStore.getToken();
  leaving = true;
  setTimeout(() => {
    leaving = false;
  }, 2000);
  if (token && serverSide) {
    // Best effort and bounded: a dead network must not keep the user signed in on this device.
    await Promise.race([
      api.read('logout', undefined, { suppressError: true, ignoreRedirect: true }).catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
  }
  clientStore.clear();
  queryClient.clear();
  for (const l of logoutListeners) {
    try {
      l();
    } catch {
      /* one feature's reset must not stop the logout */
    }
  }
  sessionStore.set({ token: null, user: null, loading: false, resolved: false });
  if (opts.redirect === false) return;
  if (opts.redirect) return navigateTo(opts.redirect, { replace: true });
  const back = safeReturnUrl(opts.returnUrl);
  navigateTo(back ? `${LOGIN_PATH}?returnUrl=${encodeURIComponent(back)}` : LOGIN_PATH, { replace: true });
}

// Code 1 from any call: the session is gone server-side, so log out locally and return here after login.
setLoginExpiredHandler(() => {
  if (window.location.pathname.startsWith(LOGIN_PATH)) return void logout({ redirect: false }, false);
  void logout({ returnUrl: currentPath() }, false);
});
