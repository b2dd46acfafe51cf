import type { FastifyInstance } from 'fastify';
import { authEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { registerCompany, registerDetail } from './register.ts';

/** Registration (register: docs/product/accounts.md#registration): the form's options, then the company and its administrator. */
export default async function registerRoutes(app: FastifyInstance) {
  route(app, e.registerDetail, async () => ok(registerDetail()));
  route(app, e.register, async (request) => ok(await registerCompany(app, request, request.body), '注册成功'));
}
