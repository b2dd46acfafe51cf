import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_DEVICE_DAYS, type AuditAction, type SignInResult, type twoFactorVerifyInput, type z } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies, twoFactorChallenges, twoFactorDevices, twoFactorRecoveryCodes, userTwoFactor, users } from '../../db/schema/index.ts';
import { loginExpired, notFound } from '../../lib/errors.ts';
import { authErrors, fail } from './messages.ts';
import { ok } from '../../lib/envelope.ts';
import { loadQrCode } from '../../lib/lazy.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { auditActor, recordAudit, type AuditActor } from '../audit/index.ts';
import { clientInfo } from './fields.ts';
import { issueLogin, type LoginAnswer } from './issue.ts';
import { clearFailures, reserveAttempt } from './lockout.ts';
import { deviceName } from './security.ts';
import { forgetSessions, hashToken } from './sessions.ts';
import { newRecoveryCode, newTotpSecret, normaliseRecoveryCode, openSecret, otpauthUrl, sealSecret, totpStep } from './totp.ts';

/** Two-factor sign-in (TOTP): docs/decisions/0150-two-factor.md. */

/** The envelope of a sign-in method's answer: signed in, or asked for the second step. */
export const signInAnswer = (r: SignInResult) => ok(r, 'twoFactor' in r ? '请输入两步验证码' : '登录成功');

export const CHALLENGE_TTL_S = 300;
export const DEVICE_COOKIE = 'aq2fa';
export const MSG_BAD_TOTP = authErrors.TWO_FACTOR_CODE_WRONG.message;
export const MSG_TOTP_USED = authErrors.TWO_FACTOR_CODE_USED.message;
export const MSG_CHALLENGE_GONE = authErrors.TWO_FACTOR_CHALLENGE_GONE.message;
export const MSG_REQUIRED = authErrors.TWO_FACTOR_REQUIRED.message;
export const MSG_MUST_ENROL = authErrors.TWO_FACTOR_MUST_ENROL.message;
export const SAFE_PAGE = '/customer/safe';

export type FirstFactor = 'password' | 'sms' | 'email' | 'wechat';

/** The key wrong codes are counted under (the lockout rules of passwords, per user). */
const lockKey = (userId: number) => `2fa:${userId}`;

interface Subject {
  id: number;
  companyId: number | null;
  isPlatformAdmin: boolean;
  phone: string;
  adminName: string | null;
  disabled: boolean;
  enforced: boolean;
}

async function subject(db: Db, userId: number): Promise<Subject | null> {
  const [u] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      isPlatformAdmin: users.isPlatformAdmin,
      phone: users.phone,
      adminName: users.adminName,
      disabled: sql<boolean>`${users.disabled} or coalesce(${companies.disabled}, false)`,
      enforced: sql<boolean>`coalesce(${companies.enforceTwoFactor}, false)`,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return u ?? null;
}

/** Platform administrators always; company users when their company requires it. */
const isRequired = (s: Subject) => s.isPlatformAdmin || s.enforced;

async function enabledRow(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)));
  return row ?? null;
}

/** The caller's state for the security page. */
export async function twoFactorStatus(db: Db, userId: number) {
  const s = await subject(db, userId);
  if (!s) throw loginExpired();
  const row = await enabledRow(db, userId);
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return {
    enabled: !!row,
    required: isRequired(s),
    recoveryCodesLeft: row ? Number(left?.n ?? 0) : 0,
    enabledAt: row?.enabledAt ? row.enabledAt.toISOString() : null,
  };
}

/** Audit entry plus a message in the user's inbox (company users; platform administrators have no inbox). */
/** A security notice to the user's inbox (notifications registers how, as it sits above auth). */
export type SecurityNotifier = (
  db: Db,
  companyId: number,
  notice: { type: 'security_2fa'; title: string; linkPath: string },
  userId: number,
) => Promise<void>;
let securityNotifier: SecurityNotifier | null = null;

/** Registers the inbox that security notices go to (notifications/notify.ts, when it loads). */
export function registerSecurityNotifier(notifier: SecurityNotifier): void {
  securityNotifier = notifier;
}

