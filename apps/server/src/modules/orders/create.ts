import { recordEvents } from '../events/index.ts';
import { CANCEL_SOON, reminderAt } from './order-tx.ts';
import { eq, inArray } from 'drizzle-orm';
import {
  Code,
  OrderKind,
  ORDER_CLOCKS,
  OrderStatus,
  ProductStatus,
  Side,
  StockReason,
  toFen,
  toYuan,
  type OrderKindValue,
} from '@aquamall/shared';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  companies,
  documentHistory,
  orderLines,
  orders,
  products,
  productSkus,
  type AddressSnapshot,
  type InvoiceSnapshot,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { notifyManyQuery } from '../notifications/index.ts';
import { planLockedMoves, writeLockedMoves } from '../products/index.ts';
import { addHours, scheduleJobsQuery } from '../jobs/index.ts';
import { fail } from './messages.ts';
import { recordPriceUses, resolvePrices, type ResolvedPrice } from '../pricing/index.ts';
import { verifiedAccountOf } from '../merchant/index.ts';
import { orderHooks } from './hooks.ts';


/** The history's document kind of orders (`document_history.doc_type`). */
export const ORDER_DOC = 'order';

/** A line to order: a catalogue SKU (price from the SKU and its tiers unless given), or a free line (enquiries). */
export type NewOrderLine =
  | {
      skuId: number;
      quantity: number;
      /**
       * A fixed unit price (an awarded quotation); otherwise the price resolver's price for the buyer and the
       * quantity (agreement, contract price, tier or list: modules/pricing/resolve.ts), its source kept on the line.
       */
      unitPrice?: number;
      taxRate?: number | null;
      enquiryItemId?: number | null;
    }
  | {
      skuId?: undefined;
      quantity: number;
      unitPrice: number;
      productName: string;
      spec?: string;
      unit: string;
      taxRate?: number | null;
      enquiryItemId?: number | null;
    };

export interface NewOrder {
  kind?: OrderKindValue;
  buyer: { companyId: number; userId: number; userName: string };
  sellerCompanyId: number;
  lines: readonly NewOrderLine[];
  address: AddressSnapshot;
  invoice: InvoiceSnapshot;
  buyerRemark?: string;
  /** The purchaser's 采购单号 and 成本中心 (validated by the checkout contract). */
  poNumber?: string;
  costCentre?: string;
  freight?: number;
  checkoutId?: string | null;
  /**
   * The original order of a replacement order (after-sales exchange). A replacement costs nothing and the
   * supplier creates it, so it starts 待发货, confirmed and paid at 0, with no confirmation clock (docs/product/orders.md#timed-rules).
   */
  parentOrderId?: number | null;
  enquiryId?: number | null;
  quotationId?: number | null;
  /** An approver allowed this order beyond the buyer's budget (docs/product/budgets.md#over-budget). */
  overBudgetApproved?: boolean;
}

const isReplacement = (o: NewOrder): boolean => o.parentOrderId != null;
/** 待确认, or 待发货 for a replacement order (nothing to confirm or pay). */
const startStatus = (o: NewOrder): number => (isReplacement(o) ? OrderStatus.TO_SHIP : OrderStatus.TO_CONFIRM);

export interface CreatedOrder {
  id: number;
  orderNo: string;
  sellerCompanyId: number;
  /** The shop name, else the company name (as the cart shows it). */
  shopName: string;
  totalAmount: string;
}

/** Why a line cannot be ordered: `data.lineIndex` (within its order) and `data.orderIndex` say which. */
export function lineProblem(
  message: string,
  orderIndex: number,
  lineIndex: number,
  skuId?: number,
): AppError {
  return new AppError(Code.CONFLICT, message, 200, { orderIndex, lineIndex, skuId: skuId ?? null });
}

const specText = (values: readonly { name: string; value: string }[]) =>
  values.map((v) => `${v.name} ${v.value}`).join(' / ');

/**
 * Creates orders (one per supplier) and reserves their stock, inside the caller's transaction: all orders and
 * all reservations, or nothing (docs/product/orders.md#stock-reservation). The SKUs of every order are locked together in id order
 * before any is checked, so concurrent checkouts cannot deadlock or oversell; demand for a SKU is summed over
 * all lines. Catalogue lines must be on sale, not the buyer's own, at or above the minimum order quantity;
 * a short line is named in the answer (`data.orderIndex`, `data.lineIndex`). Writes each order's history row,
 * schedules its confirmation timeout and notifies the supplier.
 */
