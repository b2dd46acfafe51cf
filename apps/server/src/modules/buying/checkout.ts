import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  InvoiceKind,
  type CheckoutGroup,
  type CheckoutLine,
  type CheckoutPreview,
  type CheckoutResult,
  type checkoutSource,
  type checkoutSubmitInput,
  toFen,
  toYuan,
  fenToNumber,
} from '@aquamall/shared';
import type { z } from 'zod';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { cartLines } from '../../db/schema/index.ts';
import { claimIdempotencyKey } from '../../lib/idempotency.ts';
import { AppError } from '../../lib/errors.ts';
import { fail } from './messages.ts';
import { callerName, type Caller } from '../auth/index.ts';
import { createOrders, type NewOrder } from '../orders/index.ts';
import { addressSnapshot, ownAddress } from './addresses.ts';
import { assertPurchaser, linePrices, problemOf, skuFacts, specText, type LinePrice, type SkuFacts } from './cart.ts';
import { invoiceSnapshot, ownInvoiceTitle } from './invoice-titles.ts';
import type { AddressSnapshot, InvoiceSnapshot } from '../../db/schema/index.ts';

type Source = z.output<typeof checkoutSource>;
type SubmitInput = z.output<typeof checkoutSubmitInput>;

export type RequestRemark = { sellerCompanyId: number; remark: string; poNumber?: string; costCentre?: string };

/** A checkout as submitted, before any order exists. */
export interface GateSubmission {
  lines: readonly { cartLineId: number | null; skuId: number; quantity: number; sellerCompanyId: number }[];
  address: AddressSnapshot;
  invoice: InvoiceSnapshot;
  /** Per supplier: the remark, and the PO number and cost centre its order will carry. */
  remarks: readonly RequestRemark[];
  shownTotal: number;
  userName: string;
}

/**
 * The gate a checkout passes inside its transaction before any order is made: null lets it go on, an answer ends
 * it (the submission became a purchase request). app.ts registers approvals' gate (approvals/gate.ts `approvalGate`)
 * while it builds the app, because buying sits below approvals (docs/decisions/0212-module-faces.md).
 */
export type CheckoutGate = (tx: Db, caller: Caller, s: GateSubmission) => Promise<CheckoutResult | null>;
let checkoutGate: CheckoutGate | null = null;

/** Registers the checkout's approval gate (app.ts, while it builds the app; again replaces). */
export function registerCheckoutGate(gate: CheckoutGate): void {
  checkoutGate = gate;
}

interface WantedLine {
  cartLineId: number | null;
  skuId: number;
  quantity: number;
  priceAtAdd: number | null;
  sellerCompanyId: number;
}

/** The lines a checkout buys: the caller's cart lines (locked when `lock`), or the 立即购买 items. */
async function wantedLines(db: Db, caller: Caller, source: Source, lock: boolean): Promise<WantedLine[]> {
  if (source.items.length) {
    const facts = await skuFacts(
      db,
      source.items.map((i) => i.skuId),
    );
    return source.items.map((i) => {
      const f = facts.get(i.skuId);
      if (!f?.sku) throw fail('SKU_NOT_FOUND');
      return {
        cartLineId: null,
        skuId: i.skuId,
        quantity: i.quantity,
        priceAtAdd: null,
        sellerCompanyId: f.sku.companyId,
      };
    });
  }
  const ids = [...new Set(source.cartLineIds)];
  const q = db
    .select()
    .from(cartLines)
    .where(
      and(
        eq(cartLines.userId, caller.userId),
        eq(cartLines.companyId, caller.companyId),
        inArray(cartLines.id, ids),
      ),
    )
    .orderBy(cartLines.id);
  const rows = lock ? await q.for('update') : await q;
  if (rows.length !== ids.length) throw fail('CHECKOUT_CART_MOVED');
  return rows.map((r) => ({
    cartLineId: r.id,
    skuId: r.skuId,
    quantity: r.quantity,
    priceAtAdd: Number(r.priceAtAdd),
    sellerCompanyId: r.sellerCompanyId,
  }));
}

