import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import {
  AdjustmentStatus,
  AdjustmentType,
  specText,
  StockReason,
  type AdjustmentDetail,
  type AdjustmentRow,
  type Paged,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies, products, productSkus, stockAdjustmentLines, stockAdjustments } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import { callerName, type Caller } from '../auth/index.ts';
import { explainDbErrors } from '../../db/pg-errors.ts';
import { escapeLike } from '../../lib/sql.ts';
import { moveStock, type StockMove } from './stock-ledger.ts';
import { goodsChanged } from '../../lib/goods-changes.ts';
import { documentNumberSql } from '../../lib/doc-numbers.ts';

interface AdjustmentIn {
  type: number;
  remark: string;
  lines: { skuId: number; quantity: number }[];
}

/** The lines with the SKU facts copied (name, code, spec, unit); every SKU must be the company's. */
async function lineRows(db: Db, caller: Caller, adjustmentId: number, input: AdjustmentIn) {
  const ids = input.lines.map((l) => l.skuId);
  const skus = await db
    .select({ id: productSkus.id, productId: productSkus.productId, code: productSkus.code, specValues: productSkus.specValues, name: products.name, unit: products.unit })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(and(inArray(productSkus.id, ids), eq(productSkus.companyId, caller.companyId)));
  if (skus.length !== new Set(ids).size) throw fail('ADJUSTMENT_SKU_UNKNOWN');
  const byId = new Map(skus.map((s) => [s.id, s]));
  return input.lines.map((l, i) => {
    const s = byId.get(l.skuId)!;
    return {
      adjustmentId,
      skuId: s.id,
      productId: s.productId,
      productName: s.name,
      skuCode: s.code,
      skuSpec: specText(s.specValues).slice(0, 200),
      unit: s.unit,
      quantity: l.quantity,
      sort: i,
    };
  });
}

/** A frozen (confirmed) document or short stock refused by the database answers in words. */
const frozenAware = <T>(work: () => Promise<T>) =>
  explainDbErrors({ P0001: '单据已确认，不能修改', '23514': '可用库存不足' }, work);

export async function createAdjustment(db: Db, caller: Caller, input: AdjustmentIn): Promise<{ sysNo: number }> {
  const name = await callerName(db, caller.userId);
  return db.transaction(async (t) => {
    const [doc] = await t
      .insert(stockAdjustments)
      .values({
        companyId: caller.companyId,
        // TZ + date (China time) + a sequence number: unique and readable on the printout.
        docNo: documentNumberSql('TZ', 'stock_adjustments_id_seq', 6),
        type: input.type,
        remark: input.remark,
        createdBy: caller.userId,
        createdByName: name,
      })
      .returning({ id: stockAdjustments.id });
    await t.insert(stockAdjustmentLines).values(await lineRows(t, caller, doc!.id, input));
    return { sysNo: doc!.id };
  });
}

async function lockDraft(t: Db, caller: Caller, id: number) {
  const [doc] = await t
    .select()
    .from(stockAdjustments)
    .where(and(eq(stockAdjustments.id, id), eq(stockAdjustments.companyId, caller.companyId)))
    .for('update');
  if (!doc) throw fail('ADJUSTMENT_NOT_FOUND');
  if (doc.status !== AdjustmentStatus.DRAFT) throw fail('ADJUSTMENT_CONFIRMED');
  return doc;
}

export async function updateAdjustment(db: Db, caller: Caller, id: number, input: AdjustmentIn): Promise<void> {
  await frozenAware(() =>
    db.transaction(async (t) => {
      await lockDraft(t, caller, id);
      await t.update(stockAdjustments).set({ type: input.type, remark: input.remark, updatedAt: new Date() }).where(eq(stockAdjustments.id, id));
      await t.delete(stockAdjustmentLines).where(eq(stockAdjustmentLines.adjustmentId, id));
      await t.insert(stockAdjustmentLines).values(await lineRows(t, caller, id, input));
    }),
  );
}

export async function deleteAdjustment(db: Db, caller: Caller, id: number): Promise<void> {
  await frozenAware(() =>
    db.transaction(async (t) => {
      await lockDraft(t, caller, id);
      await t.delete(stockAdjustments).where(eq(stockAdjustments.id, id));
    }),
  );
}

const REASON_OF = { [AdjustmentType.IN]: StockReason.IN, [AdjustmentType.OUT]: StockReason.OUT, [AdjustmentType.COUNT]: StockReason.COUNT } as const;

/**
 * Confirms a draft: locks the document, then `moveStock` locks its SKUs in id order and writes one ledger row
 * per line; the lines record stock before/after and the document becomes immutable. All or nothing: one line
 * short of stock refuses the whole document.
 */
