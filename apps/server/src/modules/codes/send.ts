import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { SMS_RESEND_S, type sendCodeInput, type sendEmailCodeInput, type z } from '@aquamall/shared';
import { users } from '../../db/schema/index.ts';
import { loginExpired } from '../../lib/errors.ts';
import { fail } from './messages.ts';
import { requireEmail, requireSms } from '../../lib/providers/availability.ts';
import { business } from '../../lib/metrics.ts';
import type { Db } from '../../db/client.ts';
import { clientInfo } from '../../lib/client-info.ts';
import { verifyCaptcha } from '../captcha/index.ts';
import { CODE_TTL_MIN, issueCode } from './service.ts';


/**
 * Whether a code for a purpose is delivered to this number or address: the module that owns the purpose decides
 * (auth: registered, unblocked users for login, recovery and binding; access: invitees), handed in by app.ts
 * because codes sits below them (docs/decisions/0212-module-faces.md).
 */
export type CodeRecipientCheck = (db: Db, target: string) => Promise<boolean>;
const recipientChecks = { sms: new Map<string, CodeRecipientCheck>(), email: new Map<string, CodeRecipientCheck>() };

/** Registers who may receive the codes of these purposes on a channel. */
export function registerCodeRecipients(channel: 'sms' | 'email', purposes: readonly string[], check: CodeRecipientCheck): void {
  for (const purpose of purposes) recipientChecks[channel].set(purpose, check);
}

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
  // Codes for login, recovery, binding and invitations go only to whom their module says; the others always.
  const check = recipientChecks.sms.get(purpose);
  const deliver = check ? await check(app.db, phone) : true;
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
  // A bind code goes to the address the signed-in user names; any other only to whom its module says.
  const check = recipientChecks.email.get(purpose);
  if (purpose === 'bind' || (check && (await check(app.db, email)))) await deliverCode(request, 'email', () => provider.sendCode(email, code, CODE_TTL_MIN));
  return { resendSeconds: SMS_RESEND_S };
}
