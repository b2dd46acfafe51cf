import { and, desc, eq, ne } from 'drizzle-orm';
import { ContractStatus, toFen } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { contractSettings, orderContracts, type OrderRow } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import type { OrderHooks } from '../orders/index.ts';

/**
 * Whether an order needs a signed contract before it ships (docs/product/contracts.md#required): the supplier's
 * rule — every order, or orders whose total reaches its threshold. No rule: optional.
 */
export async function contractRequirement(
  db: Db,
  order: Pick<OrderRow, 'sellerCompanyId' | 'totalAmount'>,
): Promise<{ required: boolean; reason: string }> {
  const [s] = await db.select().from(contractSettings).where(eq(contractSettings.companyId, order.sellerCompanyId));
  if (!s) return { required: false, reason: '' };
  if (s.required) return { required: true, reason: '供应商要求所有订单签署采购合同' };
  if (s.threshold !== null && toFen(order.totalAmount) >= toFen(s.threshold))
    return { required: true, reason: `订单金额达到 ¥${s.threshold}，供应商要求签署采购合同` };
  return { required: false, reason: '' };
}

/** The order's live contract (not voided), or else its latest voided one. */
export async function contractOfOrder(db: Db, orderId: number) {
  const [live] = await db
    .select()
    .from(orderContracts)
    .where(and(eq(orderContracts.orderId, orderId), ne(orderContracts.status, ContractStatus.VOIDED)));
  if (live) return live;
  const [last] = await db.select().from(orderContracts).where(eq(orderContracts.orderId, orderId)).orderBy(desc(orderContracts.id)).limit(1);
  return last ?? null;
}

/**
 * shipOrder's check, inside its transaction on the locked order: a required contract must be 已签署. Signing locks
 * the contract row, not the order; a signature committing meanwhile only makes this refusal stale, never wrong.
 */
export async function assertContractAllowsShipping(tx: Db, order: OrderRow): Promise<void> {
  const { required } = await contractRequirement(tx, order);
  if (!required) return;
  const c = await contractOfOrder(tx, order.id);
  if (c?.status !== ContractStatus.SIGNED) throw fail('CONTRACT_UNSIGNED_SHIP');
}

/** repriceOrder's check: a live contract carries the prices it was generated with. */
export async function assertNoLiveContract(tx: Db, orderId: number): Promise<void> {
  const c = await contractOfOrder(tx, orderId);
  if (c && c.status !== ContractStatus.VOIDED) throw fail('CONTRACT_BLOCKS_REPRICE');
}

// The order steps ask these before shipping and repricing (orders/hooks.ts).
export const contractOrderHooks: Partial<OrderHooks> = { beforeShip: assertContractAllowsShipping, beforeReprice: assertNoLiveContract };
