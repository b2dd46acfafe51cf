import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { AgreementStatus, chinaDay, toFen } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { agreementLines, agreements } from '../../db/schema/index.ts';
import { usedAmountOf, usedByLine } from './call-off.ts';

/** The agreed price of one SKU for one purchaser, with the line it comes from and what is left of it. */
export interface AgreementPrice {
  unitFen: number;
  agreementId: number;
  lineId: number;
  remainingQuantity: number;
}

/**
 * Agreement prices as a price source (docs/product/agreements.md#price-source): for each SKU, the lowest agreed
 * unit price among the buyer's agreements 生效中 whose period holds the China day of `at` and whose line still
 * has quantity left (an amount agreement: amount left for at least one unit). SKUs without one are absent.
 */
export async function agreementPrices(
  db: Db,
  buyerCompanyId: number,
  skuIds: readonly number[],
  at: Date = new Date(),
): Promise<Map<number, AgreementPrice>> {
  const out = new Map<number, AgreementPrice>();
  if (!skuIds.length) return out;
  const day = chinaDay(at);
  const rows = await db
    .select({
      lineId: agreementLines.id,
      skuId: agreementLines.skuId,
      unitPrice: agreementLines.unitPrice,
      quantity: agreementLines.quantity,
      agreementId: agreements.id,
      amountLimit: agreements.amountLimit,
    })
    .from(agreementLines)
    .innerJoin(agreements, eq(agreements.id, agreementLines.agreementId))
    .where(
      and(
        eq(agreements.buyerCompanyId, buyerCompanyId),
        eq(agreements.status, AgreementStatus.ACTIVE),
        lte(agreements.validFrom, day),
        gte(agreements.validTo, day),
        inArray(agreementLines.skuId, [...skuIds]),
      ),
    );
  const ids = [...new Set(rows.map((r) => r.agreementId))];
  const [used, usedAmount] = await Promise.all([usedByLine(db, ids), usedAmountOf(db, ids)]);
  for (const r of rows) {
    // 金额协议: what the remaining amount buys at the line's price.
    const remainingQuantity =
      r.quantity === null
        ? Math.floor((toFen(r.amountLimit ?? 0) - (usedAmount.get(r.agreementId) ?? 0)) / toFen(r.unitPrice))
        : r.quantity - (used.get(r.lineId) ?? 0);
    if (remainingQuantity <= 0 || r.skuId === null) continue;
    const unitFen = toFen(r.unitPrice);
    const best = out.get(r.skuId);
    if (!best || unitFen < best.unitFen) out.set(r.skuId, { unitFen, agreementId: r.agreementId, lineId: r.lineId, remainingQuantity });
  }
  return out;
}
