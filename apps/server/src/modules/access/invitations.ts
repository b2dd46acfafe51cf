import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { INVITATION_DAYS, type CompanyInvitationRow, type InviteAcceptInput, type UserInviteInput } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies, companyInvitations, roles, userRoles, users } from '../../db/schema/index.ts';
import { invalid, raise } from '../../lib/errors.ts';
import { accessErrors, fail } from './messages.ts';
import { codesErrors } from '../codes/index.ts';
import { hashPassword } from '../../lib/password.ts';
import { requireSms } from '../../lib/providers/availability.ts';
import { findByPhone, passwordProblem } from '../auth/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { CODE_TTL_MIN, issueCode, requireCode } from '../codes/index.ts';
import { ownRolesCondition } from './scope.ts';

type Caller = AuthContext & { companyId: number };

export const MSG_INVITED = '邀请已发送，对方在“接受邀请”页面用短信验证码设置密码后即加入本企业';
export const MSG_NO_INVITATION = accessErrors.INVITE_GONE.message;

const live = () => and(eq(companyInvitations.status, 'pending'), gt(companyInvitations.expiresAt, sql`now()`));

/** Whether a pending, unexpired invitation waits for this number (any company). */
/** Only an unregistered number with an open invitation can use an invitation code (codes/send.ts). */
export async function isInviteCodeRecipient(db: Db, phone: string): Promise<boolean> {
  return !(await findByPhone(db, phone)) && (await hasLiveInvitation(db, phone));
}

export async function hasLiveInvitation(db: Db, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companyInvitations.id })
    .from(companyInvitations)
    .where(and(eq(companyInvitations.phone, phone), live()))
    .limit(1);
  return !!row;
}

/**
 * Records an invitation and texts the number a code, unless the number already has an account (an account
 * belongs to exactly one company, so it cannot join another): then nothing is sent and the invitation can
 * never be accepted. The answer is the same either way, so inviting reveals nothing about a number. Inviting
 * a number again replaces the company's earlier invitation of it.
 */
export async function inviteUser(app: FastifyInstance, caller: Caller, roleIds: number[], input: UserInviteInput, ip: string) {
  // The invitee accepts with an SMS code: without an SMS provider an invitation could never be accepted.
  const sms = requireSms(app, 'SMS_SERVICE_OFF');
  const [member] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, input.phone), eq(users.companyId, caller.companyId)));
  // The company's own users are on its list already: saying so tells the inviter nothing new.
  if (member) throw fail('INVITE_ALREADY_MEMBER');
  const row = await app.db.transaction(async (tx) => {
    await tx
      .update(companyInvitations)
      .set({ status: 'revoked', decidedAt: new Date() })
      .where(and(eq(companyInvitations.companyId, caller.companyId), eq(companyInvitations.phone, input.phone), eq(companyInvitations.status, 'pending')));
    const [created] = await tx
      .insert(companyInvitations)
      .values({
        companyId: caller.companyId,
        phone: input.phone,
        realName: input.realName,
        roleIds,
        invitedBy: caller.userId,
        expiresAt: sql`now() + make_interval(days => ${INVITATION_DAYS})` as unknown as Date,
      })
      .returning({ id: companyInvitations.id });
    return created!;
  });
  const [registered] = await app.db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone));
  try {
    // Recorded (and limited) for every number alike; delivered only to numbers that can accept.
    const code = await issueCode(app.db, { channel: 'sms', target: input.phone, purpose: 'invite', ip });
    if (!registered) await sms.sendCode(input.phone, code, CODE_TTL_MIN);
  } catch (err) {
    // Resend interval, daily cap or delivery trouble: the invitee asks for a code on /sso/invite instead.
    app.log.warn({ err }, 'invitation code not sent');
  }
  return { sysNo: row.id };
}

/** The company's open invitations, newest first. */
export async function listInvitations(db: Db, companyId: number): Promise<CompanyInvitationRow[]> {
  const rows = await db
    .select()
    .from(companyInvitations)
    .where(and(eq(companyInvitations.companyId, companyId), live()))
    .orderBy(desc(companyInvitations.id))
    .limit(200);
  const ids = [...new Set(rows.flatMap((r) => r.roleIds))];
  const named = ids.length
    ? await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, ids)).orderBy(asc(roles.id))
    : [];
  return rows.map((r) => ({
    sysNo: r.id,
    phone: r.phone,
    realName: r.realName,
    roles: named.filter((n) => r.roleIds.includes(n.id)).map((n) => ({ sysNo: n.id, name: n.name })),
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/** Withdraws a pending invitation of the caller's company; other companies' invitations are not found. */
export async function revokeInvitation(db: Db, companyId: number, id: number) {
  const done = await db
    .update(companyInvitations)
    .set({ status: 'revoked', decidedAt: new Date() })
    .where(and(eq(companyInvitations.id, id), eq(companyInvitations.companyId, companyId), eq(companyInvitations.status, 'pending')))
    .returning({ id: companyInvitations.id });
  if (!done.length) throw fail('INVITE_NOT_FOUND');
}

/**
 * The invited number accepts: the SMS code proves it, the password is its own. Joins the newest open
 * invitation for the number (one transaction: the user, its roles — those still in the company — and the
 * invitation marked accepted only if still pending). Answers the new user's id.
 */
export async function acceptInvitation(db: Db, input: InviteAcceptInput): Promise<number> {
  const weak = passwordProblem(input.password);
  if (weak) throw invalid(weak);
  if (input.password !== input.confirmPassword) throw fail('INVITE_PASSWORD_MISMATCH');
  await requireCode(db, { channel: 'sms', target: input.phone, purpose: 'invite', code: input.code });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [inv] = await tx
      .select()
      .from(companyInvitations)
      .where(and(eq(companyInvitations.phone, input.phone), live()))
      .orderBy(desc(companyInvitations.id))
      .limit(1)
      .for('update');
    if (!inv) throw fail('INVITE_GONE');
    const [user] = await tx
      .insert(users)
      .values({ companyId: inv.companyId, phone: inv.phone, realName: inv.realName, passwordHash })
      .onConflictDoNothing({ target: users.phone })
      .returning({ id: users.id });
    // Registered meanwhile (the owner may register while an invitation is pending): it cannot join.
    if (!user) throw raise(codesErrors, 'CODE_WRONG');
    const [company] = await tx.select({ type: companies.type }).from(companies).where(eq(companies.id, inv.companyId));
    const keep = inv.roleIds.length
      ? await tx
          .select({ id: roles.id })
          .from(roles)
          .where(and(inArray(roles.id, inv.roleIds), ownRolesCondition({ companyId: inv.companyId, companyType: company?.type ?? null })))
      : [];
    if (keep.length) await tx.insert(userRoles).values(keep.map((r) => ({ userId: user.id, roleId: r.id })));
    await tx
      .update(companyInvitations)
      .set({ status: 'accepted', acceptedUserId: user.id, decidedAt: new Date() })
      .where(and(eq(companyInvitations.id, inv.id), eq(companyInvitations.status, 'pending'), isNull(companyInvitations.acceptedUserId)));
    return user.id;
  });
}
