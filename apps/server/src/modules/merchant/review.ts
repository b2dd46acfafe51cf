import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { MerchantStatus, merchantMachine, SHOP_TYPE_OPTIONS, Side } from '@aquamall/shared';
import { companies, merchantApplications } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import { escapeLike } from '../../lib/sql.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { notifyDecision } from '../notifications/index.ts';
import { transition } from '../../lib/transition.ts';
import { MERCHANT_DOC, reviewActor, merchantHistory } from './history.ts';
import { toView } from './application.ts';

export async function listApplications(
  app: FastifyInstance,
  q: { status?: number; keyword?: string; pageIndex: number; pageSize: number },
) {
  const conds: SQL[] = [];
  if (q.status !== undefined) conds.push(eq(merchantApplications.status, q.status));
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword)}%`;
    conds.push(or(ilike(merchantApplications.companyName, k), ilike(merchantApplications.shopName, k), ilike(merchantApplications.creditCode, k))!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    app.db
      .select()
      .from(merchantApplications)
      .where(where)
      .orderBy(desc(merchantApplications.submittedAt), desc(merchantApplications.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    app.db.select({ n: count() }).from(merchantApplications).where(where),
  ]);
  return { list: rows.map((r) => ({ ...toView(r), id: r.id, companyId: r.companyId })), total: total?.n ?? 0 };
}

export async function applicationDetail(app: FastifyInstance, id: number) {
  const [row] = await app.db.select().from(merchantApplications).where(eq(merchantApplications.id, id));
  if (!row) throw fail('MERCHANT_APPLICATION_NOT_FOUND');
  const [company] = await app.db
    .select({ id: companies.id, name: companies.name, type: companies.type, disabled: companies.disabled, createdAt: companies.createdAt })
    .from(companies)
    .where(eq(companies.id, row.companyId));
  return {
    application: { ...toView(row), id: row.id, companyId: row.companyId, agreementIp: row.agreementIp },
    company: company ?? null,
    history: await merchantHistory(app.db, row.id, true),
  };
}

/**
 * Decides a pending application. The update only matches a 待审核 row, so a draft cannot be approved and two
 * reviewers cannot both decide; the decision, its history entry, the audit entry and the shop change commit
 * together.
 */
export async function decideApplication(
  app: FastifyInstance,
  actor: AuditActor,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
) {
  const now = new Date();
  const result = await app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(merchantApplications).where(eq(merchantApplications.id, id)).for('update');
    if (!before) throw fail('MERCHANT_APPLICATION_NOT_FOUND');
    const decided: { row?: typeof before } = {};
    await transition(tx, {
      machine: merchantMachine,
      action: decision.approve ? 'approve' : 'reject',
      docType: MERCHANT_DOC,
      docId: id,
      from: before.status,
      actor: await reviewActor(tx, actor.userId, Side.PLATFORM),
      note: decision.approve ? '' : decision.reason,
      now,
      apply: async (to) => {
        [decided.row] = await tx
          .update(merchantApplications)
          .set({
            status: to,
            decidedAt: now,
            decidedBy: actor.userId,
            rejectReason: decision.approve ? null : decision.reason,
            updatedAt: now,
          })
          .where(and(eq(merchantApplications.id, id), eq(merchantApplications.status, MerchantStatus.PENDING)))
          .returning();
        if (!decided.row) throw fail('MERCHANT_ALREADY_DECIDED');
      },
    });
    const after = decided.row;
    if (!after) throw fail('MERCHANT_ALREADY_DECIDED');
    const companyChange = decision.approve
      ? {
          merchantStatus: MerchantStatus.APPROVED,
          shopOpen: true,
          shopName: after.shopName,
          shopType: after.shopType,
          creditCode: after.creditCode,
          legalPerson: after.legalPerson,
          contactName: after.contactName,
          contactPhone: after.contactPhone,
          address: after.address,
          // Main business and region carry over to the shop (its settings and the mall's 所在地区).
          mainBusiness: after.mainBusiness,
          ...(after.area.length >= 2
            ? { provinceCode: after.area[0]!, cityCode: after.area[1]!, districtCode: after.area[2] ?? null, areaName: after.areaName }
            : {}),
          updatedAt: now,
        }
      : { merchantStatus: MerchantStatus.REJECTED, updatedAt: now };
    await tx.update(companies).set(companyChange).where(eq(companies.id, after.companyId));
    await recordAudit(tx, actor, {
      action: decision.approve ? 'merchant.approve' : 'merchant.reject',
      targetType: 'merchant_application',
      targetId: id,
      before: { status: before.status, rejectReason: before.rejectReason },
      after: { status: after.status, rejectReason: after.rejectReason, shopName: after.shopName, companyId: after.companyId },
    });
    const shopType = SHOP_TYPE_OPTIONS.find((o) => o.value === after.shopType)?.label ?? '';
    await notifyDecision(
      app,
      tx,
      after.companyId,
      decision.approve
        ? { type: 'merchant_review', title: '商家入驻审核已通过', content: `您的店铺「${after.shopName}」（${shopType}）已开通，现在可以发布商品了。`, linkPath: '/merchant/apply' }
        : { type: 'merchant_review', title: '商家入驻审核未通过', content: `驳回原因：${decision.reason}。请修改后重新提交。`, linkPath: '/merchant/apply' },
    );
    return after;
  });
  return toView(result);
}
