import { inArray, sql, type SQL } from 'drizzle-orm';
import { StockReason, type StockReasonValue } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { productSkus, stockLedger } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import { recordFact } from '../events/index.ts';

/** One stock movement of a SKU, as a document states it. */
export interface StockMove {
  skuId: number;
  reason: StockReasonValue;
  /** > 0 for every reason but 盘点 (COUNT), where it is the counted on-hand quantity (≥ 0). */
  quantity: number;
}

/** The document behind a batch of movements and who made it (copied onto each ledger row). */
export interface StockDocument {
  docType: 'adjustment' | 'product' | 'order' | 'rma' | 'opening';
  docId?: number | null;
  docNo?: string;
  userId?: number | null;
  userName?: string;
  /** Only SKUs of this company may move (undefined: the caller has checked ownership). */
  companyId?: number;
}

export interface StockMoveResult {
  skuId: number;
  onHandBefore: number;
  onHandAfter: number;
  reservedBefore: number;
  reservedAfter: number;
  heldAfter: number;
}

/**
 * On-hand, reserved and held deltas of a movement, given the on hand before (for 盘点). Returned goods held as
 * defective (不良品入库) raise only `held`; a write-off (退货报废) is a row that changes no quantity.
 */
function deltas(move: StockMove, onHand: number): { onHand: number; reserved: number; held: number; quantity: number } {
  const q = move.quantity;
  const none = { held: 0 };
  switch (move.reason) {
    case StockReason.HELD:
      return { onHand: 0, reserved: 0, held: q, quantity: q };
    case StockReason.SCRAP:
      return { onHand: 0, reserved: 0, held: 0, quantity: q };
    case StockReason.IN:
    case StockReason.RETURN:
      return { onHand: q, reserved: 0, quantity: q, ...none };
    case StockReason.OUT:
      return { onHand: -q, reserved: 0, quantity: -q, ...none };
    case StockReason.COUNT:
      return { onHand: q - onHand, reserved: 0, quantity: q - onHand, ...none };
    case StockReason.RESERVE:
      return { onHand: 0, reserved: q, quantity: q, ...none };
    case StockReason.RELEASE:
      return { onHand: 0, reserved: -q, quantity: -q, ...none };
    case StockReason.SHIP:
      return { onHand: -q, reserved: -q, quantity: -q, ...none };
  }
}

function assertQuantities(moves: readonly StockMove[]): void {
  for (const m of moves) {
    if (
      !Number.isInteger(m.quantity) ||
      m.quantity < 0 ||
      (m.reason !== StockReason.COUNT && m.quantity === 0)
    ) {
      throw fail('STOCK_QUANTITY_INVALID');
    }
  }
}

const skuLabel = (s: { code: string }) => `规格 ${s.code}`;

/**
 * The only way stock changes (docs/product/catalogue.md#stock): locks the SKU rows in id order (so concurrent documents cannot
 * deadlock), checks every movement against the locked figures, then updates each SKU and appends its ledger
 * row, and refreshes the products' price/stock summary. Call it inside the transaction of the document
 * (order, shipment, adjustment …): all movements happen or none. Demand for one SKU may appear in several
 * moves; they apply in order. The database's CHECK (available ≥ 0) is the last line of defence.
 */
export async function moveStock(
  tx: Db,
  moves: readonly StockMove[],
  doc: StockDocument,
): Promise<StockMoveResult[]> {
  if (!moves.length) return [];
  assertQuantities(moves);
  const ids = [...new Set(moves.map((m) => m.skuId))].sort((a, b) => a - b);
  const locked = await tx
    .select({
      id: productSkus.id,
      productId: productSkus.productId,
      companyId: productSkus.companyId,
      code: productSkus.code,
      onHand: productSkus.onHand,
      reserved: productSkus.reserved,
      held: productSkus.held,
      lowStock: productSkus.lowStock,
    })
    .from(productSkus)
    .where(inArray(productSkus.id, ids))
    .orderBy(productSkus.id)
    .for('update');
  if (
    locked.length !== ids.length ||
    (doc.companyId !== undefined && locked.some((s) => s.companyId !== doc.companyId))
  ) {
    throw fail('STOCK_SKU_NOT_FOUND');
  }
  const results = planLockedMoves(
    locked,
    moves.map((m) => ({ ...m, doc })),
  );
  await writeLockedMoves(tx, results);
  return results.results;
}

