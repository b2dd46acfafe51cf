import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { specText, type LedgerRow, type Paged, type StockRow } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { products, productSkus, stockLedger } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import type { Caller } from '../auth/index.ts';
import { escapeLike } from '../../lib/sql.ts';

const isLow = sql`${productSkus.lowStock} > 0 and ${productSkus.onHand} - ${productSkus.reserved} <= ${productSkus.lowStock}`;

/** Stock per SKU of the company; `lowOnly` keeps those at or below their threshold (the warning list). */
export async function listStock(
  db: Db,
  caller: Caller,
  q: { keyword?: string; lowOnly?: number; productId?: number; pageIndex: number; pageSize: number },
): Promise<Paged<StockRow>> {
  const conds: SQL[] = [eq(productSkus.companyId, caller.companyId)];
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword)}%`;
    conds.push(or(ilike(products.name, k), ilike(productSkus.code, k))!);
  }
  if (q.lowOnly === 1) conds.push(isLow);
  if (q.productId) conds.push(eq(productSkus.productId, q.productId));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({ sku: productSkus, productName: products.name, productStatus: products.status, unit: products.unit })
      .from(productSkus)
      .innerJoin(products, eq(products.id, productSkus.productId))
      .where(where)
      .orderBy(desc(products.updatedAt), productSkus.productId, productSkus.sort, productSkus.id)
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(productSkus).innerJoin(products, eq(products.id, productSkus.productId)).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    list: rows.map(({ sku: s, productName, productStatus, unit }) => ({
      skuId: s.id,
      productId: s.productId,
      productName,
      productStatus,
      code: s.code,
      spec: specText(s.specValues),
      unit,
      onHand: s.onHand,
      reserved: s.reserved,
      available: s.onHand - s.reserved,
      held: s.held,
      lowStock: s.lowStock,
      isLow: s.lowStock > 0 && s.onHand - s.reserved <= s.lowStock,
    })),
  };
}

export async function setLowStock(db: Db, caller: Caller, skuId: number, lowStock: number): Promise<void> {
  const [row] = await db
    .update(productSkus)
    .set({ lowStock, updatedAt: new Date() })
    .where(and(eq(productSkus.id, skuId), eq(productSkus.companyId, caller.companyId)))
    .returning({ id: productSkus.id });
  if (!row) throw fail('STOCK_SKU_NOT_FOUND');
}

/** A SKU's ledger, newest first. */
export async function listLedger(db: Db, caller: Caller, q: { skuId: number; pageIndex: number; pageSize: number }): Promise<Paged<LedgerRow>> {
  const [sku] = await db.select({ id: productSkus.id }).from(productSkus).where(and(eq(productSkus.id, q.skuId), eq(productSkus.companyId, caller.companyId)));
  if (!sku) throw fail('STOCK_SKU_NOT_FOUND');
  const where = and(eq(stockLedger.skuId, q.skuId), eq(stockLedger.companyId, caller.companyId));
  const [rows, [total]] = await Promise.all([
    db.select().from(stockLedger).where(where).orderBy(desc(stockLedger.id)).limit(q.pageSize).offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(stockLedger).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    list: rows.map((r) => ({
      sysNo: r.id,
      reason: r.reason,
      quantity: r.quantity,
      onHandChange: r.onHandChange,
      reservedChange: r.reservedChange,
      onHandBefore: r.onHandBefore,
      onHandAfter: r.onHandAfter,
      reservedBefore: r.reservedBefore,
      reservedAfter: r.reservedAfter,
      heldChange: r.heldChange,
      heldAfter: r.heldAfter,
      docType: r.docType,
      docId: r.docId,
      docNo: r.docNo,
      userName: r.userName,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
