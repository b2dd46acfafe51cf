import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from '@aquamall/shared';
import type { loginInput, SignInResult } from '@aquamall/shared';
import { authErrors, fail } from './messages.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { business } from '../../lib/metrics.ts';
import { verifyCaptcha } from '../captcha/index.ts';
import { clientInfo } from './fields.ts';
import { clearFailures, failureState, reserveAttempt } from './lockout.ts';
import { afterFirstFactor } from './two-factor.ts';
import { findByAccount, isBlocked } from './users.ts';

export const MSG_BAD_LOGIN = authErrors.LOGIN_WRONG.message;
export const MSG_NEED_CAPTCHA = authErrors.LOGIN_CAPTCHA_REQUIRED.message;
export const MSG_BAD_CAPTCHA = authErrors.LOGIN_CAPTCHA_WRONG.message;

let dummyHash: Promise<string> | null = null;
/** Verifying against a dummy hash for unknown accounts keeps the answer time the same (no enumeration). */
const dummy = () => (dummyHash ??= hashPassword('no-such-account-0'));

/** Password login: lockout and captcha rules, then the password; starts a session. */
export async function passwordLogin(app: FastifyInstance, request: FastifyRequest, input: z.output<typeof loginInput>): Promise<SignInResult> {
  const { account, password, rememberMe, captchaId, captchaCode } = input;
  const ip = clientInfo(request).ip;
  const state = await failureState(app.db, account, ip);
  if (state.locked) throw fail('LOGIN_LOCKED');
  if (state.needCaptcha) {
    if (!captchaCode) throw fail('LOGIN_CAPTCHA_REQUIRED');
    if (!(await verifyCaptcha(app.db, captchaId, captchaCode))) throw fail('LOGIN_CAPTCHA_WRONG');
  }
  // The attempt is counted before the password decides, so parallel guesses cannot slip past the rule.
  const slot = await reserveAttempt(app.db, account, ip, state.needCaptcha);
  if (!slot.taken) throw fail(slot.locked ? 'LOGIN_LOCKED' : 'LOGIN_CAPTCHA_REQUIRED');
  const user = await findByAccount(app.db, account);
  const good = user ? await verifyPassword(user.passwordHash, password) : (await verifyPassword(await dummy(), password), false);
  if (!user || !good) {
    business.loginsFailed.inc();
    throw fail(slot.locked ? 'LOGIN_LOCKED' : 'LOGIN_WRONG');
  }
  if (isBlocked(user)) throw fail('ACCOUNT_DISABLED');
  await clearFailures(app.db, account, ip);
  return afterFirstFactor(app, request, user.id, rememberMe, 'password');
}