export async function confirmAdjustment(db: Db, caller: Caller, id: number): Promise<void> {
  const name = await callerName(db, caller.userId);
  await frozenAware(() =>
    db.transaction(async (t) => {
      const doc = await lockDraft(t, caller, id);
      const lines = await t.select().from(stockAdjustmentLines).where(eq(stockAdjustmentLines.adjustmentId, id)).orderBy(asc(stockAdjustmentLines.sort));
      if (!lines.length) throw fail('ADJUSTMENT_EMPTY');
      const reason = REASON_OF[doc.type as keyof typeof REASON_OF];
      if (!reason) throw fail('ADJUSTMENT_KIND_INVALID');
      const moves: StockMove[] = lines.map((l) => ({ skuId: l.skuId, reason, quantity: l.quantity }));
      const results = await moveStock(t, moves, { docType: 'adjustment', docId: id, docNo: doc.docNo, userId: caller.userId, userName: name, companyId: caller.companyId });
      for (const [i, l] of lines.entries()) {
        const r = results[i]!;
        await t.update(stockAdjustmentLines).set({ onHandBefore: r.onHandBefore, onHandAfter: r.onHandAfter }).where(eq(stockAdjustmentLines.id, l.id));
      }
      const now = new Date();
      await t
        .update(stockAdjustments)
        .set({ status: AdjustmentStatus.CONFIRMED, confirmedBy: caller.userId, confirmedByName: name, confirmedAt: now, updatedAt: now })
        .where(eq(stockAdjustments.id, id));
      // The goods details show each SKU's available stock.
      goodsChanged({ companyIds: [caller.companyId] }, 'detail');
    }),
  );
}

const totals = {
  lineCount: sql<number>`(select count(*)::int from ${stockAdjustmentLines} l where l.adjustment_id = ${stockAdjustments.id})`,
  totalQuantity: sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${stockAdjustmentLines} l where l.adjustment_id = ${stockAdjustments.id})`,
};

const toRow = (d: typeof stockAdjustments.$inferSelect & { lineCount: number; totalQuantity: number }): AdjustmentRow => ({
  sysNo: d.id,
  docNo: d.docNo,
  type: d.type,
  status: d.status,
  remark: d.remark,
  lineCount: Number(d.lineCount),
  totalQuantity: Number(d.totalQuantity),
  createdByName: d.createdByName,
  confirmedByName: d.confirmedByName,
  confirmedAt: d.confirmedAt?.toISOString() ?? null,
  createdAt: d.createdAt.toISOString(),
});

export async function listAdjustments(
  db: Db,
  caller: Caller,
  q: { type?: number; status?: number; docNo?: string; pageIndex: number; pageSize: number },
): Promise<Paged<AdjustmentRow>> {
  const conds: SQL[] = [eq(stockAdjustments.companyId, caller.companyId)];
  if (q.type !== undefined) conds.push(eq(stockAdjustments.type, q.type));
  if (q.status !== undefined) conds.push(eq(stockAdjustments.status, q.status));
  if (q.docNo) conds.push(ilike(stockAdjustments.docNo, `%${escapeLike(q.docNo)}%`));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({ doc: stockAdjustments, ...totals })
      .from(stockAdjustments)
      .where(where)
      .orderBy(desc(stockAdjustments.createdAt), desc(stockAdjustments.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(stockAdjustments).where(where),
  ]);
  return { total: total?.n ?? 0, list: rows.map((r) => toRow({ ...r.doc, lineCount: r.lineCount, totalQuantity: r.totalQuantity })) };
}

export async function adjustmentDetail(db: Db, caller: Caller, id: number): Promise<AdjustmentDetail> {
  const [r] = await db
    .select({ doc: stockAdjustments, ...totals, companyName: companies.name })
    .from(stockAdjustments)
    .innerJoin(companies, eq(companies.id, stockAdjustments.companyId))
    .where(and(eq(stockAdjustments.id, id), eq(stockAdjustments.companyId, caller.companyId)));
  if (!r) throw fail('ADJUSTMENT_NOT_FOUND');
  const lines = await db.select().from(stockAdjustmentLines).where(eq(stockAdjustmentLines.adjustmentId, id)).orderBy(asc(stockAdjustmentLines.sort));
  return {
    ...toRow({ ...r.doc, lineCount: r.lineCount, totalQuantity: r.totalQuantity }),
    companyName: r.companyName,
    lines: lines.map((l) => ({
      sysNo: l.id,
      skuId: l.skuId,
      productId: l.productId,
      productName: l.productName,
      skuCode: l.skuCode,
      skuSpec: l.skuSpec,
      unit: l.unit,
      quantity: l.quantity,
      onHandBefore: l.onHandBefore,
      onHandAfter: l.onHandAfter,
    })),
  };
}
