import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  CART_PROBLEM,
  CompanyType,
  MAX_CART_LINES,
  ProductStatus,
  type CartLineRow,
  type PriceSourceName,
  type CartView,
  toFen,
  toYuan,
  fenToNumber,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { cartLines, companies, products, productSkus, users } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import type { Caller } from '../auth/index.ts';
import { resolvePrices } from '../pricing/index.ts';

/** Only purchasers (company type 4) buy: a supplier is told so in words. */
export function assertPurchaser(caller: Pick<Caller, 'companyType'>): void {
  if (caller.companyType !== CompanyType.PURCHASER)
    throw fail('BUYING_PURCHASERS_ONLY');
}

export const specText = (values: readonly { name: string; value: string }[]) =>
  values.map((v) => `${v.name} ${v.value}`).join(' / ');

/** The live facts of a SKU a cart line or a checkout line points at (null parts: gone). */
export interface SkuFacts {
  skuId: number;
  sku: {
    companyId: number;
    productId: number;
    code: string;
    specValues: { name: string; value: string }[];
    price: string;
    priceTiers: { minQty: number; price: number }[];
    available: number;
  } | null;
  product: {
    id: number;
    name: string;
    unit: string;
    minOrder: number;
    onSale: boolean;
    image: string;
  } | null;
  shopName: string;
}

/** Reads the SKUs with their products and shops (no lock: for showing; createOrders locks and re-checks). */
export async function skuFacts(db: Db, skuIds: readonly number[]): Promise<Map<number, SkuFacts>> {
  const ids = [...new Set(skuIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      skuId: productSkus.id,
      companyId: productSkus.companyId,
      productId: productSkus.productId,
      code: productSkus.code,
      specValues: productSkus.specValues,
      price: productSkus.price,
      priceTiers: productSkus.priceTiers,
      available: sql<number>`${productSkus.onHand} - ${productSkus.reserved}`.mapWith(Number),
      name: products.name,
      unit: products.unit,
      minOrder: products.minOrder,
      status: products.status,
      shopVisible: products.shopVisible,
      image: sql<string>`coalesce(nullif(${products.defaultImage}, ''), ${products.images}->>0, '')`,
      shopName: sql<string>`coalesce(nullif(${companies.shopName}, ''), ${companies.name})`,
    })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .innerJoin(companies, eq(companies.id, productSkus.companyId))
    .where(inArray(productSkus.id, ids));
  const map = new Map<number, SkuFacts>();
  for (const r of rows) {
    map.set(r.skuId, {
      skuId: r.skuId,
      sku: {
        companyId: r.companyId,
        productId: r.productId,
        code: r.code,
        specValues: r.specValues,
        price: r.price,
        priceTiers: r.priceTiers,
        available: r.available,
      },
      product: {
        id: r.productId,
        name: r.name,
        unit: r.unit,
        minOrder: r.minOrder,
        onSale: r.status === ProductStatus.ON_SALE && r.shopVisible,
        image: r.image ?? '',
      },
      shopName: r.shopName,
    });
  }
  return map;
}

/** A line's price as the cart and the checkout show it (yuan numbers), from the resolver. */
export interface LinePrice {
  unitPrice: number;
  listPrice: number;
  priceSource: PriceSourceName;
  priceLabel: string;
}

const NO_PRICE: LinePrice = { unitPrice: 0, listPrice: 0, priceSource: 'list', priceLabel: '' };

/**
 * The unit prices of SKU lines for the caller's company, in the lines' order: the one price decision
 * (modules/pricing/resolve.ts: agreement, contract price, tier, list); a gone SKU answers a zero list price.
 */
export async function linePrices(
  db: Db,
  caller: Pick<Caller, 'companyId'>,
  facts: ReadonlyMap<number, SkuFacts>,
  lines: readonly { skuId: number; quantity: number }[],
): Promise<LinePrice[]> {
  const skus = new Map([...facts.values()].flatMap((f) => (f.sku ? [[f.skuId, f.sku] as const] : [])));
  const prices = await resolvePrices(db, { buyerCompanyId: caller.companyId, lines, skus });
  return prices.map((p) =>
    p
      ? {
          unitPrice: fenToNumber(p.unitFen),
          listPrice: fenToNumber(p.listFen),
          priceSource: p.source,
          priceLabel: p.label,
        }
      : NO_PRICE,
  );
}

/** 失效 reason of a line ('' if it can be bought): off sale, SKU gone, sold out. */
export function problemOf(f: SkuFacts | undefined): string {
  if (!f?.sku || !f.product) return CART_PROBLEM.SKU_GONE;
  if (!f.product.onSale) return CART_PROBLEM.OFF_SALE;
  if (f.sku.available <= 0 || f.sku.available < f.product.minOrder) return CART_PROBLEM.SOLD_OUT;
  return '';
}

