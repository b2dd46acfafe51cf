/** The client session of docs/product/accounts.md#the-session-in-the-browser: token storage, user info, guarded routes, login and logout. */
export type { SessionUser, LoginResult } from './types.ts';
export { useSession, sessionStore } from './store.ts';
export { RequireAuth } from './RequireAuth.tsx';
export { completeLogin, logout, loadUser, onLogout, LOGIN_PATH, HOME_PATH, type LogoutOptions } from './session.ts';
export { navigateTo, safeReturnUrl, useInstallNavigator } from './navigation.ts';