async function record(db: Db, actor: AuditActor, s: Subject, action: AuditAction, title: string, after?: unknown) {
  await recordAudit(db, actor, { action, targetType: 'user', targetId: s.id, after });
  if (s.companyId) await securityNotifier?.(db, s.companyId, { type: 'security_2fa', title, linkPath: SAFE_PAGE }, s.id);
}

// ---------------------------------------------------------------------------------------------------------
// Enrolment

/** Starts (or restarts) an enrolment: a new secret, inactive until confirmed. Answered only now. */
export async function startEnrolment(db: Db, userId: number) {
  const s = await subject(db, userId);
  if (!s) throw loginExpired();
  if (await enabledRow(db, userId)) throw fail('TWO_FACTOR_ALREADY_ON');
  const secret = await newTotpSecret();
  const sealed = sealSecret(secret);
  await db
    .insert(userTwoFactor)
    .values({ userId, secret: sealed })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { secret: sealed, enabledAt: null, lastStep: 0, createdAt: new Date() } });
  const url = await otpauthUrl(secret, s.adminName || s.phone);
  const qrImage = await (await loadQrCode()).toDataURL(url, { width: 220, margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl: url, qrImage };
}

/** Ten fresh recovery codes replace the user's old ones; answered once, stored hashed. */
async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashPassword(normaliseRecoveryCode(c))));
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  });
  return codes;
}

/**
 * Accepts a TOTP code for the user's secret once: the step must be later than the last accepted one (an
 * atomic update, so two requests with the same code cannot both pass). Returns 'ok', 'bad' or 'replay'.
 */
async function acceptTotp(db: Db, row: { userId: number; secret: string }, code: string): Promise<'ok' | 'bad' | 'replay'> {
  const secret = openSecret(row.secret);
  const step = secret ? await totpStep(secret, code) : null;
  if (step === null) return 'bad';
  const taken = await db
    .update(userTwoFactor)
    .set({ lastStep: step })
    .where(and(eq(userTwoFactor.userId, row.userId), lt(userTwoFactor.lastStep, step)))
    .returning({ userId: userTwoFactor.userId });
  return taken.length ? 'ok' : 'replay';
}

/** Uses one of the user's unused recovery codes; true when it matched (and is now spent). */
async function useRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const plain = normaliseRecoveryCode(code);
  if (!/^[a-z0-9]{10}$/.test(plain)) return false;
  const rows = await db
    .select({ id: twoFactorRecoveryCodes.id, codeHash: twoFactorRecoveryCodes.codeHash })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  for (const r of rows) {
    if (!(await verifyPassword(r.codeHash, plain))) continue;
    const spent = await db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(twoFactorRecoveryCodes.id, r.id), isNull(twoFactorRecoveryCodes.usedAt)))
      .returning({ id: twoFactorRecoveryCodes.id });
    return spent.length > 0;
  }
  return false;
}

/**
 * Checks a code of a signed-in or signing-in user under the lockout rules of passwords (counted before the
 * check; cleared when right). A 6-digit code is a TOTP code; anything else a recovery code when allowed.
 */
async function checkCode(
  db: Db,
  request: FastifyRequest,
  userId: number,
  row: { userId: number; secret: string },
  code: string,
  allowRecovery: boolean,
): Promise<'totp' | 'recovery'> {
  const slot = await reserveAttempt(db, lockKey(userId), clientInfo(request).ip, true);
  if (!slot.taken) throw fail('LOGIN_LOCKED');
  const trimmed = code.trim();
  let kind: 'totp' | 'recovery' | null = null;
  if (/^\d{6}$/.test(trimmed)) {
    const r = await acceptTotp(db, row, trimmed);
    if (r === 'replay') throw fail(slot.locked ? 'LOGIN_LOCKED' : 'TWO_FACTOR_CODE_USED');
    if (r === 'ok') kind = 'totp';
  } else if (allowRecovery && (await useRecoveryCode(db, userId, trimmed))) kind = 'recovery';
  if (!kind) throw fail(slot.locked ? 'LOGIN_LOCKED' : 'TWO_FACTOR_CODE_WRONG');
  await clearFailures(db, lockKey(userId), clientInfo(request).ip);
  return kind;
}

