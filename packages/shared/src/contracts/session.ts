/** The signed-in user and the login answer now live with the identity contracts (zod schemas). */
export { sessionUser, loginResult, type SessionUser, type LoginResult } from './identity.ts';
