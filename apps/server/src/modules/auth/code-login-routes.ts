import type { FastifyInstance } from 'fastify';
import { authEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { codeLogin } from './code-login.ts';

/** Login by SMS code (POST /api/appuser/loginbyphone) and by e-mail code (POST /api/appuser/loginbyemail). */
export default async function codeLoginRoutes(app: FastifyInstance) {
  route(app, e.loginByPhone, async (request) => {
    const { phone, code, rememberMe } = request.body;
    return ok(await codeLogin(app, request, { channel: 'sms', target: phone, code, rememberMe }), '登录成功');
  });
  route(app, e.loginByEmail, async (request) => {
    const { email, code, rememberMe } = request.body;
    return ok(await codeLogin(app, request, { channel: 'email', target: email, code, rememberMe }), '登录成功');
  });
}