/** A SKU row as locked (`SELECT … FOR UPDATE`, in id order) by the caller of `planLockedMoves`. */
export interface LockedSku {
  id: number;
  productId: number;
  companyId: number;
  code: string;
  onHand: number;
  reserved: number;
  held: number;
  /** The SKU's low-stock warning (库存预警; 0 = none), for `stock.low`. */
  lowStock: number;
}

export interface PlannedMoves {
  results: StockMoveResult[];
  ledger: (typeof stockLedger.$inferInsert)[];
  skus: { id: number; onHand: number; reserved: number; held: number }[];
  productIds: number[];
  /** SKUs whose available quantity fell from above their low-stock warning to or below it in this plan. */
  lowStock: { id: number; productId: number; companyId: number; code: string; available: number; lowStock: number }[];
}

/**
 * Checks movements, each with its own document, against SKU rows the caller has already locked in id order
 * (createOrders locks them together with their products), and plans the ledger rows and the new figures. Throws
 * the same refusals as moveStock; nothing is written (`writeLockedMoves` does).
 */
export function planLockedMoves(
  locked: readonly LockedSku[],
  moves: readonly (StockMove & { doc: StockDocument })[],
): PlannedMoves {
  assertQuantities(moves);
  const byId = new Map(locked.map((s) => [s.id, { ...s }]));
  const results: StockMoveResult[] = [];
  const rows: (typeof stockLedger.$inferInsert)[] = [];
  for (const m of moves) {
    const s = byId.get(m.skuId);
    if (!s) throw fail('STOCK_SKU_NOT_FOUND');
    const doc = m.doc;
    const d = deltas(m, s.onHand);
    const onHand = s.onHand + d.onHand;
    const reserved = s.reserved + d.reserved;
    const held = s.held + d.held;
    if (reserved < 0) throw fail('STOCK_RESERVED_SHORT', { sku: skuLabel(s) });
    if (onHand < 0 || onHand - reserved < 0) {
      throw fail('STOCK_AVAILABLE_SHORT', { sku: skuLabel(s), available: s.onHand - s.reserved });
    }
    rows.push({
      companyId: s.companyId,
      productId: s.productId,
      skuId: s.id,
      reason: m.reason,
      quantity: d.quantity,
      onHandChange: d.onHand,
      reservedChange: d.reserved,
      onHandBefore: s.onHand,
      onHandAfter: onHand,
      reservedBefore: s.reserved,
      reservedAfter: reserved,
      heldChange: d.held,
      heldAfter: held,
      docType: doc.docType,
      docId: doc.docId ?? null,
      docNo: (doc.docNo ?? '').slice(0, 40),
      userId: doc.userId ?? null,
      userName: (doc.userName ?? '').slice(0, 60),
    });
    results.push({
      skuId: s.id,
      onHandBefore: s.onHand,
      onHandAfter: onHand,
      reservedBefore: s.reserved,
      reservedAfter: reserved,
      heldAfter: held,
    });
    s.onHand = onHand;
    s.reserved = reserved;
    s.held = held;
  }
  const moved = [...new Set(moves.map((m) => m.skuId))].sort((a, b) => a - b);
  return {
    results,
    ledger: rows,
    skus: moved.map((id) => {
      const s = byId.get(id)!;
      return { id, onHand: s.onHand, reserved: s.reserved, held: s.held };
    }),
    productIds: [...new Set(moved.map((id) => byId.get(id)!.productId))],
    lowStock: locked.flatMap((before) => {
      const s = byId.get(before.id)!;
      const available = s.onHand - s.reserved;
      return s.lowStock > 0 && available <= s.lowStock && before.onHand - before.reserved > s.lowStock
        ? [{ id: s.id, productId: s.productId, companyId: s.companyId, code: s.code, available, lowStock: s.lowStock }]
        : [];
    }),
  };
}

/**
 * Writes planned movements: the ledger rows and every SKU's new figures in one statement per batch (the SKU
 * rows as arrays through `unnest`), then the products' summary.
 */
