import { and, asc, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import {
  agreementMachine,
  CompanyType,
  toFen,
  toYuan,
  type AgreementDetail,
  type AgreementRow,
  type agreementListQuery,
} from '@aquamall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { agreementLines, agreements, companies, orders } from '../../db/schema/index.ts';
import { pagedRows, totalOf } from '../../lib/paged.ts';
import { historyOf } from '../../lib/transition.ts';
import { loadPermissions } from '../access/index.ts';
import { viewerOrderType } from '../orders/index.ts';
import type { Caller } from '../auth/index.ts';
import { drawsOf, usedByLine } from './call-off.ts';
import { AGREEMENT_DOC, agreementCtx, sideOf } from './common.ts';
import { fail } from './messages.ts';

type ListIn = z.output<typeof agreementListQuery>;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The side a company takes in its agreements: purchasers buy, suppliers sell. */
const listSide = (caller: Caller) => (caller.companyType === CompanyType.SUPPLIER ? 'seller' : 'buyer');

/**
 * Agreed and used amounts (fen) of agreements, from their lines and the ledger: the agreed amount is an amount
 * agreement's total amount (金额协议), else the sum of quantity × unit price.
 */
async function amountsOf(db: Db, rows: { id: number; amountLimit: string | null }[]) {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return new Map<number, { total: number; used: number }>();
  const lines = await db.select().from(agreementLines).where(inArray(agreementLines.agreementId, ids));
  const used = await usedByLine(db, ids);
  const out = new Map<number, { total: number; used: number }>(rows.map((r) => [r.id, { total: r.amountLimit === null ? 0 : toFen(r.amountLimit), used: 0 }]));
  for (const l of lines) {
    const a = out.get(l.agreementId)!;
    const unit = toFen(l.unitPrice);
    if (l.quantity !== null) a.total += unit * l.quantity;
    a.used += unit * (used.get(l.id) ?? 0);
  }
  return out;
}

/** The row's amounts as the pages show them. */
const amountView = (a: { total: number; used: number }, amountLimit: string | null) => ({
  totalAmount: toYuan(a.total),
  usedAmount: toYuan(a.used),
  amountLimit: amountLimit === null ? null : toYuan(toFen(amountLimit)),
  remainingAmount: toYuan(a.total - a.used),
});

/** The caller company's agreements on its side, newest first, filtered by status and keyword, paged. */
export async function listAgreements(db: Db, caller: Caller, q: ListIn): Promise<{ list: AgreementRow[]; total: number }> {
  const own = listSide(caller) === 'seller' ? eq(agreements.sellerCompanyId, caller.companyId) : eq(agreements.buyerCompanyId, caller.companyId);
  const conds: SQL[] = [own];
  if (q.status !== undefined) conds.push(eq(agreements.status, q.status));
  if (q.keyword)
    conds.push(
      or(
        ilike(agreements.code, like(q.keyword)),
        ilike(agreements.title, like(q.keyword)),
        ilike(listSide(caller) === 'seller' ? agreements.buyerCompanyName : agreements.sellerCompanyName, like(q.keyword)),
      )!,
    );
  const where = and(...conds);
  const page = await pagedRows(
    db
      .select({
        id: agreements.id,
        code: agreements.code,
        title: agreements.title,
        status: agreements.status,
        buyerCompanyName: agreements.buyerCompanyName,
        sellerCompanyName: agreements.sellerCompanyName,
        validFrom: agreements.validFrom,
        validTo: agreements.validTo,
        amountLimit: agreements.amountLimit,
        createdAt: agreements.createdAt,
        total: totalOf(agreements, where),
      })
      .from(agreements)
      .where(where)
      .orderBy(desc(agreements.id)),
    q,
    () => db.$count(agreements, where),
  );
  const amounts = await amountsOf(db, page.list);
  return {
    total: page.total,
    list: page.list.map((r) => {
      const a = amounts.get(r.id) ?? { total: 0, used: 0 };
      return { ...r, createdAt: r.createdAt.toISOString(), ...amountView(a, r.amountLimit) };
    }),
  };
}

/** One agreement of the caller's company: lines with used/remaining, its call-off orders, history, actions. */
export async function agreementDetail(db: Db, caller: Caller, id: number, now = new Date()): Promise<AgreementDetail> {
  const [row] = await db.select().from(agreements).where(eq(agreements.id, id));
  const side = row ? sideOf(row, caller.companyId) : null;
  if (!row || !side) throw fail('AGREEMENT_NOT_FOUND');
  const [lines, used, draws, history, perms] = await Promise.all([
    db.select().from(agreementLines).where(eq(agreementLines.agreementId, id)).orderBy(asc(agreementLines.sort)),
    usedByLine(db, [id]),
    drawsOf(db, id),
    historyOf(db, AGREEMENT_DOC, id),
    loadPermissions(db, caller),
  ]);
  const orderRows = draws.length
    ? await db
        .select({ id: orders.id, orderNo: orders.orderNo, kind: orders.kind, status: orders.status, totalAmount: orders.totalAmount })
        .from(orders)
        .where(inArray(orders.id, draws.map((d) => d.orderId)))
    : [];
  const orderById = new Map(orderRows.map((o) => [o.id, o]));
  let total = row.amountLimit === null ? 0 : toFen(row.amountLimit);
  let usedFen = 0;
  const lineViews = lines.map((l) => {
    const u = used.get(l.id) ?? 0;
    if (l.quantity !== null) total += toFen(l.unitPrice) * l.quantity;
    usedFen += toFen(l.unitPrice) * u;
    return {
      id: l.id,
      skuId: l.skuId,
      skuCode: l.skuCode,
      productName: l.productName,
      spec: l.spec,
      unit: l.unit,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      usedQuantity: u,
      remainingQuantity: l.quantity === null ? null : l.quantity - u,
    };
  });
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    status: row.status,
    side,
    buyerCompanyId: row.buyerCompanyId,
    buyerCompanyName: row.buyerCompanyName,
    sellerCompanyName: row.sellerCompanyName,
    validFrom: row.validFrom,
    validTo: row.validTo,
    remark: row.remark,
    rejectReason: row.rejectReason,
    terminateReason: row.terminateReason,
    ...amountView({ total, used: usedFen }, row.amountLimit),
    createdAt: row.createdAt.toISOString(),
    lines: lineViews,
    callOffs: draws.flatMap((d) => {
      const o = orderById.get(d.orderId);
      return o
        ? [
            {
              orderId: o.id,
              orderNo: o.orderNo,
              orderType: viewerOrderType(o.kind, side),
              orderStatus: o.status,
              totalAmount: o.totalAmount,
              quantity: d.drawn,
              released: !!d.released,
              userName: d.userName,
              createdAt: d.createdAt.toISOString(),
            },
          ]
        : [];
    }),
    history: history.map((h) => ({
      action: agreementMachine.historyLabel(h.action),
      userName: h.userName,
      note: h.note,
      createdAt: h.createdAt.toISOString(),
    })),
    actions: agreementMachine.available(row.status, { side, permissions: perms }, agreementCtx(row, now)),
  };
}

/** Purchaser companies whose name contains the keyword, for the supplier's form (at most 20). */
export async function agreementBuyers(db: Db, keyword: string): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.type, CompanyType.PURCHASER), ilike(companies.name, like(keyword))))
    .orderBy(asc(companies.name))
    .limit(20);
}

