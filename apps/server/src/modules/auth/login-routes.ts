import type { FastifyInstance } from 'fastify';
import { authEndpoints as e } from '@aquamall/shared/endpoints';
import { loginExpired } from '../../lib/errors.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../plugins/auth.ts';
import { clientInfo } from './fields.ts';
import { failureState } from './lockout.ts';
import { passwordLogin } from './password-login.ts';
import { signInAnswer } from './two-factor.ts';
import { revokeSession } from './sessions.ts';
import { loadSessionUser } from './user-info.ts';


/** Password login, its captcha state, the user info of the session, and logout. */
export default async function loginRoutes(app: FastifyInstance) {
  route(app, e.login, async (request) => signInAnswer(await passwordLogin(app, request, request.body)));

  // Whether the next password login for this account needs the picture captcha. Counted per account string
  // whether or not it exists, so it reveals nothing.
  route(app, e.loginCaptcha, async (request) => {
    const state = await failureState(app.db, request.body.account, clientInfo(request).ip);
    return ok({ needCaptcha: state.needCaptcha, locked: state.locked });
  });

  route(app, e.userInfo, async (request) => {
    const user = await loadSessionUser(app.db, caller(request).userId);
    if (!user) throw loginExpired();
    return ok(user);
  });

  // Ends the caller's session server-side. Answers success without a valid token too (already logged out).
  route(app, e.logout, async (request) => {
    if (request.auth) await revokeSession(app.db, request.auth.sessionId);
    return ok(null, '已退出登录');
  });
}
