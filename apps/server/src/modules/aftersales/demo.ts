import { and, asc, eq } from 'drizzle-orm';
import { OrderStatus, RefundMethod, RmaType } from '@aquamall/shared';
import { DEFAULT_ORDER_RULES } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orderLines, orders } from '../../db/schema/index.ts';
import { callerByPhone } from '../auth/index.ts';
import { addHours } from '../jobs/index.ts';
import { applyRma } from './apply.ts';
import { approveRma, refundRma } from './transitions.ts';

/** The demo purchaser's earliest completed order from a supplier, with its lines. */
async function oldestCompleted(db: Db, buyerCompanyId: number, sellerCompanyId: number) {
  const [order] = await db
    .select({ id: orders.id, completedAt: orders.completedAt })
    .from(orders)
    .where(
      and(
        eq(orders.buyerCompanyId, buyerCompanyId),
        eq(orders.sellerCompanyId, sellerCompanyId),
        eq(orders.status, OrderStatus.COMPLETED),
      ),
    )
    .orderBy(asc(orders.completedAt))
    .limit(1);
  if (!order?.completedAt) return null;
  const lines = await db
    .select({ id: orderLines.id, unitPrice: orderLines.unitPrice })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.sort), asc(orderLines.id));
  return { id: order.id, completedAt: order.completedAt, lines };
}

/**
 * For the demo seed, after the orders' demo: on the purchaser's oldest completed order from 18800000002 a
 * refund-only request applied the day after completion, approved and refunded (已完成); on the oldest one from
 * 18800000003 a return waiting for review (待审核). The purchaser's recent completed orders stay free to claim.
 */
export async function seedDemoAftersales(db: Db): Promise<void> {
  const buyer = await callerByPhone(db, '18800000004');
  const sellerA = await callerByPhone(db, '18800000002');
  const sellerB = await callerByPhone(db, '18800000003');
  if (!buyer || !sellerA || !sellerB) return;
  const rules = DEFAULT_ORDER_RULES;

  const a = await oldestCompleted(db, buyer.companyId, sellerA.companyId);
  if (a && a.lines.length) {
    const line = a.lines[a.lines.length - 1]!;
    const at = (h: number) => addHours(a.completedAt, h);
    const rma = await applyRma(
      db,
      buyer,
      {
        orderId: a.id,
        type: RmaType.REFUND,
        lines: [{ orderLineId: line.id, quantity: 1 }],
        reason: '包装或商品破损',
        description: '一件外包装破损，少量洒漏',
        photos: [],
      },
      rules,
      at(20),
    );
    await approveRma(db, sellerA, { id: rma.id, note: '同意仅退款', save: false }, at(23));
    await refundRma(
      db,
      sellerA,
      rma.id,
      { method: RefundMethod.OFFLINE, amount: Number(line.unitPrice), note: '已通过工商银行转账退回' },
      at(26),
    );
  }

  const b = await oldestCompleted(db, buyer.companyId, sellerB.companyId);
  if (b && b.lines.length) {
    await applyRma(
      db,
      buyer,
      {
        orderId: b.id,
        type: RmaType.RETURN,
        lines: [{ orderLineId: b.lines[0]!.id, quantity: 1 }],
        reason: '质量问题',
        description: '到货检测含量不达标，申请退货',
        photos: [],
      },
      rules,
      addHours(b.completedAt, 30),
    );
  }
}
