import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { MAX_CART_LINES, type CartAddManyResult, type ResolvedLine, toFen, toYuan, formatMoney } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { cartLines, companies, orderLines, orders, productSkus, users } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import type { Caller } from '../auth/index.ts';
import { assertPurchaser, linePrices, problemOf, skuFacts, specText, type SkuFacts } from './cart.ts';

/**
 * 再次购买 and 快速下单 (docs/product/orders.md#reorder-and-quick-order, decision 0202): lines asked for by SKU are
 * resolved against the catalogue now — still on sale, not the caller's own, minimum order, stock — and put into
 * the caller's cart at the cart's price (`linePrices`: contract price, tier or list), every change or refusal said in words on its line.
 */

export interface WantedBuy {
  row: number;
  code: string;
  skuId: number | null;
  quantity: number;
  /** The price paid last time (再次购买), to say whether today's is up or down. */
  previousPrice?: number | null;
  /** Words before 价格上涨/价格下降 saying since when (常购清单: 加入清单后). */
  since?: string;
  /** Why the line was not even found ('' when it was). */
  missing?: string;
}

const blank = (w: WantedBuy, note: string): ResolvedLine => ({
  row: w.row,
  code: w.code,
  skuId: null,
  productId: null,
  productName: '',
  spec: '',
  unit: '',
  shopName: '',
  unitPrice: null,
  previousPrice: w.previousPrice ?? null,
  available: 0,
  minOrder: 1,
  wanted: w.quantity,
  quantity: 0,
  ok: false,
  notes: [note],
});

/**
 * One line resolved: the quantity raised to the minimum order or cut to the stock (less what the cart already
 * holds of it), the price now against the price paid; refused when gone, off sale, own or sold out.
 */
export function resolveLine(w: WantedBuy, f: SkuFacts | undefined, caller: Caller, inCart = 0): ResolvedLine {
  if (w.missing) return blank(w, w.missing);
  if (!f?.sku || !f.product) return blank(w, '商品规格已失效');
  const { sku, product } = f;
  const line: ResolvedLine = {
    ...blank(w, ''),
    code: sku.code,
    skuId: f.skuId,
    productId: product.id,
    productName: product.name,
    spec: specText(sku.specValues),
    unit: product.unit,
    shopName: f.shopName,
    available: sku.available,
    minOrder: product.minOrder,
    notes: [],
  };
  const refuse = (note: string) => ({ ...line, notes: [note] });
  const problem = problemOf(f);
  if (problem) return refuse(problem);
  if (sku.companyId === caller.companyId) return refuse('本公司的商品，不能购买');
  let quantity = w.quantity;
  if (quantity + inCart < product.minOrder) {
    quantity = product.minOrder - inCart;
    line.notes.push(`低于起订量，已调整为 ${quantity}${product.unit}`);
  }
  if (quantity + inCart > sku.available) {
    quantity = sku.available - inCart;
    if (quantity <= 0) return refuse(`库存不足（可用 ${sku.available}${product.unit}，购物车中已有 ${inCart}${product.unit}）`);
    line.notes.push(`库存不足，已调整为可用的 ${quantity}${product.unit}`);
  }
  return { ...line, quantity, ok: true };
}

/** Prices a resolved line at the cart's price for what the cart will hold of it, saying how it moved since last time. */
function priced(line: ResolvedLine, unitPrice: number, since = ''): ResolvedLine {
  const notes = [...line.notes];
  if (line.previousPrice != null && toFen(unitPrice) !== toFen(line.previousPrice)) {
    notes.push(
      `${since}${toFen(unitPrice) > toFen(line.previousPrice) ? '价格上涨' : '价格下降'} ${formatMoney(line.previousPrice)} → ${formatMoney(unitPrice)}`,
    );
  }
  return { ...line, unitPrice, notes };
}