/** Confirms the enrolment with a code from the app; turns two-factor sign-in on; answers the recovery codes. */
export async function confirmEnrolment(db: Db, request: FastifyRequest, userId: number, code: string) {
  const s = await subject(db, userId);
  if (!s) throw loginExpired();
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  if (!row) throw fail('TWO_FACTOR_NOT_STARTED');
  if (row.enabledAt) throw fail('TWO_FACTOR_ALREADY_ON');
  await checkCode(db, request, userId, row, code, false);
  const recoveryCodes = await replaceRecoveryCodes(db, userId);
  await db.transaction(async (tx) => {
    await tx.update(userTwoFactor).set({ enabledAt: new Date() }).where(eq(userTwoFactor.userId, userId));
    await record(tx, auditActor(request), s, 'two_factor.enable', '您已开启两步验证');
  });
  forgetSessions({ userIds: [userId] });
  return { recoveryCodes };
}

/** New recovery codes (the old ones stop working), after a current TOTP code. */
export async function regenerateRecoveryCodes(db: Db, request: FastifyRequest, userId: number, code: string) {
  const s = await subject(db, userId);
  if (!s) throw loginExpired();
  const row = await enabledRow(db, userId);
  if (!row) throw fail('TWO_FACTOR_OFF');
  await checkCode(db, request, userId, row, code, false);
  const recoveryCodes = await replaceRecoveryCodes(db, userId);
  await record(db, auditActor(request), s, 'two_factor.recovery_regenerate', '您的两步验证恢复码已重新生成');
  return { recoveryCodes };
}

/** Everything of a user's second factor goes: authenticator, recovery codes, remembered devices. */
async function removeTwoFactor(db: Db, userId: number) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactorDevices).where(eq(twoFactorDevices.userId, userId));
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  forgetSessions({ userIds: [userId] });
}

/** Turns it off, proved by a current code (or recovery code) or the password; refused when required. */
export async function disableTwoFactor(db: Db, request: FastifyRequest, userId: number, b: { code?: string; password?: string }) {
  const s = await subject(db, userId);
  if (!s) throw loginExpired();
  if (isRequired(s)) throw fail('TWO_FACTOR_REQUIRED');
  const row = await enabledRow(db, userId);
  if (!row) throw fail('TWO_FACTOR_OFF');
  if (b.code) await checkCode(db, request, userId, row, b.code, true);
  else {
    const slot = await reserveAttempt(db, lockKey(userId), clientInfo(request).ip, true);
    if (!slot.taken) throw fail('LOGIN_LOCKED');
    const [u] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!u || !(await verifyPassword(u.passwordHash, b.password ?? ''))) throw fail(slot.locked ? 'LOGIN_LOCKED' : 'TWO_FACTOR_PASSWORD_WRONG');
    await clearFailures(db, lockKey(userId), clientInfo(request).ip);
  }
  await db.transaction(async (tx) => {
    await removeTwoFactor(tx, userId);
    await record(tx, auditActor(request), s, 'two_factor.disable', '您已关闭两步验证');
  });
}

/**
 * Resets another user's two-factor sign-in (lost phone): a company administrator for a user of the same
 * company (`companyId`), or a platform administrator for anyone (`companyId` null). The user enrols again.
 */
export async function resetTwoFactor(db: Db, request: FastifyRequest, targetUserId: number, companyId: number | null) {
  const s = await subject(db, targetUserId);
  if (!s || (companyId !== null && s.companyId !== companyId)) throw fail('TWO_FACTOR_USER_NOT_FOUND');
  await db.transaction(async (tx) => {
    await removeTwoFactor(tx, targetUserId);
    await record(tx, auditActor(request), s, 'two_factor.reset', '您的两步验证已被管理员重置，请重新设置');
  });
}

