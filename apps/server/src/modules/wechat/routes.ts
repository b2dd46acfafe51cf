import type { FastifyInstance } from 'fastify';
import { wechatEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../plugins/auth.ts';
import { wechatBind, wechatLogin, wechatQr, wechatUnbind } from './login.ts';
import { signInAnswer } from '../auth/index.ts';
import wechatSocket from './socket.ts';
import callbackRoutes from './callback-routes.ts';

/** WeChat QR login (docs/product/accounts.md#wechat-qr-login): QR ticket, socket, login after the scan, binding an unknown WeChat identity. */
export default async function wechatRoutes(app: FastifyInstance) {
  await app.register(wechatSocket);
  await app.register(callbackRoutes);

  route(app, e.wxQrCode, async (request) => ok(await wechatQr(app, request, request.params.id)));
  route(app, e.wxLogin, async (request) => signInAnswer(await wechatLogin(app, request, request.query)));
  route(app, e.wxBind, async (request) => ok(await wechatBind(app, request, request.body), '微信绑定成功'));
  route(app, e.wxUnbind, async (request) => {
    await wechatUnbind(app, caller(request).userId);
    return ok(null, '已解绑微信');
  });
}
