import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { ISSUED_INVOICE_STATUSES, lineTitle, orderInvoiceState, memberGateForOrderType, OrderKind, ORDER_COUNT_CAP, ContractStatus, orderMachine, OrderStatus, PaymentStatus, type OrderDetailAnswer, type OrderListAnswer, type OrderListFilter, chinaDayEnd, chinaDayStart, toFen, toYuan, priceSourceLabel } from '@aquamall/shared';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  invoiceOrders,
  invoices,
  OrderCountScope,
  orderLines,
  contractSettings,
  orderContracts,
  orderPayments,
  rmas,
  orders,
  shipmentLines,
  shipments,
  type OrderRow,
} from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/sql.ts';
import { preparedFor } from '../../lib/paged.ts';
import { canSeeMenuPath } from '../access/index.ts';
import { assertMemberGate } from '../access/index.ts';
import { readOrderCounts } from './counts.ts';
import { loadPermissions } from '../access/index.ts';
import type { Caller } from '../auth/index.ts';
import { ORDER_DOC, viewerOrderType } from './create.ts';
import { historyOf } from '../../lib/transition.ts';
import { sideOf, type ViewerSide } from './order-tx.ts';
import { orderInvoicing } from './hooks.ts';
import { nextPendingRun } from '../jobs/index.ts';

/** The menu page that lists each order type (own / company-wide). The caller's menu must hold it. */
const LIST_MENU: Record<number, { own: string; all?: string }> = {
  0: { own: '/customer/order', all: '/customer/allorder' },
  4: { own: '/customer/enorder', all: '/customer/allenorder' },
  6: { own: '/customer/saleOrder' },
  8: { own: '/customer/offerOrder' },
};

/** Whose orders a list reads: the supplier's company, the purchaser's company, or one buyer. */
type ListShape = 'seller' | 'buyerCompany' | 'buyerUser';

/**
 * Whose orders a list of this type reads, and of which kind: the purchaser's types 0/4 are the user's own or, with
 * `all`, the company's (its menu is checked by listScope); the supplier's 6/8 the company's. The page, the tab
 * counts and the WHERE all follow it.
 */
function listShape(q: OrderListFilter): { shape: ListShape; kind: number; side: ViewerSide } {
  const buyerSide = q.type === 0 || q.type === 4;
  return {
    shape: !buyerSide ? 'seller' : q.all && LIST_MENU[q.type]!.all ? 'buyerCompany' : 'buyerUser',
    kind: q.type === 0 || q.type === 6 ? OrderKind.PURCHASE : OrderKind.ENQUIRY,
    side: buyerSide ? 'buyer' : 'seller',
  };
}

/** The `order_counts` scope that holds an unfiltered list's tab counts. */
const COUNT_SCOPE: Record<ListShape, number> = {
  seller: OrderCountScope.SELLER_COMPANY,
  buyerCompany: OrderCountScope.BUYER_COMPANY,
  buyerUser: OrderCountScope.BUYER_USER,
};

/**
 * The WHERE of a list: the purchaser's types 0/4 are the orders the user placed (`order`, `enorder`) or, with
 * `all`, every order of the company (`allorder`, `allenorder`, a menu given to company admins and to roles
 * that hold it); the supplier's 6/8 are every order the company received. Filters: number, counterparty,
 * date range (Asia/Shanghai days), amount range. The status filter is separate (tab counts).
 */
async function listScope(db: Db, caller: Caller, q: OrderListFilter): Promise<SQL[]> {
  const { shape, kind } = listShape(q);
  const menus = LIST_MENU[q.type]!;
  if (!(await canSeeMenuPath(db, caller, shape === 'buyerCompany' ? menus.all! : menus.own))) throw forbidden();
  const buyerSide = shape !== 'seller';
  const where: SQL[] = [eq(orders.kind, kind)];
  if (buyerSide) {
    where.push(eq(orders.buyerCompanyId, caller.companyId));
    if (shape === 'buyerUser') where.push(eq(orders.buyerUserId, caller.userId));
  } else {
    where.push(eq(orders.sellerCompanyId, caller.companyId));
  }
  if (q.orderNo) where.push(ilike(orders.orderNo, `%${escapeLike(q.orderNo)}%`));
  if (q.counterparty) {
    const like = `%${escapeLike(q.counterparty)}%`;
    where.push(
      buyerSide
        ? or(ilike(orders.sellerCompanyName, like), ilike(orders.shopName, like))!
        : ilike(orders.buyerCompanyName, like),
    );
  }
  if (q.poRef) {
    const like = `%${escapeLike(q.poRef)}%`;
    where.push(or(ilike(orders.poNumber, like), ilike(orders.costCentre, like))!);
  }
  if (q.dateFrom) where.push(gte(orders.createdAt, chinaDayStart(q.dateFrom)));
  if (q.dateTo) where.push(lt(orders.createdAt, chinaDayEnd(q.dateTo)));
  if (q.amountMin !== undefined) where.push(gte(orders.totalAmount, String(q.amountMin)));
  if (q.amountMax !== undefined) where.push(lte(orders.totalAmount, String(q.amountMax)));
  return where;
}