/** The caller's cart quantities of these SKUs. */
async function cartQuantities(db: Db, caller: Caller, skuIds: number[]): Promise<Map<number, number>> {
  if (!skuIds.length) return new Map();
  const rows = await db
    .select({ skuId: cartLines.skuId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(
      and(
        eq(cartLines.userId, caller.userId),
        eq(cartLines.companyId, caller.companyId),
        inArray(cartLines.skuId, skuIds),
      ),
    );
  return new Map(rows.map((r) => [r.skuId, r.quantity]));
}

/** Lines resolved as the cart would take them now (nothing written); the same SKU twice adds up. */
async function resolveAll(db: Db, caller: Caller, wanted: readonly WantedBuy[]): Promise<ResolvedLine[]> {
  const ids = wanted.flatMap((w) => (w.skuId ? [w.skuId] : []));
  const [facts, held] = await Promise.all([skuFacts(db, ids), cartQuantities(db, caller, ids)]);
  const taken = new Map(held);
  const lines = wanted.map((w) => {
    const r = resolveLine(w, w.skuId ? facts.get(w.skuId) : undefined, caller, w.skuId ? (taken.get(w.skuId) ?? 0) : 0);
    if (r.ok && r.skuId) taken.set(r.skuId, (taken.get(r.skuId) ?? 0) + r.quantity);
    // The price is that of the whole quantity the cart will hold (a tier or contract price may depend on it).
    return { r, since: w.since, holds: r.skuId ? (taken.get(r.skuId) ?? 0) : 0 };
  });
  const ok = lines.filter((l) => l.r.ok && l.r.skuId);
  const prices = await linePrices(db, caller, facts, ok.map((l) => ({ skuId: l.r.skuId!, quantity: l.holds })));
  const priceOf = new Map(ok.map((l, i) => [l, prices[i]!.unitPrice]));
  return lines.map((l) => (priceOf.has(l) ? priced(l.r, priceOf.get(l)!, l.since) : l.r));
}

/**
 * Puts the lines into the caller's cart in one transaction (the user's row locked, as addToCart does): each
 * resolved against the catalogue and the cart as it is then, the same SKU adding to its cart line with the
 * price seen refreshed; once the cart holds 100 kinds the rest are refused as 购物车已满.
 */
export async function addManyToCart(db: Db, caller: Caller, wanted: readonly WantedBuy[]): Promise<CartAddManyResult> {
  assertPurchaser(caller);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.userId)).for('update');
    // A line kept from another company the user belonged to is not the caller's cart: it goes first.
    await tx
      .delete(cartLines)
      .where(and(eq(cartLines.userId, caller.userId), sql`${cartLines.companyId} <> ${caller.companyId}`));
    const lines = await resolveAll(tx, caller, wanted);
    const facts = await skuFacts(tx, lines.flatMap((l) => (l.ok && l.skuId ? [l.skuId] : [])));
    const existing = new Map(
      (
        await tx
          .select({ id: cartLines.id, skuId: cartLines.skuId, quantity: cartLines.quantity })
          .from(cartLines)
          .where(eq(cartLines.userId, caller.userId))
          .orderBy(asc(cartLines.id))
      ).map((r) => [r.skuId, r]),
    );
    const [{ n }] = (await tx.select({ n: count() }).from(cartLines).where(eq(cartLines.userId, caller.userId))) as [
      { n: number },
    ];
    let kinds = n;
    let added = 0;
    for (const l of lines) {
      if (!l.ok || !l.skuId) continue;
      const f = facts.get(l.skuId)!;
      const current = existing.get(l.skuId);
      const quantity = (current?.quantity ?? 0) + l.quantity;
      const priceAtAdd = toYuan(toFen((await linePrices(tx, caller, facts, [{ skuId: l.skuId, quantity }]))[0]!.unitPrice));
      if (current) {
        await tx
          .update(cartLines)
          .set({ quantity, priceAtAdd, selected: true, updatedAt: new Date() })
          .where(eq(cartLines.id, current.id));
        current.quantity = quantity;
      } else {
        if (kinds >= MAX_CART_LINES) {
          Object.assign(l, { ok: false, quantity: 0, notes: [`购物车已满（最多${MAX_CART_LINES}种商品）`] });
          continue;
        }
        const [row] = await tx
          .insert(cartLines)
          .values({
            companyId: caller.companyId,
            userId: caller.userId,
            sellerCompanyId: f.sku!.companyId,
            productId: f.product!.id,
            skuId: l.skuId,
            quantity,
            priceAtAdd,
          })
          .returning({ id: cartLines.id });
        existing.set(l.skuId, { id: row!.id, skuId: l.skuId, quantity });
        kinds++;
      }
      added++;
    }
    return { added, lines };
  });
}

