import { and, asc, eq, inArray } from 'drizzle-orm';
import { orderMachine, RmaStatus, RmaType, Side, type RmaApplyInfo, toFen, toYuan } from '@aquamall/shared';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, rmaLines, rmas } from '../../db/schema/index.ts';
import { recordHistory } from '../../lib/transition.ts';
import { conflict } from '../../lib/errors.ts';
import { addDays } from '../jobs/index.ts';
import { notify } from '../notifications/index.ts';
import { viewerOrderType } from '../orders/index.ts';
import { assertOwnUploads } from '../files/index.ts';
import { callerName, type Caller } from '../auth/index.ts';
import { inTransaction, RMA_DOC, rmaFacts, rmaLink } from './common.ts';
import { recordFact } from '../events/index.ts';
import { fail } from './messages.ts';

const TYPE_NAME: Record<number, string> = { [RmaType.RETURN]: '退货退款', [RmaType.REFUND]: '仅退款', [RmaType.EXCHANGE]: '换货' };
export const rmaTypeName = (type: number) => TYPE_NAME[type] ?? '售后';

type OrderRow = typeof orders.$inferSelect;

/**
 * Why the purchaser cannot apply on this order now, or null: the order table's 申请售后 (completed, within rmaDays;
 * packages/shared/src/machines/order.ts), the same rule as the order page's button.
 */
function blockedReason(order: OrderRow, rules: OrderRules, now: Date): string | null {
  const ctx = { paymentWaiting: false, completedAt: order.completedAt, rmaDays: rules.rmaDays, now };
  return orderMachine.refusal('rma', order.status, ctx, 'buyer');
}

/** The purchaser's own order, or 记录不存在 (another company's order is never revealed). */
async function buyerOrder(db: Db, caller: Caller, orderId: number, lock = false): Promise<OrderRow> {
  const q = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerCompanyId, caller.companyId)));
  const [order] = lock ? await q.for('update') : await q;
  if (!order) throw fail('RMA_ORDER_NOT_FOUND');
  return order;
}

export async function rmaApplyInfo(db: Db, caller: Caller, orderId: number, rules: OrderRules, now = new Date()): Promise<RmaApplyInfo> {
  const order = await buyerOrder(db, caller, orderId);
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.sort), asc(orderLines.id));
  const view = lines.map((l) => ({
    orderLineId: l.id,
    productName: l.productName,
    skuCode: l.skuCode,
    spec: l.spec,
    unit: l.unit,
    image: l.image,
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    shippedQty: l.shippedQty,
    claimedQty: l.claimedQty,
    claimableQty: Math.max(0, l.shippedQty - l.claimedQty),
  }));
  let blocked = blockedReason(order, rules, now);
  if (!blocked && !view.some((l) => l.claimableQty > 0)) blocked = '订单商品已全部申请过售后';
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    orderType: viewerOrderType(order.kind, 'buyer'),
    sellerCompanyName: order.sellerCompanyName,
    shopName: order.shopName,
    totalAmount: order.totalAmount,
    completedAt: order.completedAt?.toISOString() ?? null,
    deadline: order.completedAt ? addDays(order.completedAt, rules.rmaDays).toISOString() : null,
    blockedReason: blocked,
    lines: view,
  };
}

export interface RmaApplyIn {
  orderId: number;
  type: number;
  lines: { orderLineId: number; quantity: number }[];
  reason: string;
  description: string;
  photos: string[];
  refundAmount?: number | undefined;
}

/**
 * Applies for after-sales on lines of a completed order within rmaDays of completion. The order lines are
 * locked (`FOR UPDATE`, id order) and each quantity is checked against shipped less already claimed, then
 * claimed in the same transaction, so two parallel applications can never claim more than was received.
 */
export async function applyRma(db: Db, caller: Caller, input: RmaApplyIn, rules: OrderRules, now = new Date()): Promise<{ id: number; rmaNo: string }> {
  const photos = await assertOwnUploads(db, caller.companyId, input.photos, '图片不存在或不是本公司上传的文件');
  const userName = await callerName(db, caller.userId);
  return inTransaction(db, async (t) => {
    const order = await buyerOrder(t, caller, input.orderId);
    const blocked = blockedReason(order, rules, now);
    if (blocked) throw conflict(blocked);
    const ids = input.lines.map((l) => l.orderLineId);
    const locked = await t
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), inArray(orderLines.id, ids)))
      .orderBy(asc(orderLines.id))
      .for('update');
    if (locked.length !== new Set(ids).size) throw fail('RMA_ORDER_LINE_NOT_FOUND');
    const byId = new Map(locked.map((l) => [l.id, l]));
    let linesFen = 0;
    const rows = input.lines.map((l) => {
      const line = byId.get(l.orderLineId)!;
      const claimable = line.shippedQty - line.claimedQty;
      if (l.quantity > claimable) {
        throw claimable > 0
          ? fail('RMA_QUANTITY_OVER', { product: line.productName, left: claimable, unit: line.unit })
          : fail('RMA_QUANTITY_NONE', { product: line.productName });
      }
      const fen = toFen(line.unitPrice) * l.quantity;
      linesFen += fen;
      return { orderLineId: line.id, quantity: l.quantity, amount: toYuan(fen) };
    });
    let refundFen = 0;
    if (input.type !== RmaType.EXCHANGE) {
      refundFen = input.refundAmount === undefined ? linesFen : toFen(input.refundAmount);
      if (refundFen > linesFen) throw fail('RMA_REFUND_OVER_LINES', { max: toYuan(linesFen) });
      if (refundFen <= 0) throw fail('RMA_REFUND_ZERO');
    }
    const [rma] = await t
      .insert(rmas)
      .values({
        orderId: order.id,
        buyerCompanyId: order.buyerCompanyId,
        sellerCompanyId: order.sellerCompanyId,
        type: input.type,
        status: RmaStatus.PENDING,
        reason: input.reason,
        description: input.description,
        photos,
        refundAmount: toYuan(refundFen),
        createdBy: caller.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: rmas.id, rmaNo: rmas.rmaNo });
    await t.insert(rmaLines).values(rows.map((r) => ({ ...r, rmaId: rma!.id })));
    for (const r of rows) {
      await t
        .update(orderLines)
        .set({ claimedQty: byId.get(r.orderLineId)!.claimedQty + r.quantity })
        .where(eq(orderLines.id, r.orderLineId));
    }
    await recordHistory(t, {
      docType: RMA_DOC,
      docId: rma!.id,
      action: 'apply',
      fromStatus: null,
      toStatus: RmaStatus.PENDING,
      actor: { side: Side.BUYER, userId: caller.userId, userName },
      note: `${rmaTypeName(input.type)}：${input.reason}`,
      now,
    });
    await notify(t, order.sellerCompanyId, {
      type: 'rma',
      title: `新售后申请 ${rma!.rmaNo}`,
      content: `${order.buyerCompanyName} 对订单 ${order.orderNo} 申请${rmaTypeName(input.type)}${refundFen ? `，退款 ¥${toYuan(refundFen)}` : ''}，请及时审核。`,
      linkPath: rmaLink(rma!.id, 'seller'),
      event: 'rma.requested',
      vars: { no: order.orderNo },
    });
    await recordFact(
      t,
      'aftersales.updated',
      rmaFacts({ id: rma!.id, rmaNo: rma!.rmaNo, orderId: order.id, type: input.type }, 'apply', RmaStatus.PENDING),
      [order.buyerCompanyId, order.sellerCompanyId],
      now,
    );
    return { id: rma!.id, rmaNo: rma!.rmaNo };
  });
}
