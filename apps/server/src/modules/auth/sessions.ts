import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, sessions, users, userTwoFactor } from '../../db/schema/index.ts';
import { broadcastForget, registerCache } from '../../lib/cache-bus.ts';
import { dbKey, TtlCache } from '../../lib/ttl-cache.ts';
import type { AuthContext } from '../../lib/caller.ts';
import { raise } from '../../lib/errors.ts';
import type { SessionAuth } from '../../plugins/auth.ts';
import { authErrors } from './messages.ts';

/** Lifetimes (docs/product/accounts.md#tokens-and-sessions): 12 h, or 7 days with remember-me. */
export const SESSION_TTL_MS = 12 * 3600 * 1000;
export const SESSION_TTL_REMEMBER_MS = 7 * 24 * 3600 * 1000;

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** What every authenticated request knows about its caller (lib/caller.ts, so the auth plugin needs no module). */
export type { AuthContext };

export async function createSession(
  db: Db,
  userId: number,
  opts: { rememberMe?: boolean; ip?: string; userAgent?: string } = {},
): Promise<{ token: string; expiresAt: Date; sessionId: number }> {
  const token = crypto.randomBytes(32).toString('base64url'); // 256 bits
  const expiresAt = new Date(Date.now() + (opts.rememberMe ? SESSION_TTL_REMEMBER_MS : SESSION_TTL_MS));
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      rememberMe: !!opts.rememberMe,
      ip: (opts.ip ?? '').slice(0, 64),
      userAgent: (opts.userAgent ?? '').slice(0, 300),
      expiresAt,
    })
    .returning({ id: sessions.id });
  // Housekeeping: sessions that ended more than 30 days ago are of no use, even for the security page.
  if (Math.random() < 0.01) await db.delete(sessions).where(lt(sessions.expiresAt, sql`now() - interval '30 days'`));
  return { token, expiresAt, sessionId: row!.id };
}

/**
 * Resolved sessions, by database and token hash, for a few seconds (docs/decisions/0082-session-cache.md).
 * Every change to what a session resolves to forgets the affected entries at once on this instance (see
 * `forgetSessions`); other instances hear of it by NOTIFY (lib/cache-bus.ts), at the latest within the TTL.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
export const sessionCache = new TtlCache<AuthContext>({ ttlMs: SESSION_CACHE_TTL_MS, max: 20_000 });

/**
 * Forgets cached sessions at once on this instance: call on every change to a session (revoked), a user
 * (disabled, company, admin flags) or a company (disabled, type, name, member level) — before or after the
 * commit; the cache refuses to store those callers again for one TTL.
 */
export function forgetSessions(what: { sessionIds?: number[]; userIds?: number[]; companyIds?: number[] }): void {
  const tags = [
    ...(what.sessionIds ?? []).map((id) => `s:${id}`),
    ...(what.userIds ?? []).map((id) => `u:${id}`),
    ...(what.companyIds ?? []).map((id) => `c:${id}`),
  ];
  sessionCache.forget(...tags);
  broadcastForget({ cache: 'sessions', tags });
}
registerCache('sessions', (tags) => (tags ? sessionCache.forget(...tags) : sessionCache.clear()));

/** Resolves a token to its caller, or null when missing, expired, revoked, forged or the user is disabled. */
export async function resolveToken(db: Db, token: string | undefined): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const key = `${dbKey(db)}:${tokenHash}`;
  const cached = sessionCache.get(key);
  if (cached) return cached;
  const ticket = sessionCache.ticket();
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      companyId: users.companyId,
      isCompanyAdmin: users.isCompanyAdmin,
      isPlatformAdmin: users.isPlatformAdmin,
      userDisabled: users.disabled,
      companyType: companies.type,
      companyName: companies.name,
      companyDisabled: companies.disabled,
      memberLevel: companies.memberLevel,
      isMemberVail: companies.isMemberVail,
      msLeft: sql<number>`extract(epoch from ${sessions.expiresAt} - now()) * 1000`.mapWith(Number),
      stale: sql<boolean>`${sessions.lastSeenAt} < now() - interval '5 minutes'`,
      mustEnrol: sql<boolean>`(${users.isPlatformAdmin} or coalesce(${companies.enforceTwoFactor}, false)) and not exists (select 1 from ${userTwoFactor} where ${userTwoFactor.userId} = ${users.id} and ${userTwoFactor.enabledAt} is not null)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  const r = rows[0];
  if (!r || r.userDisabled || r.companyDisabled) return null;
  // "Last active" for the security page, written at most every 5 minutes per session.
  if (r.stale) await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, r.sessionId));
  // Frozen: the same object serves every request of this token for a few seconds.
  const auth: AuthContext = Object.freeze({
    sessionId: r.sessionId,
    userId: r.userId,
    companyId: r.companyId,
    companyType: r.companyType ?? null,
    companyName: r.companyName ?? '',
    isCompanyAdmin: r.isCompanyAdmin,
    isPlatformAdmin: r.isPlatformAdmin,
    memberLevel: r.memberLevel ?? 0,
    isMemberVail: r.isMemberVail ?? 0,
    mustEnrolTwoFactor: !!r.mustEnrol,
  });
  const tags = [`s:${r.sessionId}`, `u:${r.userId}`, ...(r.companyId ? [`c:${r.companyId}`] : [])];
  // Never past the session's own expiry (measured by the database's clock, kept on ours).
  sessionCache.set(key, auth, tags, ticket, sessionCache.now() + r.msLeft);
  return auth;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  forgetSessions({ sessionIds: [sessionId] });
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (password change, disable), optionally keeping one. */
export async function revokeUserSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  const cond = exceptSessionId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.id} <> ${exceptSessionId}`)
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  forgetSessions({ userIds: [userId] });
  await db.update(sessions).set({ revokedAt: new Date() }).where(cond);
}

/** How the auth plugin turns a token into the caller (plugins/auth.ts `SessionAuth`); app.ts hands it over. */
export const sessionAuth: SessionAuth = {
  resolveToken,
  mustEnrolTwoFactor: () => raise(authErrors, 'TWO_FACTOR_MUST_ENROL'),
};