/** Whether the list has filters beyond its type and status tab (number, counterparty, dates, amounts). */
const isFiltered = (q: OrderListFilter): boolean =>
  Boolean(
    q.orderNo ||
    q.counterparty ||
    q.poRef ||
    q.dateFrom ||
    q.dateTo ||
    q.amountMin !== undefined ||
    q.amountMax !== undefined,
  );

/**
 * The page of an unfiltered list (what every list opens with), one prepared statement per shape and status tab,
 * so PostgreSQL plans it once per connection instead of on every request (planning cost as much as running it).
 */
const unfilteredPage = (shape: ListShape, withStatus: boolean) =>
  preparedFor((db: Db) => {
    const conds: SQL[] = [
      eq(orders.kind, sql.placeholder('kind')),
      shape === 'seller'
        ? eq(orders.sellerCompanyId, sql.placeholder('companyId'))
        : eq(orders.buyerCompanyId, sql.placeholder('companyId')),
    ];
    if (shape === 'buyerUser') conds.push(eq(orders.buyerUserId, sql.placeholder('userId')));
    if (withStatus) conds.push(eq(orders.status, sql.placeholder('status')));
    return db
      .select({ ...LIST_COLUMNS, ...LIST_EXTRAS })
      .from(orders)
      .where(and(...conds))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`order_page_${shape}${withStatus ? '_status' : ''}`);
  });
const UNFILTERED_PAGES = {
  seller: [unfilteredPage('seller', false), unfilteredPage('seller', true)],
  buyerCompany: [unfilteredPage('buyerCompany', false), unfilteredPage('buyerCompany', true)],
  buyerUser: [unfilteredPage('buyerUser', false), unfilteredPage('buyerUser', true)],
} as const;

