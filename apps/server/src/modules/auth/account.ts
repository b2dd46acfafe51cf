import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type forgetPasswordInput, type modifyPasswordInput, type modifyUserInfoInput, type replacePhoneInput, type z } from '@aquamall/shared';
import { users } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { invalid, loginExpired, raise } from '../../lib/errors.ts';
import { fail } from './messages.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { requireSms } from '../../lib/providers/availability.ts';
import { requireCode } from '../codes/index.ts';
import { codesErrors } from '../codes/index.ts';
import { clientInfo } from './fields.ts';
import { clearFailures, reserveAttempt } from './lockout.ts';
import { passwordProblem } from './password-policy.ts';
import { revokeUserSessions } from './sessions.ts';
import { loadSessionUser } from './user-info.ts';
import { findByPhone } from './users.ts';


function checkNewPassword(b: { password: string; confirmPassword: string }) {
  const weak = passwordProblem(b.password);
  if (weak) throw invalid(weak);
  if (b.password !== b.confirmPassword) throw fail('PASSWORD_MISMATCH');
}

/** Recovery by SMS code. Ends every session of the account. An unknown number fails like a wrong code. */
export async function forgetPassword(app: FastifyInstance, b: z.output<typeof forgetPasswordInput>) {
  requireSms(app, 'SMS_FORGET_OFF');
  checkNewPassword(b);
  await requireCode(app.db, { channel: 'sms', target: b.phone, purpose: 'forget', code: b.code });
  const user = await findByPhone(app.db, b.phone);
  if (!user) throw raise(codesErrors, 'CODE_WRONG');
  await app.db.update(users).set({ passwordHash: await hashPassword(b.password), updatedAt: new Date() }).where(eq(users.id, user.id));
  await revokeUserSessions(app.db, user.id);
  await clearFailures(app.db, b.phone);
}

/**
 * Change password: proves the old one (counted like login failures), then ends every session including this
 * one (docs/decisions/0040-identity.md): the browser logs out and the user signs in again.
 */
export async function modifyPassword(db: Db, request: FastifyRequest, userId: number, b: z.output<typeof modifyPasswordInput>) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw loginExpired();
  // Counted before the check, like a login (the signed-in caller needs no captcha, only the lock applies).
  const slot = await reserveAttempt(db, user.phone, clientInfo(request).ip, true);
  if (!slot.taken) throw fail('LOGIN_LOCKED');
  if (!(await verifyPassword(user.passwordHash, b.oldPassword))) throw fail(slot.locked ? 'LOGIN_LOCKED' : 'PASSWORD_OLD_WRONG');
  checkNewPassword(b);
  if (b.password === b.oldPassword) throw fail('PASSWORD_UNCHANGED');
  await db.update(users).set({ passwordHash: await hashPassword(b.password), updatedAt: new Date() }).where(eq(users.id, user.id));
  await revokeUserSessions(db, user.id);
  await clearFailures(db, user.phone, clientInfo(request).ip);
}

/** Change phone: a code sent to the current number and a code sent to the new one. */
export async function replacePhone(app: FastifyInstance, userId: number, b: z.output<typeof replacePhoneInput>) {
  requireSms(app, 'SMS_SERVICE_OFF');
  const [user] = await app.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  if (!user) throw loginExpired();
  if (b.newPhone === user.phone) throw fail('PHONE_UNCHANGED');
  await requireCode(app.db, { channel: 'sms', target: user.phone, purpose: 'oldphone', code: b.oldCode });
  await requireCode(app.db, { channel: 'sms', target: b.newPhone, purpose: 'newphone', code: b.newCode });
  if (await findByPhone(app.db, b.newPhone)) throw fail('PHONE_TAKEN');
  try {
    await app.db.update(users).set({ phone: b.newPhone, updatedAt: new Date() }).where(eq(users.id, userId));
  } catch {
    throw fail('PHONE_TAKEN');
  }
  return { phone: b.newPhone };
}

/** Personal details. The e-mail is bound only by code (bindEmail); here it may stay as it is or be removed. */
export async function modifyUserInfo(db: Db, userId: number, b: z.output<typeof modifyUserInfoInput>) {
  const email = b.email?.toLowerCase();
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (email && email !== (current?.email ?? '').toLowerCase()) throw fail('EMAIL_BY_CODE_ONLY');
  await db
    .update(users)
    .set({
      realName: b.realName,
      nickName: b.nickName,
      gender: b.gender ?? null,
      avatar: b.avatar,
      ...(email === '' ? { email: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  return loadSessionUser(db, userId);
}

/**
 * Binds an e-mail address the user proved with the code sent to it. Addresses are unique (case-insensitive,
 * a unique index): one bound elsewhere is refused, also when two users race for it.
 */
export async function bindEmail(db: Db, userId: number, email: string, code: string) {
  await requireCode(db, { channel: 'email', target: email, purpose: 'bind', code });
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, userId)))
    .limit(1);
  if (taken) throw fail('EMAIL_TAKEN');
  try {
    await db.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, userId));
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('EMAIL_TAKEN');
    throw err;
  }
  return loadSessionUser(db, userId);
}
