import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { SMS_RESEND_S, type sendCodeInput, type sendEmailCodeInput, type z } from '@aquamall/shared';
import { users } from '../../db/schema/index.ts';
import { loginExpired } from '../../lib/errors.ts';
import { fail } from './messages.ts';
import { requireEmail, requireSms } from '../../lib/providers/availability.ts';
import { business } from '../../lib/metrics.ts';
import { clientInfo } from '../auth/index.ts';
import { findByEmail, findByPhone, isBlocked } from '../auth/index.ts';
import { verifyCaptcha } from '../captcha/index.ts';
import { hasLiveInvitation } from '../access/index.ts';
import { CODE_TTL_MIN, issueCode } from './service.ts';


/** Hands a code to its provider and counts it; a provider failure is logged and told as 验证码发送失败. */
async function deliverCode(request: FastifyRequest, channel: 'sms' | 'email', send: () => Promise<unknown>) {
  try {
    await send();
    business.codesSent.inc({ channel });
  } catch (err) {
    request.log.error({ err }, channel === 'sms' ? 'SMS delivery failed' : 'e-mail delivery failed');
    throw fail('CODE_SEND_FAILED');
  }
}

/**
 * Sends an SMS code (docs/product/accounts.md#one-time-codes). The answer is the same whether or not an account exists: codes for login,
 * password recovery and WeChat binding are only delivered to registered numbers, but every send is recorded
 * and limited the same way.
 */
export async function sendSmsCode(app: FastifyInstance, request: FastifyRequest, input: z.output<typeof sendCodeInput>) {
  const { purpose, captchaId, captchaCode } = input;
  const sms = requireSms(app, purpose === 'register' ? 'SMS_REGISTER_OFF' : 'SMS_OFF');
  let phone = input.phone;
  if (purpose === 'oldphone' || purpose === 'newphone' || purpose === 'delete') {
    if (!request.auth) throw loginExpired();
    // Codes proving the signed-in user's own number go to the number on file, never to one the client names.
    if (purpose === 'oldphone' || purpose === 'delete') {
      const [me] = await app.db.select({ phone: users.phone }).from(users).where(eq(users.id, request.auth.userId));
      phone = me?.phone;
    }
  }
  if (!phone) throw fail('CODE_PHONE_REQUIRED');
  if (purpose === 'register' && !(await verifyCaptcha(app.db, captchaId, captchaCode))) {
    throw fail('CODE_CAPTCHA_WRONG');
  }
  const code = await issueCode(app.db, { channel: 'sms', target: phone, purpose, ip: clientInfo(request).ip });
  let deliver = true;
  if (purpose === 'login' || purpose === 'forget' || purpose === 'bind') {
    const user = await findByPhone(app.db, phone);
    deliver = !!user && !isBlocked(user);
  } else if (purpose === 'invite') {
    // Only an unregistered number with an open invitation can use an invitation code.
    deliver = !(await findByPhone(app.db, phone)) && (await hasLiveInvitation(app.db, phone));
  }
  if (deliver) await deliverCode(request, 'sms', () => sms.sendCode(phone, code, CODE_TTL_MIN));
  return { resendSeconds: SMS_RESEND_S };
}

/**
 * Sends an e-mail code. purpose login: to the account that has bound the address (nothing is delivered
 * otherwise). purpose bind: the signed-in user proves an address before binding it, so it is delivered.
 */
export async function sendEmailCode(app: FastifyInstance, request: FastifyRequest, input: z.output<typeof sendEmailCodeInput>) {
  const { email, purpose } = input;
  if (purpose === 'bind' && !request.auth) throw loginExpired();
  const provider = requireEmail(app);
  const code = await issueCode(app.db, { channel: 'email', target: email, purpose, ip: clientInfo(request).ip });
  const user = purpose === 'login' ? await findByEmail(app.db, email) : null;
  if (purpose === 'bind' || (user && !isBlocked(user))) await deliverCode(request, 'email', () => provider.sendCode(email, code, CODE_TTL_MIN));
  return { resendSeconds: SMS_RESEND_S };
}