/** Why a line cannot be bought now ('' if it can). */
function lineProblem(f: SkuFacts | undefined, caller: Caller, quantity: number): string {
  const p = problemOf(f);
  if (p) return p;
  if (f!.sku!.companyId === caller.companyId) return '本公司的商品';
  if (quantity < f!.product!.minOrder) return `起订量为 ${f!.product!.minOrder}${f!.product!.unit}`;
  if (quantity > f!.sku!.available) return `库存不足（可用 ${f!.sku!.available}${f!.product!.unit}）`;
  return '';
}

function groupLines(
  caller: Caller,
  wanted: WantedLine[],
  facts: Map<number, SkuFacts>,
  prices: readonly LinePrice[],
): CheckoutGroup[] {
  const groups = new Map<number, CheckoutGroup>();
  for (const [i, w] of wanted.entries()) {
    const f = facts.get(w.skuId);
    const price = prices[i]!;
    const unitPrice = f?.sku ? price.unitPrice : 0;
    const line: CheckoutLine = {
      cartLineId: w.cartLineId,
      skuId: w.skuId,
      productId: f?.product?.id ?? 0,
      productName: f?.product?.name ?? '商品已删除',
      spec: f?.sku ? specText(f.sku.specValues) : '',
      image: f?.product?.image ?? '',
      unit: f?.product?.unit ?? '',
      quantity: w.quantity,
      available: f?.sku?.available ?? 0,
      unitPrice,
      priceAtAdd: w.priceAtAdd,
      listPrice: price.listPrice,
      priceSource: price.priceSource,
      priceLabel: price.priceLabel,
      amount: fenToNumber(toFen(unitPrice) * w.quantity),
      problem: lineProblem(f, caller, w.quantity),
    };
    const g = groups.get(w.sellerCompanyId) ?? {
      sellerCompanyId: w.sellerCompanyId,
      shopName: f?.shopName ?? '',
      lines: [],
      goodsAmount: 0,
    };
    g.lines.push(line);
    g.goodsAmount = fenToNumber(toFen(g.goodsAmount) + toFen(unitPrice) * w.quantity);
    groups.set(w.sellerCompanyId, g);
  }
  return [...groups.values()];
}

/** What the checkout page shows: the lines per supplier at today's prices, each line's problem named. */
export async function previewCheckout(db: Db, caller: Caller, source: Source): Promise<CheckoutPreview> {
  assertPurchaser(caller);
  const wanted = await wantedLines(db, caller, source, false);
  const facts = await skuFacts(
    db,
    wanted.map((w) => w.skuId),
  );
  const groups = groupLines(caller, wanted, facts, await linePrices(db, caller, facts, wanted));
  return { groups, totalAmount: fenToNumber(groups.reduce((s, g) => s + toFen(g.goodsAmount), 0)) };
}

export const CHECKOUT_SCOPE = 'checkout';

/** A stable hash of the validated body: the same key with another body is refused. */
export const requestHash = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/**
 * Submits a checkout: one order per supplier through createOrders (stock reserved for all lines or none, the
 * sibling orders share a checkoutId), the bought cart lines removed, and the answer stored under the caller's
 * Idempotency-Key — all in one transaction. The key row is inserted first: a concurrent repeat waits on its
 * unique index and then replays the stored answer; a repeat with another body is refused (docs/decisions/0110).
 * Prices are read from the SKUs; if the total differs from the one the page showed, 价格已变动 with the new totals.
 */
