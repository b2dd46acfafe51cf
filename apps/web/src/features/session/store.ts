import { useSyncExternalStore } from 'react';
import { clientStore } from '../../lib/storage.ts';
import type { SessionUser } from './types.ts';

/**
 * The in-memory session (docs/product/accounts.md#the-session-in-the-browser). The token lives in clientStore (local or session storage); the loaded user
 * lives here, with the session-storage copy as the cache used when loading fails.
 */
export interface SessionState {
  token: string | null;
  /** The loaded user; null until fetched in this page life (the cached copy is not "loaded"). */
  user: SessionUser | null;
  /** User info is being fetched. */
  loading: boolean;
  /** User resolution is over (loaded, or the fetch failed and the cached user is used). */
  resolved: boolean;
}

let state: SessionState = { token: clientStore.getToken(), user: null, loading: false, resolved: false };
const listeners = new Set<() => void>();

export const sessionStore = {
  get: (): SessionState => state,
  set(patch: Partial<SessionState>) {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  },
  /** Re-reads the token from storage (another tab, or tests). */
  sync() {
    sessionStore.set({ token: clientStore.getToken() });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  reset() {
    state = { token: clientStore.getToken(), user: null, loading: false, resolved: false };
    for (const l of listeners) l();
  },
};

// Another tab signed in or out (local storage token with remember-me): follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === 'token') {
      const token = clientStore.getToken();
      if (token !== state.token) sessionStore.set({ token, user: null, resolved: false });
    }
  });
}

/** The current session: `loggedIn` when a token exists and the user is resolved (docs/product/accounts.md#the-session-in-the-browser). */
export function useSession(): { token: string | null; user: SessionUser | null; loggedIn: boolean; loading: boolean } {
  const s = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
  return { token: s.token, user: s.user, loggedIn: !!s.token && s.resolved, loading: s.loading };
}