/** The page's rows: the prepared statement of its shape when unfiltered, else built from the list's WHERE. */
async function pageRows(db: Db, caller: Caller, q: OrderListFilter, where: SQL[]): Promise<ListedOrder[]> {
  const limit = q.pageSize;
  const offset = (q.pageIndex - 1) * q.pageSize;
  if (!isFiltered(q)) {
    const { shape, kind } = listShape(q);
    const statement = UNFILTERED_PAGES[shape][q.status !== undefined ? 1 : 0](db);
    return statement.execute({
      kind,
      companyId: caller.companyId,
      userId: caller.userId,
      status: q.status,
      limit,
      offset,
    });
  }
  return db
    .select({ ...LIST_COLUMNS, ...LIST_EXTRAS })
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

/**
 * The status counts of a list. Without filters they come from `order_counts` (kept by a trigger), so a
 * company with 100,000 orders answers in a few rows; with filters they are counted over at most
 * ORDER_COUNT_CAP + 1 matching orders (`capped` then).
 */
async function statusCounts(
  db: Db,
  caller: Caller,
  q: OrderListFilter,
  where: SQL[],
): Promise<{ counts: Record<string, number>; capped: boolean }> {
  if (!isFiltered(q)) {
    const { shape, kind } = listShape(q);
    const owner = shape === 'buyerUser' ? caller.userId : caller.companyId;
    return { counts: await readOrderCounts(db, COUNT_SCOPE[shape], owner, kind), capped: false };
  }
  const limited = db
    .select({ status: orders.status })
    .from(orders)
    .where(and(...where))
    .limit(ORDER_COUNT_CAP + 1)
    .as('limited');
  const rows = await db
    .select({ status: limited.status, n: sql<number>`count(*)::int` })
    .from(limited)
    .groupBy(limited.status);
  const counts: Record<string, number> = {};
  let sum = 0;
  for (const r of rows) {
    // A tab never claims more than the cap (all ORDER_COUNT_CAP + 1 sampled orders may share a status).
    counts[String(r.status)] = Math.min(r.n, ORDER_COUNT_CAP);
    sum += r.n;
  }
  return { counts, capped: sum > ORDER_COUNT_CAP };
}

/** One page of a list with the count of every status under the same filters (the tabs). */
export async function listOrders(db: Db, caller: Caller, q: OrderListFilter): Promise<OrderListAnswer> {
  const where = await listScope(db, caller, q);
  const { counts, capped } = await statusCounts(db, caller, q, where);
  const counted =
    q.status !== undefined
      ? (counts[String(q.status)] ?? 0)
      : Object.values(counts).reduce((s, n) => s + n, 0);
  // Capped, the total is ORDER_COUNT_CAP (the pager reads 1000+), never the ORDER_COUNT_CAP + 1 counted.
  const total = capped ? Math.min(counted, ORDER_COUNT_CAP) : counted;
  if (q.status !== undefined) where.push(eq(orders.status, q.status));
  const rows = total ? await pageRows(db, caller, q, where) : [];
  return {
    list: toRows(rows, listShape(q).side),
    total,
    counts,
    totalCapped: capped,
  };
}

/**
 * The order columns a list row reads (not the snapshots, remarks and timestamps of the detail: a row of all 36
 * columns cost the database and the server about twice as much to read and map).
 */
const LIST_COLUMNS = {
  id: orders.id,
  orderNo: orders.orderNo,
  kind: orders.kind,
  status: orders.status,
  buyerCompanyName: orders.buyerCompanyName,
  buyerUserName: orders.buyerUserName,
  sellerCompanyName: orders.sellerCompanyName,
  shopName: orders.shopName,
  goodsAmount: orders.goodsAmount,
  freight: orders.freight,
  totalAmount: orders.totalAmount,
  paidAmount: orders.paidAmount,
  poNumber: orders.poNumber,
  costCentre: orders.costCentre,
  originalGoodsAmount: orders.originalGoodsAmount,
  createdAt: orders.createdAt,
};

/**
 * What a list row shows beyond the order's columns, as subqueries of the page's own select (one round trip;
 * PostgreSQL runs them for the page's rows only): the line count and first line, a transfer proof waiting,
 * the issued invoice amount. `${orders}.id` is written qualified: drizzle leaves a one-table select's columns
 * unqualified, which inside a subquery would name the subquery's table.
 */
const LIST_EXTRAS = {
  lineCount: sql<number>`(select count(*) from ${orderLines} l where l.order_id = ${orders}.id)`.mapWith(
    Number,
  ),
  firstLine: sql<{
    productName: string;
    spec: string | null;
  } | null>`(select json_build_object('productName', l.product_name, 'spec', l.spec)
    from ${orderLines} l where l.order_id = ${orders}.id order by l.sort, l.id limit 1)`,
  paymentSubmitted: sql<boolean>`exists (select 1 from ${orderPayments} p
    where p.order_id = ${orders}.id and p.status = ${PaymentStatus.SUBMITTED})`,
  issuedAmount: sql<string>`(select coalesce(sum(io.amount), 0) from ${invoiceOrders} io
    join ${invoices} i on i.id = io.invoice_id
    where io.order_id = ${orders}.id and i.status in (${sql.join(
      ISSUED_INVOICE_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )}))`,
  refundedAmount: sql<string>`(select coalesce(sum(r.refunded_amount), 0) from ${rmas} r where r.order_id = ${orders}.id)`,
  contractStatus: sql<number | null>`(select c.status from ${orderContracts} c
    where c.order_id = ${orders}.id and c.status <> ${ContractStatus.VOIDED} order by c.id desc limit 1)`,
  // The supplier's contract rule (contracts/gate.ts contractRequirement), for an open order without a live contract.
  contractRequired: sql<boolean>`(${orders}.status not in (${OrderStatus.CANCELLED}, ${OrderStatus.COMPLETED})
    and not exists (select 1 from ${orderContracts} c where c.order_id = ${orders}.id and c.status <> ${ContractStatus.VOIDED})
    and exists (select 1 from ${contractSettings} s where s.company_id = ${orders}.seller_company_id
      and (s.required or (s.threshold is not null and ${orders}.total_amount >= s.threshold))))`,
};

type ListedOrder = Pick<OrderRow, keyof typeof LIST_COLUMNS> & {
  lineCount: number;
  firstLine: { productName: string; spec: string | null } | null;
  paymentSubmitted: boolean;
  issuedAmount: string;
  refundedAmount: string;
  contractStatus: number | null;
  contractRequired: boolean;
};

/** Orders with LIST_EXTRAS → list rows. */
export function toRows(rows: ListedOrder[], side: ViewerSide): OrderListAnswer['list'] {
  return rows.map((o) => {
    const first = o.firstLine;
    return {
      id: o.id,
      orderNo: o.orderNo,
      type: viewerOrderType(o.kind, side),
      status: o.status,
      buyerCompanyName: o.buyerCompanyName,
      buyerUserName: o.buyerUserName,
      sellerCompanyName: o.sellerCompanyName,
      shopName: o.shopName,
      goodsAmount: o.goodsAmount,
      freight: o.freight,
      totalAmount: o.totalAmount,
      paidAmount: o.paidAmount,
      poNumber: o.poNumber,
      costCentre: o.costCentre,
      repriced: o.originalGoodsAmount !== null,
      paymentSubmitted: Boolean(o.paymentSubmitted),
      contractStatus: o.contractStatus === null ? null : Number(o.contractStatus),
      contractRequired: Boolean(o.contractRequired),
      invoiceState: orderInvoiceState(toFen(o.issuedAmount), o.totalAmount, toFen(o.refundedAmount)),
      lineCount: o.lineCount,
      firstLine: first ? lineTitle(first.productName, first.spec) : '',
      createdAt: o.createdAt.toISOString(),
    };
  });
}

/**
 * The caller may open an order its company is party to only from a page that lists it (the same check as the
 * list): the purchaser's own orders from 采购订单/询价订单 or the company-wide page, a colleague's only from the
 * company-wide page (全部采购订单/全部询价订单), the supplier's from 销售订单/报价订单. Otherwise 没有操作权限.
 */
async function assertListedFor(db: Db, caller: Caller, order: OrderRow, side: ViewerSide, type: number) {
  const menus = LIST_MENU[type]!;
  const pages =
    side === 'seller' ? [menus.own] : order.buyerUserId === caller.userId ? [menus.own, menus.all] : [menus.all];
  for (const page of pages) if (page && (await canSeeMenuPath(db, caller, page))) return;
  throw forbidden();
}

/**
 * One order as the viewer's company sees it (记录不存在 for a third company). The member gates of docs/product/accounts.md#membership-gates apply
 * to the viewer's order type (6: levels 1/3, 8: levels 2/3) and to the type the page asked for.
 */
export async function orderDetail(
  db: Db,
  caller: Caller,
  id: number,
  requestedType: number | undefined,
  rules: OrderRules,
  now = new Date(),
): Promise<OrderDetailAnswer> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  const side = order ? sideOf(order, caller.companyId) : null;
  if (!order || !side) throw notFound();
  const type = viewerOrderType(order.kind, side);
  await assertListedFor(db, caller, order, side, type);
  for (const t of new Set([type, requestedType ?? type])) {
    const gate = memberGateForOrderType(t);
    if (gate) assertMemberGate(caller, gate);
  }
  const [parts, pendingJob, perms] = await Promise.all([
    orderParts(db, id),
    nextPendingRun(db, { prefix: 'order.' }, id),
    loadPermissions(db, caller),
  ]);
  const paymentWaiting = parts.paymentWaiting;
  const related = await relatedOrders(db, order, caller.companyId);
  const originalTotal =
    order.originalGoodsAmount !== null
      ? toYuan(toFen(order.originalGoodsAmount) + toFen(order.originalFreight ?? order.freight))
      : null;
  return {
    id: order.id,
    orderNo: order.orderNo,
    kind: order.kind,
    type,
    side,
    status: order.status,
    buyerCompanyName: order.buyerCompanyName,
    buyerUserName: order.buyerUserName,
    sellerCompanyName: order.sellerCompanyName,
    shopName: order.shopName,
    goodsAmount: order.goodsAmount,
    freight: order.freight,
    totalAmount: order.totalAmount,
    originalGoodsAmount: order.originalGoodsAmount,
    originalFreight: order.originalFreight,
    originalTotalAmount: originalTotal,
    paidAmount: order.paidAmount,
    paymentMethod: order.paymentMethod,
    ...(await orderInvoicing(db, order)),
    address: {
      receiver: order.address.receiver,
      phone: order.address.phone,
      areaName: order.address.areaName,
      detail: order.address.detail,
    },
    invoice: order.invoice,
    buyerRemark: order.buyerRemark,
    sellerRemark: order.sellerRemark,
    poNumber: order.poNumber,
    costCentre: order.costCentre,
    cancelReason: order.cancelReason,
    cancelledBy: order.cancelledBy,
    createdAt: order.createdAt,
    confirmedAt: order.confirmedAt,
    paidAt: order.paidAt,
    lastShippedAt: order.lastShippedAt,
    completedAt: order.completedAt,
    cancelledAt: order.cancelledAt,
    deadline: pendingJob,
    paymentSubmitted: paymentWaiting,
    remainingAmount: toYuan(Math.max(0, toFen(order.totalAmount) - toFen(order.paidAmount))),
    ...parts.view,
    related,
    actions: orderMachine.available(
      order.status,
      { side, permissions: perms },
      {
        paymentWaiting,
        partPaid: order.status === OrderStatus.TO_PAY && toFen(order.paidAmount) > 0,
        completedAt: order.completedAt,
        rmaDays: rules.rmaDays,
        now,
      },
    ),
  };
}


