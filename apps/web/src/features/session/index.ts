/** The client session of docs/product/accounts.md#the-session-in-the-browser: token storage, user info, login and logout. The
 * guarded route (RequireAuth, with antd's spinner) is imported from its own file: this barrel is on every first load. */
export type { SessionUser, LoginResult } from './types.ts';
export { useSession, sessionStore } from './store.ts';
export { completeLogin, logout, loadUser, onLogout, LOGIN_PATH, HOME_PATH, type LogoutOptions } from './session.ts';
export { navigateTo, safeReturnUrl, useInstallNavigator } from './navigation.ts';
