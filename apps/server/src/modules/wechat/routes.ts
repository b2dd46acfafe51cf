import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { and, eq, isNull } from 'drizzle-orm';
import { QR_SIZE, z } from '@aquamall/shared';
import { users } from '../../db/schema/index.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { ok } from '../../lib/envelope.ts';
import { requireSms, requireWechat } from '../../lib/providers/availability.ts';
import { codeField, phoneField, rememberField } from '../auth/fields.ts';
import { issueLogin, MSG_DISABLED } from '../auth/issue.ts';
import { findByPhone, isBlocked } from '../auth/users.ts';
import { MSG_BAD_CODE, requireCode } from '../codes/service.ts';
import { createTicket, peekBindTicket, QR_TTL_S, takeTicket } from './service.ts';
import wechatSocket from './socket.ts';
import callbackRoutes from './callback-routes.ts';

const clientId = z.string().trim().regex(/^[\w-]{8,64}$/, '二维码编号无效');
const ticketField = z.string().trim().regex(/^[\w-]{20,128}$/, '二维码已失效，请刷新');
export const MSG_QR_GONE = '二维码已失效，请刷新后重新扫码';

/** WeChat QR login (SPEC §7): QR ticket, socket, login after the scan, binding an unknown WeChat identity. */
export default async function wechatRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  await app.register(wechatSocket);
  await app.register(callbackRoutes);

  // GET /api/wx/getwxoaqrcode/{id}: a fresh login ticket for this browser (id is the browser's random id).
  app.get('/api/wx/getwxoaqrcode/:id', { schema: { params: z.object({ id: clientId }) } }, async (request) => {
    const wechat = requireWechat(app);
    const ticket = await createTicket(app.db, request.params.id);
    const origin = `${request.protocol}://${request.host}`;
    let content: string;
    try {
      ({ content } = await wechat.createQr(ticket, QR_TTL_S, origin));
    } catch (err) {
      request.log.error({ err }, 'WeChat QR failed');
      throw invalid('微信二维码获取失败，请稍后再试');
    }
    const qrImage = await QRCode.toDataURL(content, { width: QR_SIZE * 2, margin: 1, errorCorrectionLevel: 'M' });
    return ok({ ticket, qrImage, expireSeconds: QR_TTL_S, sandbox: wechat.sandbox, scanUrl: wechat.sandbox ? content : undefined });
  });

  // GET /api/appuser/wtcWxlogin?ticket=&id=: after a scan by a bound WeChat user, signs in (once).
  app.get(
    '/api/appuser/wtcWxlogin',
    { schema: { querystring: z.object({ ticket: ticketField, id: clientId, rememberMe: rememberField }) } },
    async (request) => {
      requireWechat(app);
      const { ticket, id, rememberMe } = request.query;
      const row = await takeTicket(app.db, ticket, id, 'confirmed');
      if (!row?.userId) throw invalid(MSG_QR_GONE);
      const [user] = await app.db.select({ disabled: users.disabled }).from(users).where(eq(users.id, row.userId));
      if (!user || user.disabled) throw invalid(MSG_DISABLED);
      return ok(await issueLogin(app, request, row.userId, rememberMe), '登录成功');
    },
  );

  // First scan of an unknown WeChat identity: prove an account by phone + SMS code (purpose bind), bind, sign in.
  app.post(
    '/api/appuser/wxbind',
    { schema: { body: z.object({ ticket: ticketField, id: clientId, phone: phoneField, code: codeField, rememberMe: rememberField }) } },
    async (request) => {
      requireWechat(app);
      requireSms(app);
      const b = request.body;
      if (!(await peekBindTicket(app.db, b.ticket, b.id))) throw invalid(MSG_QR_GONE);
      await requireCode(app.db, { channel: 'sms', target: b.phone, purpose: 'bind', code: b.code });
      const user = await findByPhone(app.db, b.phone);
      if (!user) throw invalid(MSG_BAD_CODE);
      if (isBlocked(user)) throw invalid(MSG_DISABLED);
      const row = await takeTicket(app.db, b.ticket, b.id, 'bind');
      if (!row?.openId) throw invalid(MSG_QR_GONE);
      const bound = await app.db
        .update(users)
        .set({ wechatOpenId: row.openId, updatedAt: new Date() })
        .where(and(eq(users.id, user.id), isNull(users.wechatOpenId)))
        .returning({ id: users.id })
        .catch(() => []);
      if (!bound.length) throw conflict('该账号已绑定其他微信，请先在账号安全中解绑');
      return ok(await issueLogin(app, request, user.id, b.rememberMe), '微信绑定成功');
    },
  );

  app.post('/api/appuser/wxunbind', { preHandler: app.requireUser }, async (request) => {
    await app.db.update(users).set({ wechatOpenId: null, updatedAt: new Date() }).where(eq(users.id, request.auth!.userId));
    return ok(null, '已解绑微信');
  });
}