/** The company's policy: every user must use two-factor sign-in. */
export async function companyPolicy(db: Db, companyId: number) {
  const [c] = await db.select({ enforce: companies.enforceTwoFactor }).from(companies).where(eq(companies.id, companyId));
  return { enforce: !!c?.enforce };
}

export async function saveCompanyPolicy(db: Db, request: FastifyRequest, companyId: number, enforce: boolean) {
  const before = await companyPolicy(db, companyId);
  await db.transaction(async (tx) => {
    await tx.update(companies).set({ enforceTwoFactor: enforce, updatedAt: new Date() }).where(eq(companies.id, companyId));
    await recordAudit(tx, auditActor(request), { action: 'two_factor.policy', targetType: 'company', targetId: companyId, before, after: { enforce } });
  });
  forgetSessions({ companyIds: [companyId] });
  return { enforce };
}

// ---------------------------------------------------------------------------------------------------------
// Remembered devices (记住此设备): the caller's own, listed and removed; never another user's.

/** The caller's unexpired remembered devices, latest use first; the one this browser holds is marked. */
export async function listDevices(db: Db, request: FastifyRequest, userId: number) {
  const mine = deviceCookieHash(request);
  const rows = await db
    .select()
    .from(twoFactorDevices)
    .where(and(eq(twoFactorDevices.userId, userId), gt(twoFactorDevices.expiresAt, sql`now()`)))
    .orderBy(sql`coalesce(${twoFactorDevices.lastUsedAt}, ${twoFactorDevices.createdAt}) desc`, desc(twoFactorDevices.id));
  return rows.map((r) => ({
    id: r.id,
    device: deviceName(r.userAgent),
    userAgent: r.userAgent,
    ip: r.ip,
    createdAt: r.createdAt,
    lastUsedAt: r.lastUsedAt,
    expiresAt: r.expiresAt,
    current: r.tokenHash === mine,
  }));
}

/** Ends the browser's device cookie when the device it names is gone (it would no longer match anyway). */
function dropDeviceCookie(request: FastifyRequest, reply: FastifyReply) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${DEVICE_COOKIE}=; Path=/api/appuser; Max-Age=0; HttpOnly; SameSite=Strict${secure}`);
}

/**
 * Removes one of the caller's remembered devices (`id`) or all of them (`id` null): that browser asks for the
 * second step again at its next sign-in. Another user's device answers 记录不存在, like one that does not exist.
 */
export async function removeDevices(db: Db, request: FastifyRequest, reply: FastifyReply, userId: number, id: number | null) {
  const s = await subject(db, userId);
  if (!s) throw loginExpired();
  const mine = deviceCookieHash(request);
  const removed = await db.transaction(async (tx) => {
    const gone = await tx
      .delete(twoFactorDevices)
      .where(and(eq(twoFactorDevices.userId, userId), id === null ? undefined : eq(twoFactorDevices.id, id)))
      .returning({ id: twoFactorDevices.id, tokenHash: twoFactorDevices.tokenHash, userAgent: twoFactorDevices.userAgent });
    if (id !== null && !gone.length) throw notFound();
    if (!gone.length) return gone;
    const after = { devices: gone.map((d) => ({ id: d.id, device: deviceName(d.userAgent) })) };
    if (id === null) await record(tx, auditActor(request), s, 'two_factor.devices_remove_all', '您已移除全部记住的设备', after);
    else await record(tx, auditActor(request), s, 'two_factor.device_remove', `您已移除记住的设备：${after.devices[0]!.device}`, after);
    return gone;
  });
  if (mine && removed.some((d) => d.tokenHash === mine)) dropDeviceCookie(request, reply);
  return { removed: removed.length };
}

// ---------------------------------------------------------------------------------------------------------
// Sign-in

function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/** The remembered-device row this browser's cookie names for the user (unexpired), or null. */
function deviceCookieHash(request: FastifyRequest): string | null {
  const token = readCookie(request, DEVICE_COOKIE);
  return token && token.length <= 100 ? hashToken(token) : null;
}

/** Whether this browser is a remembered device of the user; a hit records its use (time and address). */
async function deviceRemembered(db: Db, request: FastifyRequest, userId: number): Promise<boolean> {
  const tokenHash = deviceCookieHash(request);
  if (!tokenHash) return false;
  const hit = await db
    .update(twoFactorDevices)
    .set({ lastUsedAt: new Date(), ip: clientInfo(request).ip.slice(0, 64) })
    .where(and(eq(twoFactorDevices.tokenHash, tokenHash), eq(twoFactorDevices.userId, userId), gt(twoFactorDevices.expiresAt, sql`now()`)))
    .returning({ id: twoFactorDevices.id });
  return hit.length > 0;
}

async function rememberDevice(db: Db, request: FastifyRequest, reply: FastifyReply, userId: number) {
  const token = crypto.randomBytes(32).toString('base64url');
  const maxAge = TWO_FACTOR_DEVICE_DAYS * 24 * 3600;
  await db.insert(twoFactorDevices).values({
    userId,
    tokenHash: hashToken(token),
    userAgent: clientInfo(request).userAgent.slice(0, 300),
    ip: clientInfo(request).ip.slice(0, 64),
    expiresAt: new Date(Date.now() + maxAge * 1000),
  });
  // Housekeeping, like sessions: expired devices are of no use.
  if (Math.random() < 0.02) await db.delete(twoFactorDevices).where(lt(twoFactorDevices.expiresAt, sql`now()`));
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${DEVICE_COOKIE}=${token}; Path=/api/appuser; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`);
}