type LineRow = typeof cartLines.$inferSelect;

async function ownLines(db: Db, caller: Caller, ids?: readonly number[]): Promise<LineRow[]> {
  const where = and(
    eq(cartLines.userId, caller.userId),
    eq(cartLines.companyId, caller.companyId),
    ids ? inArray(cartLines.id, [...ids]) : undefined,
  );
  return db.select().from(cartLines).where(where).orderBy(asc(cartLines.id));
}

/** The cart by supplier shop: 失效 lines flagged and unselected, price changes since adding flagged. */
export async function viewCart(db: Db, caller: Caller): Promise<CartView> {
  assertPurchaser(caller);
  const lines = await ownLines(db, caller);
  const facts = await skuFacts(
    db,
    lines.map((l) => l.skuId),
  );
  const prices = await linePrices(db, caller, facts, lines);
  const shops = new Map<number, CartView['shops'][number]>();
  let selectedCount = 0;
  let selectedFen = 0;
  for (const [i, l] of lines.entries()) {
    const f = facts.get(l.skuId);
    const problem = problemOf(f);
    const price = f?.sku ? prices[i]! : { ...NO_PRICE, unitPrice: Number(l.priceAtAdd), listPrice: Number(l.priceAtAdd) };
    const unitPrice = price.unitPrice;
    const row: CartLineRow = {
      sysNo: l.id,
      productId: l.productId,
      skuId: l.skuId,
      productName: f?.product?.name ?? '商品已删除',
      spec: f?.sku ? specText(f.sku.specValues) : '',
      image: f?.product?.image ?? '',
      unit: f?.product?.unit ?? '',
      minOrder: f?.product?.minOrder ?? 1,
      quantity: l.quantity,
      available: f?.sku?.available ?? 0,
      unitPrice,
      priceAtAdd: Number(l.priceAtAdd),
      priceChanged: !problem && toFen(unitPrice) !== toFen(l.priceAtAdd),
      listPrice: price.listPrice,
      priceSource: price.priceSource,
      priceLabel: price.priceLabel,
      amount: fenToNumber(toFen(unitPrice) * l.quantity),
      problem,
      short: !problem && l.quantity > (f?.sku?.available ?? 0),
      selected: l.selected && !problem,
    };
    if (row.selected) {
      selectedCount++;
      selectedFen += toFen(unitPrice) * l.quantity;
    }
    const shop = shops.get(l.sellerCompanyId) ?? {
      sellerCompanyId: l.sellerCompanyId,
      shopName: f?.shopName ?? '',
      lines: [],
    };
    if (!shop.shopName && f?.shopName) shop.shopName = f.shopName;
    shop.lines.push(row);
    shops.set(l.sellerCompanyId, shop);
  }
  return {
    shops: [...shops.values()],
    lineCount: lines.length,
    selectedCount,
    selectedAmount: fenToNumber(selectedFen),
  };
}

export async function cartLineCount(db: Db, caller: Caller): Promise<{ count: number }> {
  if (caller.companyType !== CompanyType.PURCHASER) return { count: 0 };
  const [r] = await db
    .select({ n: count() })
    .from(cartLines)
    .where(and(eq(cartLines.userId, caller.userId), eq(cartLines.companyId, caller.companyId)));
  return { count: r?.n ?? 0 };
}

/** Checks a SKU can be bought by the caller in this quantity (on sale, not own, minimum, available). */
export function assertBuyable(
  f: SkuFacts | undefined,
  caller: Caller,
  quantity: number,
): asserts f is SkuFacts & { sku: NonNullable<SkuFacts['sku']>; product: NonNullable<SkuFacts['product']> } {
  if (!f?.sku || !f.product) throw fail('SKU_NOT_FOUND');
  const label = `「${f.product.name}${f.sku.specValues.length ? ` ${specText(f.sku.specValues)}` : ''}」`;
  if (!f.product.onSale) throw fail('CART_ITEM_OFF_SALE', { label });
  if (f.sku.companyId === caller.companyId) throw fail('CART_ITEM_OWN_PRODUCT', { label });
  if (quantity < f.product.minOrder) throw fail('CART_ITEM_BELOW_MIN_ORDER', { label, minOrder: f.product.minOrder, unit: f.product.unit });
  if (quantity > f.sku.available)
    throw fail('CART_ITEM_STOCK_SHORT', { label, available: f.sku.available, unit: f.product.unit });
}

