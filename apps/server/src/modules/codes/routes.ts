import type { FastifyInstance } from 'fastify';
import { codeEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import outboxRoutes from './outbox-routes.ts';
import { sendEmailCode, sendSmsCode } from './send.ts';

const MSG_SENT = '验证码已发送';

/** POST /api/appuser/sendcode and /api/appuser/sendemailcode (docs/product/accounts.md#one-time-codes), and the demo outbox. */
export default async function codesRoutes(app: FastifyInstance) {
  route(app, e.codeSend, async (request) => ok(await sendSmsCode(app, request, request.body), MSG_SENT));
  route(app, e.emailCodeSend, async (request) => ok(await sendEmailCode(app, request, request.body), MSG_SENT));
  await app.register(outboxRoutes);
}
