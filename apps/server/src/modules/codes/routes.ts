import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { SMS_RESEND_S, z } from '@aquamall/shared';
import { AppError, invalid, loginExpired } from '../../lib/errors.ts';
import { ok } from '../../lib/envelope.ts';
import { MSG_SMS_REGISTER_OFF, requireEmail, requireSms } from '../../lib/providers/availability.ts';
import { captchaFields, clientInfo, emailField, phoneField } from '../auth/fields.ts';
import { findByEmail, findByPhone, isBlocked } from '../auth/users.ts';
import { verifyCaptcha } from '../captcha/service.ts';
import { CODE_TTL_MIN, issueCode } from './service.ts';
import { business } from '../../lib/metrics.ts';
import outboxRoutes from './outbox-routes.ts';
import { hasLiveInvitation } from '../access/invitations.ts';

const MSG_SENT = '验证码已发送';
const MSG_SEND_FAILED = '验证码发送失败，请稍后再试';

const sendBody = z.object({
  phone: phoneField.optional(),
  purpose: z.enum(['login', 'register', 'forget', 'bind', 'oldphone', 'newphone', 'invite'], { error: '验证码用途无效' }).default('login'),
  ...captchaFields,
});

/**
 * POST /api/appuser/sendcode and /api/appuser/sendemailcode (DESIGN §2). The answer is the same whether or
 * not an account exists: codes for login, password recovery and WeChat binding are only delivered to
 * registered numbers, but every send is recorded and limited the same way.
 */
export default async function codesRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post('/api/appuser/sendcode', { schema: { body: sendBody } }, async (request) => {
    const { purpose, captchaId, captchaCode } = request.body;
    const sms = requireSms(app, purpose === 'register' ? MSG_SMS_REGISTER_OFF : undefined);
    let phone = request.body.phone;
    if (purpose === 'oldphone' || purpose === 'newphone') {
      if (!request.auth) throw loginExpired();
      if (purpose === 'oldphone') {
        const [me] = await app.db.select({ phone: users.phone }).from(users).where(eq(users.id, request.auth.userId));
        phone = me?.phone;
      }
    }
    if (!phone) throw invalid('请输入手机号');
    if (purpose === 'register' && !(await verifyCaptcha(app.db, captchaId, captchaCode))) {
      throw invalid('图形验证码错误或已过期');
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
    if (deliver) {
      try {
        await sms.sendCode(phone, code, CODE_TTL_MIN);
        business.codesSent.inc({ channel: 'sms' });
      } catch (err) {
        request.log.error({ err }, 'SMS delivery failed');
        throw new AppError(2, MSG_SEND_FAILED);
      }
    }
    return ok({ resendSeconds: SMS_RESEND_S }, MSG_SENT);
  });

  // purpose login: to the account that has bound the address (nothing is delivered otherwise). purpose bind:
  // the signed-in user proves an address before binding it (POST /api/appuser/bindemail), so it is delivered.
  app.post(
    '/api/appuser/sendemailcode',
    { schema: { body: z.object({ email: emailField, purpose: z.enum(['login', 'bind'], { error: '验证码用途无效' }).default('login') }) } },
    async (request) => {
      const { email, purpose } = request.body;
      if (purpose === 'bind' && !request.auth) throw loginExpired();
      const provider = requireEmail(app);
      const code = await issueCode(app.db, { channel: 'email', target: email, purpose, ip: clientInfo(request).ip });
      const user = purpose === 'login' ? await findByEmail(app.db, email) : null;
      if (purpose === 'bind' || (user && !isBlocked(user))) {
        try {
          await provider.sendCode(email, code, CODE_TTL_MIN);
          business.codesSent.inc({ channel: 'email' });
        } catch (err) {
          request.log.error({ err }, 'e-mail delivery failed');
          throw new AppError(2, MSG_SEND_FAILED);
        }
      }
      return ok({ resendSeconds: SMS_RESEND_S }, MSG_SENT);
    },
  );

  await app.register(outboxRoutes);
}