/** Adds a SKU; the same SKU again adds to its line's quantity. At most 100 lines per user. */
export async function addToCart(
  db: Db,
  caller: Caller,
  input: { skuId: number; quantity: number },
): Promise<{ sysNo: number }> {
  assertPurchaser(caller);
  return db.transaction(async (tx) => {
    // One user's cart changes one at a time (the cap holds under parallel adds).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.userId)).for('update');
    const [existing] = await tx
      .select()
      .from(cartLines)
      .where(and(eq(cartLines.userId, caller.userId), eq(cartLines.skuId, input.skuId)));
    if (existing && existing.companyId !== caller.companyId) {
      // The user moved to another company: the old company's line goes.
      await tx.delete(cartLines).where(eq(cartLines.id, existing.id));
    }
    const current = existing?.companyId === caller.companyId ? existing : undefined;
    const quantity = (current?.quantity ?? 0) + input.quantity;
    const f = (await skuFacts(tx, [input.skuId])).get(input.skuId);
    assertBuyable(f, caller, quantity);
    const [price] = await linePrices(tx, caller, new Map([[input.skuId, f]]), [{ skuId: input.skuId, quantity }]);
    const priceAtAdd = toYuan(toFen(price!.unitPrice));
    if (current) {
      await tx
        .update(cartLines)
        .set({ quantity, priceAtAdd, selected: true, updatedAt: new Date() })
        .where(eq(cartLines.id, current.id));
      return { sysNo: current.id };
    }
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(cartLines)
      .where(eq(cartLines.userId, caller.userId))) as [{ n: number }];
    if (n >= MAX_CART_LINES) throw fail('CART_FULL', { max: MAX_CART_LINES });
    const [row] = await tx
      .insert(cartLines)
      .values({
        companyId: caller.companyId,
        userId: caller.userId,
        sellerCompanyId: f.sku.companyId,
        productId: f.product.id,
        skuId: input.skuId,
        quantity,
        priceAtAdd,
      })
      .returning({ id: cartLines.id });
    return { sysNo: row!.id };
  });
}

/** Changes a line's quantity (minimum order, available stock); the price seen is refreshed with it. */
export async function setCartQuantity(db: Db, caller: Caller, id: number, quantity: number): Promise<void> {
  assertPurchaser(caller);
  const [line] = await ownLines(db, caller, [id]);
  if (!line) throw fail('CART_LINE_NOT_FOUND');
  const f = (await skuFacts(db, [line.skuId])).get(line.skuId);
  assertBuyable(f, caller, quantity);
  const [price] = await linePrices(db, caller, new Map([[line.skuId, f]]), [{ skuId: line.skuId, quantity }]);
  await db
    .update(cartLines)
    .set({ quantity, priceAtAdd: toYuan(toFen(price!.unitPrice)), updatedAt: new Date() })
    .where(eq(cartLines.id, line.id));
}

/** Selects or unselects the caller's lines; 失效 lines are never selected. */
export async function selectCartLines(
  db: Db,
  caller: Caller,
  ids: readonly number[],
  selected: boolean,
): Promise<void> {
  assertPurchaser(caller);
  const lines = await ownLines(db, caller, ids);
  if (lines.length !== new Set(ids).size) throw fail('CART_LINE_NOT_FOUND');
  let chosen = lines.map((l) => l.id);
  if (selected) {
    const facts = await skuFacts(
      db,
      lines.map((l) => l.skuId),
    );
    const invalidLine = lines.find((l) => problemOf(facts.get(l.skuId)));
    if (invalidLine && lines.length === 1)
      throw fail('CART_LINE_NOT_SELECTABLE', { problem: problemOf(facts.get(invalidLine.skuId)) });
    chosen = lines.filter((l) => !problemOf(facts.get(l.skuId))).map((l) => l.id);
  }
  if (chosen.length) await db.update(cartLines).set({ selected }).where(inArray(cartLines.id, chosen));
}

export async function removeCartLines(db: Db, caller: Caller, ids: readonly number[]): Promise<void> {
  assertPurchaser(caller);
  await db
    .delete(cartLines)
    .where(
      and(
        eq(cartLines.userId, caller.userId),
        eq(cartLines.companyId, caller.companyId),
        inArray(cartLines.id, [...ids]),
      ),
    );
}

/** Removes every 失效 line of the caller's cart. */
export async function clearInvalidLines(db: Db, caller: Caller): Promise<{ removed: number }> {
  assertPurchaser(caller);
  const lines = await ownLines(db, caller);
  const facts = await skuFacts(
    db,
    lines.map((l) => l.skuId),
  );
  const ids = lines.filter((l) => problemOf(facts.get(l.skuId))).map((l) => l.id);
  if (ids.length) await db.delete(cartLines).where(inArray(cartLines.id, ids));
  return { removed: ids.length };
}

export { ownLines as ownCartLines };
