// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export type { Caller } from './caller.ts';
export { callerByPhone, callerFor, callerName } from './caller.ts';
export { clientInfo } from './fields.ts';
export { issueLogin } from './issue.ts';
export { clearFailures, reserveAttempt } from './lockout.ts';
export { authErrors } from './messages.ts';
export { passwordProblem } from './password-policy.ts';
export { default as authRoutes } from './routes.ts';
export type { AuthContext } from './sessions.ts';
export { forgetSessions, resolveToken, revokeUserSessions, sessionAuth } from './sessions.ts';
export { afterFirstFactor, registerSecurityNotifier, signInAnswer } from './two-factor.ts';
export { userName } from './user-name.ts';
export { findByPhone, isBlocked, isCodeRecipient } from './users.ts';
