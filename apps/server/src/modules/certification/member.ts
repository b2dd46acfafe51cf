import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { MEMBER_LEVEL_BENEFITS, enumLabel } from '@aquamall/shared';
import { companies, memberUpgradeRequests } from '../../db/schema/index.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { forgetSessions, type AuthContext } from '../auth/sessions.ts';
import { recordAudit, type AuditActor } from '../audit/record.ts';
import { notifyDecision } from '../notifications/decision.ts';
import { addReviewEvent } from '../merchant/events.ts';

/** Where upgrade fees are paid (shown on the membership page). */
export const PLATFORM_BANK = { accountName: '水务商城平台运营有限公司', bankName: '中国工商银行福州五四支行', accountNo: '1402 0230 0920 0088 888' };
export const UpgradeStatus = { PENDING: 0, CONFIRMED: 1, REJECTED: 2 } as const;

export async function memberInfo(app: FastifyInstance, companyId: number) {
  const [c] = await app.db.select({ memberLevel: companies.memberLevel, isMemberVail: companies.isMemberVail }).from(companies).where(eq(companies.id, companyId));
  const requests = await app.db.select().from(memberUpgradeRequests).where(eq(memberUpgradeRequests.companyId, companyId)).orderBy(desc(memberUpgradeRequests.id)).limit(20);
  return { memberLevel: c?.memberLevel ?? 0, isMemberVail: c?.isMemberVail ?? 0, levels: MEMBER_LEVEL_BENEFITS, platformBank: PLATFORM_BANK, requests };
}

export async function requestUpgrade(app: FastifyInstance, auth: AuthContext, input: { targetLevel: number; transferRef: string; remark: string }) {
  const [c] = await app.db.select({ memberLevel: companies.memberLevel }).from(companies).where(eq(companies.id, auth.companyId!));
  const from = c?.memberLevel ?? 0;
  if (input.targetLevel === from) throw invalid('已是该会员等级');
  const [pending] = await app.db.select({ id: memberUpgradeRequests.id }).from(memberUpgradeRequests).where(and(eq(memberUpgradeRequests.companyId, auth.companyId!), eq(memberUpgradeRequests.status, UpgradeStatus.PENDING)));
  if (pending) throw conflict('已有待确认的升级申请，请等待平台确认');
  const [row] = await app.db.insert(memberUpgradeRequests).values({ companyId: auth.companyId!, fromLevel: from, ...input }).returning();
  return row!;
}

export async function listUpgrades(app: FastifyInstance, q: { status?: number; pageIndex: number; pageSize: number }) {
  const conds: SQL[] = [];
  if (q.status !== undefined) conds.push(eq(memberUpgradeRequests.status, q.status));
  const where = conds.length ? and(...conds) : undefined;
  const [list, [total]] = await Promise.all([
    app.db
      .select({ r: memberUpgradeRequests, companyName: companies.name })
      .from(memberUpgradeRequests)
      .innerJoin(companies, eq(companies.id, memberUpgradeRequests.companyId))
      .where(where)
      .orderBy(desc(memberUpgradeRequests.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    app.db.select({ n: count() }).from(memberUpgradeRequests).where(where),
  ]);
  return { list: list.map((x) => ({ ...x.r, companyName: x.companyName })), total: total?.n ?? 0 };
}

/** Platform confirms (after the transfer arrived) or rejects an upgrade request; confirming sets the level. */
export async function decideUpgrade(app: FastifyInstance, actor: AuditActor, id: number, decision: { approve: true } | { approve: false; reason: string }) {
  const now = new Date();
  return app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(memberUpgradeRequests).where(eq(memberUpgradeRequests.id, id));
    if (!before) throw notFound('升级申请不存在');
    const [after] = await tx
      .update(memberUpgradeRequests)
      .set({ status: decision.approve ? UpgradeStatus.CONFIRMED : UpgradeStatus.REJECTED, decidedAt: now, decidedBy: actor.userId, rejectReason: decision.approve ? null : decision.reason })
      .where(and(eq(memberUpgradeRequests.id, id), eq(memberUpgradeRequests.status, UpgradeStatus.PENDING)))
      .returning();
    if (!after) throw conflict('该申请已处理，请勿重复操作');
    const [company] = await tx.select({ memberLevel: companies.memberLevel }).from(companies).where(eq(companies.id, after.companyId));
    if (decision.approve) {
      forgetSessions({ companyIds: [after.companyId] });
      await tx.update(companies).set({ memberLevel: after.targetLevel, updatedAt: now }).where(eq(companies.id, after.companyId));
    }
    await addReviewEvent(tx, { kind: 'member_upgrade', subjectId: id, companyId: after.companyId, action: decision.approve ? 'approve' : 'reject', reason: decision.approve ? null : decision.reason, actorUserId: actor.userId });
    await recordAudit(tx, actor, {
      action: decision.approve ? 'member.upgrade.confirm' : 'member.upgrade.reject',
      targetType: 'company',
      targetId: after.companyId,
      before: { memberLevel: company?.memberLevel, requestStatus: before.status },
      after: { memberLevel: decision.approve ? after.targetLevel : company?.memberLevel, requestStatus: after.status, requestId: id },
    });
    const levelName = enumLabel('MemberLevel', after.targetLevel) ?? '';
    await notifyDecision(app, tx, after.companyId, decision.approve
      ? { type: 'member_upgrade', title: `会员已升级为${levelName}`, content: '平台已确认收款，会员权益已生效。', linkPath: '/customer/authentication/member' }
      : { type: 'member_upgrade', title: '会员升级申请未通过', content: `原因：${decision.reason}`, linkPath: '/customer/authentication/member' });
    return after;
  });
}