/**
 * The lines, payments, shipments (each with its lines) and status history of one order, as both detail answers
 * show them: the parties' detail (orderDetail) and the platform console's (admin/trade/orders.ts).
 */
export async function orderParts(db: Db, id: number) {
  const [lines, payments, ships, history] = await Promise.all([
    db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.sort), asc(orderLines.id)),
    db.select().from(orderPayments).where(eq(orderPayments.orderId, id)).orderBy(asc(orderPayments.id)),
    db.select().from(shipments).where(eq(shipments.orderId, id)).orderBy(asc(shipments.id)),
    historyOf(db, ORDER_DOC, id),
  ]);
  const shipLines = ships.length
    ? await db
        .select()
        .from(shipmentLines)
        .where(
          inArray(
            shipmentLines.shipmentId,
            ships.map((s) => s.id),
          ),
        )
    : [];
  const lineById = new Map(lines.map((l) => [l.id, l]));
  return {
    paymentWaiting: payments.some((p) => p.status === PaymentStatus.SUBMITTED),
    view: {
      lines: lines.map((l) => ({
        id: l.id,
        productId: l.productId,
        skuId: l.skuId,
        productName: l.productName,
        skuCode: l.skuCode,
        spec: l.spec,
        brand: l.brand,
        model: l.model,
        unit: l.unit,
        image: l.image,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        originalUnitPrice: l.originalUnitPrice,
        amount: l.amount,
        priceSource: l.priceSource,
        priceLabel: priceSourceLabel(l.priceSource),
        shippedQty: l.shippedQty,
        claimedQty: l.claimedQty,
      })),
      payments: payments.map((p) => ({
        id: p.id,
        method: p.method,
        amount: p.amount,
        proofFiles: p.proofFiles,
        payerName: p.payerName,
        remark: p.remark,
        status: p.status,
        rejectReason: p.rejectReason,
        submittedAt: p.submittedAt,
        decidedAt: p.decidedAt,
        receivedNote: p.receivedNote,
        noteMatched: p.noteMatched,
        excessOf: p.excessOf,
        excessHandling: p.excessHandling,
        refundRef: p.refundRef,
      })),
      shipments: ships.map((s) => ({
        id: s.id,
        carrier: s.carrier,
        trackingNo: s.trackingNo,
        remark: s.remark,
        shippedByName: s.shippedByName,
        createdAt: s.createdAt,
        lines: shipLines
          .filter((sl) => sl.shipmentId === s.id)
          .map((sl) => {
            const l = lineById.get(sl.orderLineId);
            return {
              orderLineId: sl.orderLineId,
              productName: l?.productName ?? '',
              spec: l?.spec ?? '',
              unit: l?.unit ?? '',
              quantity: sl.quantity,
            };
          }),
      })),
      history: history.map((h) => ({
        id: h.id,
        action: h.action,
        fromStatus: h.fromStatus,
        toStatus: h.toStatus,
        side: h.side,
        userName: h.userName,
        note: h.note,
        createdAt: h.createdAt,
      })),
    },
  };
}

/**
 * Related orders (type 10): siblings submitted in the same checkout, the order this one replaces goods of,
 * and replacement orders of this one; only those the viewer's company is a party to.
 */
async function relatedOrders(
  db: Db,
  order: OrderRow,
  companyId: number,
): Promise<OrderDetailAnswer['related']> {
  const links: SQL[] = [eq(orders.parentOrderId, order.id)];
  if (order.checkoutId) links.push(eq(orders.checkoutId, order.checkoutId));
  if (order.parentOrderId) links.push(eq(orders.id, order.parentOrderId));
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        ne(orders.id, order.id),
        or(...links),
        or(eq(orders.buyerCompanyId, companyId), eq(orders.sellerCompanyId, companyId)),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(50);
  return rows.map((r) => {
    const side = sideOf(r, companyId)!;
    const relation =
      r.id === order.parentOrderId ? '原订单' : r.parentOrderId === order.id ? '换货补发' : '同批提交';
    return {
      id: r.id,
      orderNo: r.orderNo,
      relation,
      status: r.status,
      counterparty: side === 'buyer' ? r.sellerCompanyName : r.buyerCompanyName,
      totalAmount: r.totalAmount,
      type: viewerOrderType(r.kind, side),
    };
  });
}
