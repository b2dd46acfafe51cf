import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { z } from '@aquamall/shared';
import { sessions, users } from '../../db/schema/index.ts';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../plugins/auth.ts';
import { revokeUserSessions } from './sessions.ts';

/** A short device name from a user agent, for the active sessions list. */
export function deviceName(ua: string): string {
  if (!ua) return '未知设备';
  const os = /Windows/.test(ua) ? 'Windows' : /iPhone|iPad/.test(ua) ? 'iOS' : /Android/.test(ua) ? 'Android' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : '';
  const browser = /MicroMessenger/.test(ua)
    ? '微信'
    : /Edg\//.test(ua)
      ? 'Edge'
      : /(Chrome|Chromium)\//.test(ua)
        ? 'Chrome'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /MSIE|Trident/.test(ua)
              ? 'IE'
              : '浏览器';
  return [os, browser].filter(Boolean).join(' · ');
}

export const maskPhone = (p: string) => (p.length === 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : p);

/** The security page's calls: overview, active sessions, end other sessions. */
export default async function sessionsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/api/appuser/security', { preHandler: app.requireUser }, async (request) => {
    const me = caller(request);
    const [u] = await app.db
      .select({ phone: users.phone, email: users.email, wechat: users.wechatOpenId, updatedAt: users.updatedAt })
      .from(users)
      .where(eq(users.id, me.userId));
    return ok({
      phoneMasked: maskPhone(u?.phone ?? ''),
      email: u?.email ?? '',
      passwordSet: true,
      wechatBound: !!u?.wechat,
    });
  });

  app.get('/api/appuser/sessions', { preHandler: app.requireUser }, async (request) => {
    const me = caller(request);
    const rows = await app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, me.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(desc(sessions.createdAt))
      .limit(50);
    const list = rows.map((s) => ({
      id: s.id,
      ip: s.ip,
      device: deviceName(s.userAgent),
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      expiresAt: s.expiresAt,
      rememberMe: s.rememberMe,
      current: s.id === me.sessionId,
    }));
    return ok({ list, total: list.length });
  });

  // Ends the given sessions of the caller, or all but the current one when none are given.
  app.post(
    '/api/appuser/endsessions',
    { preHandler: app.requireUser, schema: { body: z.object({ ids: z.array(z.number().int().positive().max(2_147_483_647, '编号格式不正确')).max(100).optional() }) } },
    async (request) => {
      const me = caller(request);
      const ids = request.body.ids;
      if (!ids?.length) await revokeUserSessions(app.db, me.userId, me.sessionId);
      else {
        await app.db
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.userId, me.userId), inArray(sessions.id, ids), ne(sessions.id, me.sessionId), isNull(sessions.revokedAt)));
      }
      return ok(null, '已退出其他设备');
    },
  );
}
