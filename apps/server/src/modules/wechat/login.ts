import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { QR_SIZE, type wxBindInput, type z } from '@aquamall/shared';
import { users } from '../../db/schema/index.ts';
import { loadQrCode } from '../../lib/lazy.ts';
import { raise } from '../../lib/errors.ts';
import { fail, wechatErrors } from './messages.ts';
import { authErrors } from '../auth/index.ts';
import { codesErrors } from '../codes/index.ts';
import { requireSms, requireWechat } from '../../lib/providers/availability.ts';
import { afterFirstFactor } from '../auth/index.ts';
import { findByPhone, isBlocked } from '../auth/index.ts';
import { requireCode } from '../codes/index.ts';
import { createTicket, peekBindTicket, QR_TTL_S, takeTicket } from './service.ts';

export const MSG_QR_GONE = wechatErrors.WECHAT_QR_GONE.message;

/** A fresh login ticket for this browser (clientId is the browser's random id), with its QR image. */
export async function wechatQr(app: FastifyInstance, request: FastifyRequest, clientId: string) {
  const wechat = requireWechat(app);
  const ticket = await createTicket(app.db, clientId);
  const origin = `${request.protocol}://${request.host}`;
  let content: string;
  try {
    ({ content } = await wechat.createQr(ticket, QR_TTL_S, origin));
  } catch (err) {
    request.log.error({ err }, 'WeChat QR failed');
    throw fail('WECHAT_QR_FAILED');
  }
  const qrImage = await (await loadQrCode()).toDataURL(content, { width: QR_SIZE * 2, margin: 1, errorCorrectionLevel: 'M' });
  return { ticket, qrImage, expireSeconds: QR_TTL_S, sandbox: wechat.sandbox, scanUrl: wechat.sandbox ? content : undefined };
}

/** After a scan by a bound WeChat user, signs in (once). */
export async function wechatLogin(app: FastifyInstance, request: FastifyRequest, q: { ticket: string; id: string; rememberMe: boolean }) {
  requireWechat(app);
  const row = await takeTicket(app.db, app.bus, q.ticket, q.id, 'confirmed');
  if (!row?.userId) throw fail('WECHAT_QR_GONE');
  const [user] = await app.db.select({ disabled: users.disabled }).from(users).where(eq(users.id, row.userId));
  if (!user || user.disabled) throw raise(authErrors, 'ACCOUNT_DISABLED');
  return afterFirstFactor(app, request, row.userId, q.rememberMe, 'wechat');
}

/** First scan of an unknown WeChat identity: prove an account by phone + SMS code (purpose bind), bind, sign in. */
export async function wechatBind(app: FastifyInstance, request: FastifyRequest, b: z.output<typeof wxBindInput>) {
  requireWechat(app);
  requireSms(app);
  if (!(await peekBindTicket(app.db, b.ticket, b.id))) throw fail('WECHAT_QR_GONE');
  await requireCode(app.db, { channel: 'sms', target: b.phone, purpose: 'bind', code: b.code });
  const user = await findByPhone(app.db, b.phone);
  if (!user) throw raise(codesErrors, 'CODE_WRONG');
  if (isBlocked(user)) throw raise(authErrors, 'ACCOUNT_DISABLED');
  const row = await takeTicket(app.db, app.bus, b.ticket, b.id, 'bind');
  if (!row?.openId) throw fail('WECHAT_QR_GONE');
  const bound = await app.db
    .update(users)
    .set({ wechatOpenId: row.openId, updatedAt: new Date() })
    .where(and(eq(users.id, user.id), isNull(users.wechatOpenId)))
    .returning({ id: users.id })
    .catch(() => []);
  if (!bound.length) throw fail('WECHAT_BOUND_ELSEWHERE');
  return afterFirstFactor(app, request, user.id, b.rememberMe, 'wechat');
}

/** Unbinds the user's WeChat identity. */
export async function wechatUnbind(app: FastifyInstance, userId: number) {
  await app.db.update(users).set({ wechatOpenId: null, updatedAt: new Date() }).where(eq(users.id, userId));
}
