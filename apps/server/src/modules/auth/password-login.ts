import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from '@aquamall/shared';
import type { loginInput, SignInResult } from '@aquamall/shared';
import { invalid } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { business } from '../../lib/metrics.ts';
import { verifyCaptcha } from '../captcha/service.ts';
import { clientInfo } from './fields.ts';
import { clearFailures, failureState, MSG_LOCKED, reserveAttempt } from './lockout.ts';
import { MSG_DISABLED } from './issue.ts';
import { afterFirstFactor } from './two-factor.ts';
import { findByAccount, isBlocked } from './users.ts';

export const MSG_BAD_LOGIN = '账号或密码错误';
export const MSG_NEED_CAPTCHA = '请输入图形验证码';
export const MSG_BAD_CAPTCHA = '图形验证码错误或已过期';

let dummyHash: Promise<string> | null = null;
/** Verifying against a dummy hash for unknown accounts keeps the answer time the same (no enumeration). */
const dummy = () => (dummyHash ??= hashPassword('no-such-account-0'));

/** Password login: lockout and captcha rules, then the password; starts a session. */
export async function passwordLogin(app: FastifyInstance, request: FastifyRequest, input: z.output<typeof loginInput>): Promise<SignInResult> {
  const { account, password, rememberMe, captchaId, captchaCode } = input;
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
  await clearFailures(app.db, account, ip);
  return afterFirstFactor(app, request, user.id, rememberMe, 'password');
}
