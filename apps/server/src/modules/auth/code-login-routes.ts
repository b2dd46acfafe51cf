import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@aquamall/shared';
import { invalid } from '../../lib/errors.ts';
import { ok } from '../../lib/envelope.ts';
import { requireEmail, requireSms } from '../../lib/providers/availability.ts';
import { MSG_BAD_CODE, requireCode } from '../codes/service.ts';
import { codeField, emailField, phoneField, rememberField } from './fields.ts';
import { issueLogin, MSG_DISABLED } from './issue.ts';
import { findByEmail, findByPhone, isBlocked } from './users.ts';

/**
 * Login by SMS code (POST /api/appuser/loginbyphone) and by e-mail code (POST /api/appuser/loginbyemail).
 * An unknown number or address never received a code, so it fails exactly like a wrong code.
 */
export default async function codeLoginRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/appuser/loginbyphone',
    { schema: { body: z.object({ phone: phoneField, code: codeField, rememberMe: rememberField }) } },
    async (request) => {
      requireSms(app);
      const { phone, code, rememberMe } = request.body;
      await requireCode(app.db, { channel: 'sms', target: phone, purpose: 'login', code });
      const user = await findByPhone(app.db, phone);
      if (!user) throw invalid(MSG_BAD_CODE);
      if (isBlocked(user)) throw invalid(MSG_DISABLED);
      return ok(await issueLogin(app, request, user.id, rememberMe), '登录成功');
    },
  );

  app.post(
    '/api/appuser/loginbyemail',
    { schema: { body: z.object({ email: emailField, code: codeField, rememberMe: rememberField }) } },
    async (request) => {
      requireEmail(app);
      const { email, code, rememberMe } = request.body;
      await requireCode(app.db, { channel: 'email', target: email, purpose: 'login', code });
      const user = await findByEmail(app.db, email);
      if (!user) throw invalid(MSG_BAD_CODE);
      if (isBlocked(user)) throw invalid(MSG_DISABLED);
      return ok(await issueLogin(app, request, user.id, rememberMe), '登录成功');
    },
  );
}