export async function submitCheckout(
  db: Db,
  caller: Caller,
  rules: OrderRules,
  key: string,
  input: SubmitInput,
): Promise<CheckoutResult> {
  assertPurchaser(caller);
  const hash = requestHash(input);
  return db.transaction(async (tx) => {
    const claim = await claimIdempotencyKey<CheckoutResult>(
      tx,
      { userId: caller.userId, scope: CHECKOUT_SCOPE, key, hash },
      {
        pending: '请求正在处理，请稍后刷新查看订单',
        otherBody: '该提交编号已用于另一笔内容不同的订单，请刷新页面后重新提交',
      },
    );
    if ('replay' in claim) return claim.replay;

    const wanted = await wantedLines(tx, caller, input.source, true);
    const address = await ownAddress(tx, caller, input.addressId);
    let title = null;
    if (input.invoiceKind !== InvoiceKind.NONE) {
      if (!input.invoiceTitleId) throw fail('CHECKOUT_INVOICE_TITLE_REQUIRED');
      title = await ownInvoiceTitle(tx, caller, input.invoiceTitleId);
      if (input.invoiceKind === InvoiceKind.SPECIAL && title.kind !== InvoiceKind.SPECIAL) {
        throw fail('CHECKOUT_SPECIAL_TITLE_REQUIRED');
      }
    }
    const userName = await callerName(tx, caller.userId);
    // Approval rules (docs/product/approvals.md#rules): a matching rule keeps the submission as a purchase request.
    const remarks = new Map(input.remarks.map((r) => [r.sellerCompanyId, r.remark]));
    const refs = new Map(input.refs.map((r) => [r.sellerCompanyId, r]));
    // Each supplier's PO number and cost centre: its own, else the one entered for the whole checkout.
    const refsOf = (sellerCompanyId: number) => ({
      poNumber: refs.get(sellerCompanyId)?.poNumber || input.poNumber,
      costCentre: refs.get(sellerCompanyId)?.costCentre || input.costCentre,
    });
    const routed = await checkoutGate?.(tx, caller, {
      lines: wanted,
      address: addressSnapshot(address),
      invoice: invoiceSnapshot(input.invoiceKind, title),
      remarks: [...new Set(wanted.map((w) => w.sellerCompanyId))].map((id) => ({ sellerCompanyId: id, remark: remarks.get(id) ?? '', ...refsOf(id) })),
      shownTotal: input.shownTotal,
      userName,
    });
    if (routed) {
      await claim.save(routed);
      return routed;
    }
    const checkoutId = randomUUID();
    const bySeller = new Map<number, WantedLine[]>();
    for (const w of wanted) bySeller.set(w.sellerCompanyId, [...(bySeller.get(w.sellerCompanyId) ?? []), w]);
    const groups = [...bySeller.entries()];
    const newOrders: NewOrder[] = groups.map(([sellerCompanyId, lines]) => ({
      buyer: { companyId: caller.companyId, userId: caller.userId, userName },
      sellerCompanyId,
      lines: lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity })),
      address: addressSnapshot(address),
      invoice: invoiceSnapshot(input.invoiceKind, title),
      buyerRemark: remarks.get(sellerCompanyId) ?? '',
      ...refsOf(sellerCompanyId),
      checkoutId,
    }));

    let created;
    try {
      created = await createOrders(tx, newOrders, rules);
    } catch (err) {
      // Name the line in the answer as the page knows it (its SKU and cart line).
      const at =
        err instanceof AppError ? (err.data as { orderIndex?: number; lineIndex?: number } | null) : null;
      if (
        err instanceof AppError &&
        at &&
        typeof at.orderIndex === 'number' &&
        typeof at.lineIndex === 'number'
      ) {
        const line = groups[at.orderIndex]?.[1][at.lineIndex];
        throw fail(
          'CHECKOUT_LINE_REFUSED',
          { text: err.message },
          { skuId: line?.skuId ?? null, cartLineId: line?.cartLineId ?? null },
        );
      }
      throw err;
    }

    const totalFen = created.reduce((s, o) => s + toFen(o.totalAmount), 0);
    if (totalFen !== toFen(input.shownTotal)) {
      throw fail(
        'CHECKOUT_PRICE_CHANGED',
        { total: toYuan(totalFen), shown: toYuan(toFen(input.shownTotal)) },
        {
          priceChanged: true,
          totalAmount: fenToNumber(totalFen),
          groups: created.map((o) => ({
            sellerCompanyId: o.sellerCompanyId,
            totalAmount: Number(o.totalAmount),
          })),
        },
      );
    }

    const boughtCartLines = wanted.flatMap((w) => (w.cartLineId ? [w.cartLineId] : []));
    if (boughtCartLines.length) await tx.delete(cartLines).where(inArray(cartLines.id, boughtCartLines));

    const result: CheckoutResult = {
      checkoutId,
      totalAmount: fenToNumber(totalFen),
      orders: created.map((o) => ({
        id: o.id,
        orderNo: o.orderNo,
        sellerCompanyId: o.sellerCompanyId,
        shopName: o.shopName,
        totalAmount: Number(o.totalAmount),
      })),
    };
    await claim.save(result);
    return result;
  });
}