export async function writeLockedMoves(
  tx: Db,
  plan: PlannedMoves,
  more: { alongside?: SQL[]; withSummary?: SQL[] } = {},
): Promise<void> {
  if (!plan.ledger.length) {
    // Nothing moves (an order of free lines only): the caller's writes still run, as one statement.
    const all = [...(more.alongside ?? []), ...(more.withSummary ?? [])];
    if (all.length) await tx.execute(withCtes(all.slice(0, -1), all.at(-1)!));
    return;
  }
  let alongside = more.alongside ?? [];
  // In batches (an import books thousands of SKUs at once): a few statements instead of one per SKU.
  for (let i = 0, j = 0; i < plan.ledger.length || j < plan.skus.length; i += 500, j += 500) {
    const ledger = plan.ledger.slice(i, i + 500);
    const skus = plan.skus.slice(j, j + 500);
    const insert = ledger.length ? tx.insert(stockLedger).values(ledger) : null;
    const update = skus.length
      ? sql`update product_skus s set on_hand = v.on_hand, reserved = v.reserved, held = v.held, updated_at = now()
          from unnest(${pgIntArray(skus.map((s) => s.id))}::int[], ${pgIntArray(skus.map((s) => s.onHand))}::int[],
                      ${pgIntArray(skus.map((s) => s.reserved))}::int[], ${pgIntArray(skus.map((s) => s.held))}::int[])
                      as v(id, on_hand, reserved, held)
          where s.id = v.id`
      : null;
    const ctes = [...alongside, ...(insert ? [insert.getSQL()] : [])];
    alongside = [];
    if (update) await tx.execute(withCtes(ctes, update));
    else await tx.execute(withCtes(ctes.slice(0, -1), ctes.at(-1)!));
  }
  await refreshProductSummary(tx, plan.productIds, more.withSummary);
  await recordLowStock(tx, plan);
}

/**
 * `stock.low` for the supplier's webhooks (docs/product/open-platform.md#webhooks): a SKU whose available
 * quantity (on hand − reserved) fell to or below its low-stock warning (库存预警, `low_stock` > 0) in this batch,
 * from above it. Found by the plan from the rows its caller locked: no further read.
 */
async function recordLowStock(tx: Db, plan: PlannedMoves): Promise<void> {
  for (const w of plan.lowStock) {
    await recordFact(tx, 'stock.low', { skuId: w.id, productId: w.productId, skuCode: w.code, available: w.available, lowStock: w.lowStock }, [w.companyId]);
  }
}

/** `with w1 as (…), w2 as (…) main`: writes the statement runs alongside its main one (no results read). */
function withCtes(ctes: readonly SQL[], main: SQL): SQL {
  return ctes.length ? sql`with ${cteList(ctes)} ${main}` : main;
}

const cteList = (ctes: readonly SQL[]) =>
  sql.join(
    ctes.map((c, i) => sql`${sql.raw(`w${i}`)} as (${c})`),
    sql`, `,
  );

/** An int[] parameter as PostgreSQL's array literal (both drivers pass it as text). */
const pgIntArray = (values: readonly number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/**
 * Keeps `products.price` / `price_tiers` / `stock` (read by the mall and search) equal to the lowest SKU price
 * (with that SKU's tiers) and the available stock summed over the SKUs. Run in the transaction of every SKU
 * change; products are updated in id order.
 */
export async function refreshProductSummary(
  tx: Db,
  productIds: readonly number[],
  alongside: readonly SQL[] = [],
): Promise<void> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (!ids.length) {
    if (alongside.length) await tx.execute(withCtes(alongside.slice(0, -1), alongside.at(-1)!));
    return;
  }
  // Only what changed is written: an order moves stock but rarely the price, and a statement that sets `price`
  // fires the search-table sync (migration search_table) even with an equal value, inside the SKU lock.
  await tx.execute(sql`
    with agg as (
      select product_id,
        min(price) as min_price,
        (array_agg(price_tiers order by price, id))[1] as tiers,
        sum(on_hand - reserved)::int as available
      from product_skus where product_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by product_id
    ),
    stock_only as (
      update products p set stock = agg.available
      from agg
      where p.id = agg.product_id and p.price = agg.min_price and p.price_tiers = agg.tiers
        and p.stock is distinct from agg.available
      returning p.id
    )${alongside.length ? sql`, ${cteList(alongside)}` : sql``}
    update products p set
      price = agg.min_price,
      price_tiers = agg.tiers,
      stock = agg.available
    from agg
    where p.id = agg.product_id and (p.price is distinct from agg.min_price or p.price_tiers is distinct from agg.tiers)`);
}
