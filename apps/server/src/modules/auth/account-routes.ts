import type { FastifyInstance } from 'fastify';
import { authEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../plugins/auth.ts';
import { bindEmail, forgetPassword, modifyPassword, modifyUserInfo, replacePhone } from './account.ts';

const formParser = (_req: unknown, body: string, done: (err: Error | null, value?: unknown) => void) => {
  done(null, Object.fromEntries(new URLSearchParams(body)));
};

/** forgetpwd, modifypwd, replacecellphone (form-encoded), modifyuserinfo, bindemail (docs/product/api-envelope.md#identity-calls). */
export default async function accountRoutes(app: FastifyInstance) {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, formParser);
  }

  route(app, e.forgetPassword, async (request) => {
    await forgetPassword(app, request.body);
    return ok(null, '密码已重置，请使用新密码登录');
  });

  route(app, e.modifyPassword, async (request) => {
    await modifyPassword(app.db, request, caller(request).userId, request.body);
    return ok(null, '密码已修改，请重新登录');
  });

  route(app, e.replacePhone, async (request) => ok(await replacePhone(app, caller(request).userId, request.body), '手机号已更换'));

  route(app, e.modifyUserInfo, async (request) => ok(await modifyUserInfo(app.db, caller(request).userId, request.body), '保存成功'));

  route(app, e.bindEmail, async (request) => {
    const { email, code } = request.body;
    return ok(await bindEmail(app.db, caller(request).userId, email, code), '邮箱已绑定');
  });
}