export async function createOrders(
  tx: Db,
  input: readonly NewOrder[],
  rules: OrderRules,
  now = new Date(),
): Promise<CreatedOrder[]> {
  if (!input.length) throw fail('ORDER_NO_LINES');
  const skuIds = [
    ...new Set(input.flatMap((o) => o.lines.flatMap((l) => (l.skuId !== undefined ? [l.skuId] : [])))),
  ].sort((a, b) => a - b);
  // The companies first: read before the SKU locks, so the locks are held for the writes only.
  const companyIds = [...new Set(input.flatMap((o) => [o.buyer.companyId, o.sellerCompanyId]))];
  const comps = await tx
    .select({ id: companies.id, name: companies.name, shopName: companies.shopName })
    .from(companies)
    .where(inArray(companies.id, companyIds));
  const companyById = new Map(comps.map((c) => [c.id, c]));
  // One statement: the SKU rows locked in id order (FOR UPDATE OF product_skus) with their products' facts.
  const rows = skuIds.length
    ? await tx
        .select({
          sku: {
            id: productSkus.id,
            companyId: productSkus.companyId,
            productId: productSkus.productId,
            code: productSkus.code,
            specValues: productSkus.specValues,
            price: productSkus.price,
            priceTiers: productSkus.priceTiers,
            onHand: productSkus.onHand,
            reserved: productSkus.reserved,
            held: productSkus.held,
            lowStock: productSkus.lowStock,
          },
          product: {
            id: products.id,
            name: products.name,
            brand: products.brand,
            model: products.model,
            unit: products.unit,
            minOrder: products.minOrder,
            status: products.status,
            shopVisible: products.shopVisible,
            defaultImage: products.defaultImage,
            images: products.images,
          },
        })
        .from(productSkus)
        .innerJoin(products, eq(products.id, productSkus.productId))
        .where(inArray(productSkus.id, skuIds))
        .orderBy(productSkus.id)
        .for('update', { of: productSkus })
    : [];
  const skus = rows.map((r) => r.sku);
  const skuById = new Map(skus.map((s) => [s.id, s]));
  const productById = new Map(rows.map((r) => [r.product.id, r.product]));

  // Demand per SKU over every order, checked against the locked figures before anything moves.
  const demand = new Map<number, number>();
  input.forEach((o, oi) =>
    o.lines.forEach((l, li) => {
      if (!Number.isInteger(l.quantity) || l.quantity <= 0)
        throw lineProblem('购买数量必须是正整数', oi, li, l.skuId);
      if (l.skuId === undefined) return;
      const sku = skuById.get(l.skuId);
      const product = sku && productById.get(sku.productId);
      if (!sku || !product || sku.companyId !== o.sellerCompanyId)
        throw lineProblem('商品规格不存在', oi, li, l.skuId);
      const label = `「${product.name}${sku.specValues.length ? ` ${specText(sku.specValues)}` : ''}」`;
      if (product.status !== ProductStatus.ON_SALE || !product.shopVisible)
        throw lineProblem(`${label}已下架`, oi, li, l.skuId);
      if (sku.companyId === o.buyer.companyId)
        throw lineProblem(`${label}是本公司的商品，不能购买`, oi, li, l.skuId);
      if ((o.kind ?? OrderKind.PURCHASE) === OrderKind.PURCHASE && l.quantity < product.minOrder) {
        throw lineProblem(`${label}起订量为 ${product.minOrder}${product.unit}`, oi, li, l.skuId);
      }
      demand.set(l.skuId, (demand.get(l.skuId) ?? 0) + l.quantity);
    }),
  );
  input.forEach((o, oi) =>
    o.lines.forEach((l, li) => {
      if (l.skuId === undefined) return;
      const sku = skuById.get(l.skuId)!;
      const available = sku.onHand - sku.reserved;
      const want = demand.get(l.skuId)!;
      if (want > available) {
        const product = productById.get(sku.productId)!;
        const label = `「${product.name}${sku.specValues.length ? ` ${specText(sku.specValues)}` : ''}」`;
        throw lineProblem(
          `${label}库存不足：需要 ${want}${product.unit}，可用 ${available}${product.unit}`,
          oi,
          li,
          l.skuId,
        );
      }
    }),
  );

  // The price of every catalogue line without a fixed price, decided here under the SKU locks; capped contract
  // rules are locked too (after the SKUs, in id order) and their uses written below in this transaction.
  const resolved = await resolveOrderPrices(tx, input, skus, now);

  // Orders are written in supplier order (one multi-row INSERT, ids handed out in that order), so the rows
  // two checkouts naming the same suppliers touch are reached alike, never crosswise.
  const writeOrder = input
    .map((_, i) => i)
    .sort((a, b) => input[a]!.sellerCompanyId - input[b]!.sellerCompanyId || a - b);
  const planned = writeOrder.map((index) => {
    const o = input[index]!;
    const buyer = companyById.get(o.buyer.companyId);
    const seller = companyById.get(o.sellerCompanyId);
    if (!buyer || !seller) throw fail('ORDER_COMPANY_NOT_FOUND');
    const lines = o.lines.map((l, i) => {
      if (l.skuId === undefined) {
        return {
          productId: null,
          skuId: null,
          productName: l.productName.slice(0, 120),
          skuCode: '',
          spec: (l.spec ?? '').slice(0, 200),
          brand: '',
          model: '',
          unit: l.unit.slice(0, 10),
          image: '',
          quantity: l.quantity,
          unitFen: toFen(l.unitPrice),
          taxRate: l.taxRate ?? null,
          enquiryItemId: l.enquiryItemId ?? null,
          sort: i,
          priceSource: null,
          contractRuleId: null,
        };
      }
      const sku = skuById.get(l.skuId)!;
      const product = productById.get(sku.productId)!;
      const price = l.unitPrice === undefined ? resolved.get(`${index}:${i}`) : undefined;
      return {
        productId: product.id,
        skuId: sku.id,
        productName: product.name,
        skuCode: sku.code,
        spec: specText(sku.specValues).slice(0, 200),
        brand: product.brand,
        model: product.model,
        unit: product.unit,
        image: product.defaultImage || product.images[0] || '',
        quantity: l.quantity,
        unitFen: price ? price.unitFen : toFen(l.unitPrice ?? 0),
        taxRate: l.taxRate ?? null,
        enquiryItemId: l.enquiryItemId ?? null,
        sort: i,
        priceSource: price?.source ?? null,
        contractRuleId: price?.ruleId ?? null,
      };
    });
    if (lines.some((l) => l.unitFen < 0)) throw fail('ORDER_UNIT_PRICE_NEGATIVE');
    const goodsFen = lines.reduce((sum, l) => sum + l.unitFen * l.quantity, 0);
    const freightFen = toFen(o.freight ?? 0);
    if (freightFen < 0) throw fail('ORDER_FREIGHT_NEGATIVE');
    return { index, o, buyer, seller, lines, goodsFen, freightFen };
  });
  // The payee of a later transfer: each supplier's default account now (decision 0206).
  const payeeOf = new Map<number, number | null>();
  for (const { seller } of planned)
    if (!payeeOf.has(seller.id)) payeeOf.set(seller.id, (await verifiedAccountOf(tx, seller.id))?.id ?? null);

  const inserted = await tx
    .insert(orders)
    .values(
      planned.map(({ o, buyer, seller, goodsFen, freightFen }) => ({
        kind: o.kind ?? OrderKind.PURCHASE,
        status: startStatus(o),
        ...(isReplacement(o) && { confirmedAt: now, paidAt: now }),
        buyerCompanyId: buyer.id,
        buyerCompanyName: buyer.name,
        buyerUserId: o.buyer.userId,
        buyerUserName: o.buyer.userName.slice(0, 60),
        sellerCompanyId: seller.id,
        sellerCompanyName: seller.name,
        payeeAccountId: payeeOf.get(seller.id) ?? null,
        shopName: seller.shopName ?? '',
        goodsAmount: toYuan(goodsFen),
        freight: toYuan(freightFen),
        totalAmount: toYuan(goodsFen + freightFen),
        address: o.address,
        invoice: o.invoice,
        buyerRemark: (o.buyerRemark ?? '').slice(0, 300),
        poNumber: o.poNumber ?? '',
        costCentre: o.costCentre ?? '',
        checkoutId: o.checkoutId ?? null,
        parentOrderId: o.parentOrderId ?? null,
        enquiryId: o.enquiryId ?? null,
        quotationId: o.quotationId ?? null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: orders.id, orderNo: orders.orderNo, totalAmount: orders.totalAmount });
  // The serial hands out ids in the order of the VALUES rows.
  inserted.sort((a, b) => a.id - b.id);
  const written = planned.map((p, i) => ({ ...p, order: inserted[i]! }));
  // The buyer's budgets (docs/product/budgets.md): locked after the SKUs, refused or consumed in this transaction.
  await orderHooks.placed(
    tx,
    written.map(({ o, order }) => ({
      id: order.id,
      orderNo: order.orderNo,
      companyId: o.buyer.companyId,
      userId: o.buyer.userId,
      userName: o.buyer.userName,
      totalFen: isReplacement(o) ? 0 : toFen(order.totalAmount),
      overBudgetApproved: o.overBudgetApproved ?? false,
    })),
    now,
  );

  // All lines and all stock movements of the checkout: the SKUs are already locked above, so the ledger rows
  // and the SKU figures are checked and written without locking them again (one statement, then the summary).
  const stock = planLockedMoves(
    skus,
    written.flatMap(({ o, lines, order }) =>
      lines.flatMap((l) =>
        l.skuId !== null
          ? [
              {
                skuId: l.skuId,
                reason: StockReason.RESERVE,
                quantity: l.quantity,
                doc: {
                  docType: 'order' as const,
                  docId: order.id,
                  docNo: order.orderNo,
                  userId: o.buyer.userId,
                  userName: o.buyer.userName,
                },
              },
            ]
          : [],
      ),
    ),
  );
  const lineRows = tx.insert(orderLines).values(
    written.flatMap(({ lines, order }) =>
      lines.map(({ unitFen, taxRate, ...l }) => ({
        ...l,
        orderId: order.id,
        unitPrice: toYuan(unitFen),
        amount: toYuan(unitFen * l.quantity),
        taxRate: taxRate === null ? null : String(taxRate),
      })),
    ),
  );

  const history = tx.insert(documentHistory).values(
    written.map(({ o, order }) => ({
      docType: ORDER_DOC,
      docId: order.id,
      action: 'create',
      fromStatus: null,
      toStatus: startStatus(o),
      side: Side.BUYER,
      userId: o.buyer.userId,
      userName: o.buyer.userName.slice(0, 60),
      note: o.parentOrderId ? '换货补发订单' : '',
      createdAt: now,
    })),
  );
  const clockRows = written
    .filter(({ o }) => !isReplacement(o))
    .flatMap(({ order }) => [
      { kind: ORDER_CLOCKS.CONFIRM_TIMEOUT, refId: order.id, runAt: addHours(now, rules.confirmHours) },
      // 订单即将自动取消, to the supplier before the confirmation clock runs out (timed-rules.ts).
      { kind: CANCEL_SOON, refId: order.id, runAt: reminderAt(now, addHours(now, rules.confirmHours)) },
    ]);
  const clocks = clockRows.length ? [scheduleJobsQuery(tx, clockRows).getSQL()] : [];
  const notices = notifyManyQuery(
    tx,
    written.map(({ o, buyer, seller, order, goodsFen, freightFen }) => {
      return {
        companyId: seller.id,
        type: 'order',
        title: `新订单 ${order.orderNo}`,
        content: isReplacement(o)
          ? `${buyer.name} 的售后换货补发订单已生成（无需确认和付款），请尽快发货。`
          : `${buyer.name} 提交了订单，金额 ¥${toYuan(goodsFen + freightFen)}，请在 ${rules.confirmHours} 小时内确认。`,
        linkPath: sellerLink(o, order.id),
      };
    }),
  );
  // Lines, ledger rows and SKU figures in one statement; the products' summary, the history rows, the
  // confirmation clocks and the suppliers' messages in a second one.
  await writeLockedMoves(tx, stock, {
    alongside: [lineRows.getSQL()],
    withSummary: [history.getSQL(), ...clocks, notices.query.getSQL()],
  });
  await notices.sent();
  await recordOrderPriceUses(tx, written.map(({ lines, order }) => ({ orderId: order.id, lines })));
  // One domain event per order (decision 0211): the supplier's 新订单 notice outside the browser (not for a
  // replacement, which needs no confirmation) and the order.placed webhooks of both companies.
  await recordEvents(
    tx,
    written.map(({ o, buyer, seller, order, goodsFen, freightFen }) => ({
      key: `order.placed:${order.id}`,
      type: 'order.placed',
      data: { orderId: order.id, orderNo: order.orderNo, status: startStatus(o), totalAmount: order.totalAmount },
      recipients: [
        { companyId: buyer.id },
        {
          companyId: seller.id,
          ...(isReplacement(o)
            ? {}
            : {
                notice: {
                  event: 'order.created' as const,
                  vars: { no: order.orderNo, party: buyer.name.slice(0, 12), amount: toYuan(goodsFen + freightFen) },
                  linkPath: sellerLink(o, order.id),
                },
              }),
        },
      ],
    })),
    now,
  );

  const created: CreatedOrder[] = new Array<CreatedOrder>(input.length);
  for (const { index, seller, order } of written) {
    created[index] = {
      id: order.id,
      orderNo: order.orderNo,
      sellerCompanyId: seller.id,
      shopName: seller.shopName || seller.name,
      totalAmount: order.totalAmount,
    };
  }
  return created;
}

/** The supplier's detail page of a new order (type 6: purchase order, 8: the other kinds). */
const sellerLink = (o: NewOrder, orderId: number) =>
  `/customer/order/detail?type=${(o.kind ?? OrderKind.PURCHASE) === OrderKind.PURCHASE ? 6 : 8}&id=${orderId}`;

/** The resolver's prices of the lines without a fixed price, keyed `orderIndex:lineIndex`. */
async function resolveOrderPrices(
  tx: Db,
  input: readonly NewOrder[],
  skus: readonly { id: number; price: string; priceTiers: { minQty: number; price: number }[] }[],
  now: Date,
): Promise<Map<string, ResolvedPrice>> {
  const out = new Map<string, ResolvedPrice>();
  const listFacts = new Map(skus.map((s) => [s.id, s]));
  for (const buyerCompanyId of [...new Set(input.map((o) => o.buyer.companyId))]) {
    const at: { key: string; skuId: number; quantity: number }[] = [];
    input.forEach((o, oi) => {
      if (o.buyer.companyId !== buyerCompanyId) return;
      o.lines.forEach((l, li) => {
        if (l.skuId !== undefined && l.unitPrice === undefined)
          at.push({ key: `${oi}:${li}`, skuId: l.skuId, quantity: l.quantity });
      });
    });
    if (!at.length) continue;
    const prices = await resolvePrices(tx, { buyerCompanyId, lines: at, at: now, lock: true, skus: listFacts });
    at.forEach((a, i) => {
      const p = prices[i];
      if (p) out.set(a.key, p);
    });
  }
  return out;
}

/** The quantities bought at negotiated prices, written to their sources' ledgers with the order line ids. */
async function recordOrderPriceUses(
  tx: Db,
  written: readonly { orderId: number; lines: readonly { sort: number; quantity: number; priceSource: string | null; contractRuleId: number | null }[] }[],
): Promise<void> {
  const negotiated = written.flatMap(({ orderId, lines }) =>
    lines
      .filter((l) => (l.priceSource === 'contract' || l.priceSource === 'agreement') && l.contractRuleId !== null)
      .map((l) => ({ orderId, ...l })),
  );
  if (!negotiated.length) return;
  const ids = await tx
    .select({ id: orderLines.id, orderId: orderLines.orderId, sort: orderLines.sort })
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...new Set(negotiated.map((n) => n.orderId))]));
  const idOf = new Map(ids.map((r) => [`${r.orderId}:${r.sort}`, r.id]));
  await recordPriceUses(
    tx,
    negotiated.map((n) => ({
      source: n.priceSource as 'contract' | 'agreement',
      ruleId: n.contractRuleId!,
      orderId: n.orderId,
      orderLineId: idOf.get(`${n.orderId}:${n.sort}`)!,
      quantity: n.quantity,
    })),
  );
}

/** The order type a company sees an order as (docs/product/orders.md#order-types): the purchaser 0/4, the supplier 6/8. */
export function viewerOrderType(kind: number, side: 'buyer' | 'seller'): number {
  if (side === 'buyer') return kind;
  return kind === OrderKind.ENQUIRY ? 8 : 6;
}

