/** The client session of SPEC §3–4: token storage, user info, guarded routes, login and logout. */
export type { SessionUser, LoginResult } from './types.ts';
export { useSession, sessionStore } from './store.ts';
export { RequireAuth } from './RequireAuth.tsx';
export { completeLogin, logout, loadUser, onLogout, LOGIN_PATH, HOME_PATH, type LogoutOptions } from './session.ts';
export { navigateTo, safeReturnUrl, useInstallNavigator } from './navigation.ts';