/** 再次购买: the lines of one of the caller's company's orders (订单记录不存在 for another's), at today's prices. */
export async function reorder(db: Db, caller: Caller, orderId: number): Promise<CartAddManyResult> {
  assertPurchaser(caller);
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerCompanyId, caller.companyId)));
  if (!order) throw fail('REORDER_ORDER_NOT_FOUND');
  const lines = await db
    .select({
      skuId: orderLines.skuId,
      code: orderLines.skuCode,
      productName: orderLines.productName,
      spec: orderLines.spec,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.sort), asc(orderLines.id));
  const result = await addManyToCart(
    db,
    caller,
    lines.map((l, i) => ({
      row: i + 1,
      code: l.code,
      skuId: l.skuId,
      quantity: l.quantity,
      previousPrice: Number(l.unitPrice),
      missing: l.skuId ? '' : '询价单定制商品，不能再次购买',
    })),
  );
  // A line no longer found still says what it was.
  result.lines.forEach((r, i) => {
    if (!r.productName) Object.assign(r, { productName: lines[i]!.productName, spec: lines[i]!.spec });
  });
  return result;
}

/**
 * 快速下单: "SKU编码 数量" lines resolved. A code is a supplier's own (unique per company): the on-sale SKUs
 * carrying it are looked up; none is 编码不存在, several of different suppliers is 编码对应多个供应商.
 */
export async function resolveQuickOrder(
  db: Db,
  caller: Caller,
  input: { lines: readonly { row: number; code: string; quantity: number }[] },
): Promise<{ lines: ResolvedLine[] }> {
  assertPurchaser(caller);
  const codes = [...new Set(input.lines.map((l) => l.code.toLowerCase()))];
  const found = await db
    .select({ id: productSkus.id, code: productSkus.code, shop: companies.shopName, name: companies.name })
    .from(productSkus)
    .innerJoin(companies, eq(companies.id, productSkus.companyId))
    .where(inArray(sql`lower(${productSkus.code})`, codes));
  const byCode = new Map<string, typeof found>();
  for (const f of found) byCode.set(f.code.toLowerCase(), [...(byCode.get(f.code.toLowerCase()) ?? []), f]);
  const facts = await skuFacts(db, found.map((f) => f.id));
  const wanted = input.lines.map((l): WantedBuy => {
    const all = byCode.get(l.code.toLowerCase()) ?? [];
    // Several suppliers may use one code: the ones that can be bought decide.
    const buyable = all.filter((f) => !problemOf(facts.get(f.id)) && facts.get(f.id)?.sku?.companyId !== caller.companyId);
    const pick = buyable.length ? buyable : all;
    if (!pick.length) return { row: l.row, code: l.code, skuId: null, quantity: l.quantity, missing: '编码不存在' };
    if (pick.length > 1)
      return {
        row: l.row,
        code: l.code,
        skuId: null,
        quantity: l.quantity,
        missing: `编码对应多个供应商的商品（${pick.map((p) => p.shop || p.name).join('、')}），请在商品页选购`,
      };
    return { row: l.row, code: l.code, skuId: pick[0]!.id, quantity: l.quantity };
  });
  return { lines: await resolveAll(db, caller, wanted) };
}

/** 快速下单's 加入购物车: the SKUs the resolve found, resolved again and added in one step. */
export function addQuickOrder(
  db: Db,
  caller: Caller,
  input: { lines: readonly { row: number; skuId: number; quantity: number }[] },
): Promise<CartAddManyResult> {
  return addManyToCart(
    db,
    caller,
    input.lines.map((l) => ({ row: l.row, code: '', skuId: l.skuId, quantity: l.quantity })),
  );
}
