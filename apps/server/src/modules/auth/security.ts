import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { forgetSessions, revokeUserSessions, type AuthContext } from './sessions.ts';

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

/** The account security overview. */
export async function securityOverview(db: Db, userId: number) {
  const [u] = await db
    .select({ phone: users.phone, email: users.email, wechat: users.wechatOpenId, updatedAt: users.updatedAt })
    .from(users)
    .where(eq(users.id, userId));
  return {
    phoneMasked: maskPhone(u?.phone ?? ''),
    email: u?.email ?? '',
    passwordSet: true,
    wechatBound: !!u?.wechat,
  };
}

/** The caller's active sessions, newest first. */
export async function listSessions(db: Db, me: Pick<AuthContext, 'userId' | 'sessionId'>) {
  const rows = await db
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
  return { list, total: list.length };
}

/** Ends the given sessions of the caller, or all but the current one when none are given. */
export async function endSessions(db: Db, me: Pick<AuthContext, 'userId' | 'sessionId'>, ids: number[] | undefined) {
  if (!ids?.length) await revokeUserSessions(db, me.userId, me.sessionId);
  else {
    forgetSessions({ sessionIds: ids });
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, me.userId), inArray(sessions.id, ids), ne(sessions.id, me.sessionId), isNull(sessions.revokedAt)));
  }
}
