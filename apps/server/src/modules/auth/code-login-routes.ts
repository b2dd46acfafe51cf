import type { FastifyInstance } from 'fastify';
import { authEndpoints as e } from '@aquamall/shared/endpoints';
import { route } from '../../lib/route.ts';
import { codeLogin } from './code-login.ts';
import { signInAnswer } from './two-factor.ts';

/** Login by SMS code (POST /api/appuser/loginbyphone) and by e-mail code (POST /api/appuser/loginbyemail). */
export default async function codeLoginRoutes(app: FastifyInstance) {
  route(app, e.loginByPhone, async (request) => {
    const { phone, code, rememberMe } = request.body;
    return signInAnswer(await codeLogin(app, request, { channel: 'sms', target: phone, code, rememberMe }));
  });
  route(app, e.loginByEmail, async (request) => {
    const { email, code, rememberMe } = request.body;
    return signInAnswer(await codeLogin(app, request, { channel: 'email', target: email, code, rememberMe }));
  });
}
