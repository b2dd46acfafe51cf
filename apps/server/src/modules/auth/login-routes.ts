import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@aquamall/shared';
import { invalid, loginExpired } from '../../lib/errors.ts';
import { ok } from '../../lib/envelope.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { caller } from '../../plugins/auth.ts';
import { verifyCaptcha } from '../captcha/service.ts';
import { accountField, captchaFields, clientInfo, passwordInput, rememberField } from './fields.ts';
import { clearFailures, failureState, MSG_LOCKED, reserveAttempt } from './lockout.ts';
import { issueLogin, MSG_DISABLED } from './issue.ts';
import { revokeSession } from './sessions.ts';
import { loadSessionUser } from './user-info.ts';
import { findByAccount, isBlocked } from './users.ts';
import { business } from '../../lib/metrics.ts';

export const MSG_BAD_LOGIN = '账号或密码错误';
export const MSG_NEED_CAPTCHA = '请输入图形验证码';
export const MSG_BAD_CAPTCHA = '图形验证码错误或已过期';

let dummyHash: Promise<string> | null = null;
/** Verifying against a dummy hash for unknown accounts keeps the answer time the same (no enumeration). */
const dummy = () => (dummyHash ??= hashPassword('no-such-account-0'));

const loginBody = z.object({
  account: accountField,
  password: passwordInput,
  rememberMe: rememberField,
  ...captchaFields,
});

/** Password login, its captcha state, the user info of the session, and logout. */
export default async function loginRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post('/api/appuser/login', { schema: { body: loginBody } }, async (request) => {
    const { account, password, rememberMe, captchaId, captchaCode } = request.body;
    const ip = clientInfo(request).ip;
    const state = await failureState(app.db, account, ip);
    if (state.locked) throw invalid(MSG_LOCKED);
    if (state.needCaptcha) {
      if (!captchaCode) throw invalid(MSG_NEED_CAPTCHA);
      if (!(await verifyCaptcha(app.db, captchaId, captchaCode))) throw invalid(MSG_BAD_CAPTCHA);
    }
    // The attempt is counted before the password decides, so parallel guesses cannot slip past the rule.
    const slot = await reserveAttempt(app.db, account, ip, state.needCaptcha);
    if (!slot.taken) throw invalid(slot.locked ? MSG_LOCKED : MSG_NEED_CAPTCHA);
    const user = await findByAccount(app.db, account);
    const good = user ? await verifyPassword(user.passwordHash, password) : (await verifyPassword(await dummy(), password), false);
    if (!user || !good) {
      business.loginsFailed.inc();
      throw invalid(slot.locked ? MSG_LOCKED : MSG_BAD_LOGIN);
    }
    if (isBlocked(user)) throw invalid(MSG_DISABLED);
    await clearFailures(app.db, account);
    return ok(await issueLogin(app, request, user.id, rememberMe), '登录成功');
  });

  // Whether the next password login for this account needs the picture captcha. Counted per account string
  // whether or not it exists, so it reveals nothing.
  app.post('/api/appuser/logincaptcha', { schema: { body: z.object({ account: accountField }) } }, async (request) => {
    const state = await failureState(app.db, request.body.account, clientInfo(request).ip);
    return ok({ needCaptcha: state.needCaptcha, locked: state.locked });
  });

  app.get(
    '/api/appuser/loginuserinfo',
    { preHandler: app.requireUser, schema: { querystring: z.object({ code: z.string().max(40).optional() }) } },
    async (request) => {
      const user = await loadSessionUser(app.db, caller(request).userId);
      if (!user) throw loginExpired();
      return ok(user);
    },
  );

  // Ends the caller's session server-side. Answers success without a valid token too (already logged out).
  app.post('/api/appuser/logout', async (request) => {
    if (request.auth) await revokeSession(app.db, request.auth.sessionId);
    return ok(null, '已退出登录');
  });
}