/**
 * The end of every sign-in method's first factor: a session, unless the user has two-factor sign-in on and
 * this browser is not a remembered device; then a pending token for the second step.
 */
export async function afterFirstFactor(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  rememberMe: boolean,
  method: FirstFactor,
): Promise<SignInResult> {
  const on = await enabledRow(app.db, userId);
  if (!on || (await deviceRemembered(app.db, request, userId))) return issueLogin(app, request, userId, rememberMe);
  const token = crypto.randomBytes(32).toString('base64url');
  await app.db.insert(twoFactorChallenges).values({
    tokenHash: hashToken(token),
    userId,
    rememberMe,
    method,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_S * 1000),
  });
  if (Math.random() < 0.02) await app.db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, sql`now() - interval '1 day'`));
  return { twoFactor: { token, expiresIn: CHALLENGE_TTL_S } };
}

/** The second step: a TOTP or recovery code for a pending token; starts the session (and remembers the device). */
export async function verifySecondFactor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  b: z.output<typeof twoFactorVerifyInput>,
): Promise<LoginAnswer> {
  const db = app.db;
  const [ch] = await db
    .select()
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.tokenHash, hashToken(b.token)), isNull(twoFactorChallenges.usedAt), gt(twoFactorChallenges.expiresAt, sql`now()`)));
  if (!ch) throw fail('TWO_FACTOR_CHALLENGE_GONE');
  const s = await subject(db, ch.userId);
  if (!s) throw fail('TWO_FACTOR_CHALLENGE_GONE');
  if (s.disabled) throw fail('ACCOUNT_DISABLED');
  const row = await enabledRow(db, ch.userId);
  // Turned off or reset since the first step: nothing to check against, start over.
  if (!row) throw fail('TWO_FACTOR_CHALLENGE_GONE');
  const kind = await checkCode(db, request, ch.userId, row, b.code, true);
  const used = await db
    .update(twoFactorChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(twoFactorChallenges.id, ch.id), isNull(twoFactorChallenges.usedAt)))
    .returning({ id: twoFactorChallenges.id });
  if (!used.length) throw fail('TWO_FACTOR_CHALLENGE_GONE');
  if (kind === 'recovery') {
    await record(db, { userId: s.id, ip: clientInfo(request).ip }, s, 'two_factor.recovery_used', '您使用了一个两步验证恢复码登录', {
      method: ch.method,
    });
  }
  if (b.rememberDevice) await rememberDevice(db, request, reply, ch.userId);
  return issueLogin(app, request, ch.userId, ch.rememberMe);
}
