/**
 * Stored client data (docs/product/accounts.md#the-session-in-the-browser): token, user, rememberMe. The token lives in local storage when
 * rememberMe is 'true', otherwise in session storage; the user is always kept in session storage.
 */
const TOKEN = 'token';
const USER = 'user';
const REMEMBER = 'rememberMe';

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback; // storage can be unavailable (privacy mode); treat as empty
  }
}

export const clientStore = {
  getToken(): string | null {
    return safe(() => localStorage.getItem(TOKEN) ?? sessionStorage.getItem(TOKEN), null);
  },
  setToken(token: string, rememberMe: boolean) {
    safe(() => {
      localStorage.setItem(REMEMBER, rememberMe ? 'true' : 'false');
      if (rememberMe) {
        localStorage.setItem(TOKEN, token);
        sessionStorage.removeItem(TOKEN);
      } else {
        sessionStorage.setItem(TOKEN, token);
        localStorage.removeItem(TOKEN);
      }
    }, undefined);
  },
  getRememberMe(): boolean {
    return safe(() => localStorage.getItem(REMEMBER) === 'true', false);
  },
  getUser<T>(): T | null {
    return safe(() => {
      const raw = sessionStorage.getItem(USER);
      return raw ? (JSON.parse(raw) as T) : null;
    }, null);
  },
  setUser(user: unknown) {
    safe(() => sessionStorage.setItem(USER, JSON.stringify(user)), undefined);
  },
  clear() {
    safe(() => {
      localStorage.removeItem(TOKEN);
      sessionStorage.removeItem(TOKEN);
      sessionStorage.removeItem(USER);
    }, undefined);
  },
};
