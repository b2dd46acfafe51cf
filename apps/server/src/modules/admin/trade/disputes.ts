import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { RmaDisputeStatus, rmaMachine, RmaStatus, RmaType, Side, type adminDisputeDecideInput, type adminDisputeListQuery, type z } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { orderLines, orders, rmaDisputes, rmaLines, rmas } from '../../../db/schema/index.ts';
import { fail } from '../messages.ts';
import { pagedRows, totalOf } from '../../../lib/paged.ts';
import { escapeLike } from '../../../lib/sql.ts';
import { conflict } from '../../../lib/errors.ts';
import { inTransaction, rmaLink, transition } from '../../aftersales/index.ts';
import type { AuditActor } from '../../audit/index.ts';
import { notify } from '../../notifications/index.ts';
import { audited } from '../audited.ts';

type DisputeFilter = z.infer<typeof adminDisputeListQuery>;

/** Disputes for the platform: those awaiting a decision first (oldest first), then the decided, newest first. */
export async function listDisputes(db: Db, q: DisputeFilter) {
  const conds: SQL[] = [];
  if (q.status !== undefined) conds.push(eq(rmaDisputes.status, q.status));
  if (q.keyword) {
    const start = `${escapeLike(q.keyword)}%`;
    conds.push(
      sql`${rmaDisputes.rmaId} in (select r.id from ${rmas} r join ${orders} o on o.id = r.order_id where r.rma_no ilike ${start} or o.order_no ilike ${start})`,
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const page = await pagedRows(
    db
      .select({ d: rmaDisputes, r: rmas, orderNo: orders.orderNo, buyerCompanyName: orders.buyerCompanyName, sellerCompanyName: orders.sellerCompanyName, total: totalOf(rmaDisputes, where) })
      .from(rmaDisputes)
      .innerJoin(rmas, eq(rmas.id, rmaDisputes.rmaId))
      .innerJoin(orders, eq(orders.id, rmas.orderId))
      .where(where)
      .orderBy(
        sql`case when ${rmaDisputes.status} = ${RmaDisputeStatus.OPEN} then 0 else 1 end`,
        sql`case when ${rmaDisputes.status} = ${RmaDisputeStatus.OPEN} then ${rmaDisputes.createdAt} end asc`,
        desc(rmaDisputes.decidedAt),
        desc(rmaDisputes.id),
      ),
    q,
    () => db.$count(rmaDisputes, where),
  );
  return {
    total: page.total,
    list: page.list.map(({ d, r, orderNo, buyerCompanyName, sellerCompanyName }) => ({
      id: d.id,
      rmaId: r.id,
      rmaNo: r.rmaNo,
      rmaType: r.type,
      rmaStatus: r.status,
      rmaReason: r.reason,
      rmaDescription: r.description,
      refundAmount: r.refundAmount,
      rejectReason: r.rejectReason,
      orderId: r.orderId,
      orderNo,
      buyerCompanyName,
      sellerCompanyName,
      status: d.status,
      raisedBySide: d.raisedBySide,
      reason: d.reason,
      decisionReason: d.decisionReason,
      createdAt: d.createdAt,
      decidedAt: d.decidedAt,
    })),
  };
}

/**
 * The platform decides a dispute, once (the dispute row is locked and must still be open): supporting the
 * purchaser puts the refused request back where an approval would have put it (待寄回, or 待退款 for refund only),
 * claiming its quantities again; supporting the supplier leaves the refusal standing and closes the dispute.
 * Audited; both parties are told.
 */
export async function decideDispute(db: Db, actor: AuditActor, input: z.infer<typeof adminDisputeDecideInput>, now = new Date()): Promise<void> {
  await inTransaction(db, async (t) => {
    const [d] = await t.select().from(rmaDisputes).where(eq(rmaDisputes.id, input.id)).for('update');
    if (!d) throw fail('DISPUTE_NOT_FOUND');
    if (d.status !== RmaDisputeStatus.OPEN) throw fail('DISPUTE_ALREADY_DECIDED');
    const [r] = await t.select().from(rmas).where(eq(rmas.id, d.rmaId)).for('update');
    if (!r) throw fail('DISPUTE_RMA_NOT_FOUND');
    const refused = rmaMachine.refusal('arbitrate', r.status, r, 'platform');
    if (refused) throw conflict(refused);
    const forBuyer = input.support === 'buyer';
    const verdict = forBuyer ? '支持采购商' : '支持供应商';
    const note = `平台裁决：${verdict}。${input.reason}`;
    if (forBuyer) {
      await claimAgain(t, r.id);
      const to = r.type === RmaType.REFUND ? RmaStatus.TO_SETTLE : RmaStatus.TO_RETURN;
      await transition(
        t,
        r,
        {
          to,
          action: 'arbitrate',
          side: Side.PLATFORM,
          userId: actor.userId,
          userName: '平台',
          note,
          notice: {
            title: `平台裁决支持您的售后申请 ${r.rmaNo}`,
            content:
              to === RmaStatus.TO_SETTLE
                ? `平台支持了您的售后申请 ${r.rmaNo}，等待供应商退款。理由：${input.reason}`
                : `平台支持了您的售后申请 ${r.rmaNo}，请寄回商品并填写物流单号。理由：${input.reason}`,
          },
        },
        now,
      );
    } else {
      await transition(
        t,
        r,
        {
          to: RmaStatus.REJECTED,
          action: 'arbitrate',
          side: Side.PLATFORM,
          userId: actor.userId,
          userName: '平台',
          note,
          notice: { title: `平台裁决维持驳回 ${r.rmaNo}`, content: `平台支持供应商的驳回，售后申请 ${r.rmaNo} 已关闭。理由：${input.reason}` },
        },
        now,
      );
    }
    await notify(t, r.sellerCompanyId, {
      type: 'rma',
      title: forBuyer ? `平台裁决支持采购商 ${r.rmaNo}` : `平台裁决支持您的驳回 ${r.rmaNo}`,
      content: forBuyer
        ? `平台支持了采购商的售后申请 ${r.rmaNo}，请按已同意的申请继续处理。理由：${input.reason}`
        : `平台支持了您对售后申请 ${r.rmaNo} 的驳回，申请已关闭。理由：${input.reason}`,
      linkPath: rmaLink(r.id, 'seller'),
    });
    const status = forBuyer ? RmaDisputeStatus.BUYER_SUPPORTED : RmaDisputeStatus.SELLER_SUPPORTED;
    await t
      .update(rmaDisputes)
      .set({ status, decisionReason: input.reason, decidedBy: actor.userId, decidedAt: now })
      .where(eq(rmaDisputes.id, d.id));
    await audited(
      t,
      actor,
      forBuyer ? 'rma.arbitrate.buyer' : 'rma.arbitrate.seller',
      'rma',
      r.id,
      { rmaStatus: r.status, disputeStatus: d.status },
      { rmaStatus: forBuyer ? (r.type === RmaType.REFUND ? RmaStatus.TO_SETTLE : RmaStatus.TO_RETURN) : r.status, disputeStatus: status, reason: input.reason },
    );
  });
}

/** Claims a refused request's quantities on its order lines again (released when it was refused). */
async function claimAgain(t: Db, rmaId: number): Promise<void> {
  const claims = await t.select({ orderLineId: rmaLines.orderLineId, quantity: rmaLines.quantity }).from(rmaLines).where(eq(rmaLines.rmaId, rmaId)).orderBy(asc(rmaLines.orderLineId));
  for (const c of claims) {
    const [line] = await t.select().from(orderLines).where(eq(orderLines.id, c.orderLineId)).for('update');
    if (!line) throw fail('DISPUTE_LINE_NOT_FOUND');
    if (line.shippedQty - line.claimedQty < c.quantity) {
      throw fail('DISPUTE_QUANTITY_TAKEN', { productName: line.productName });
    }
    await t.update(orderLines).set({ claimedQty: line.claimedQty + c.quantity }).where(eq(orderLines.id, line.id));
  }
}

