// The session contract lives in the shared package, so server and browser cannot drift apart.
export type { SessionUser, LoginResult } from '@aquamall/shared/contracts/session';
