import type { ReviewableLine } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';

/**
 * Only a buyer of the goods may review them, and what was bought is the orders' (a module above the catalogue, which
 * imports products to place orders). Orders answers the two questions a review asks through the functions it
 * registers here; app.ts (and the demo seed, which writes reviews through the same use case) registers them, so
 * products never reads the orders' tables (decision 0232).
 */
export interface PurchasedLines {
  /** One order line with its product, its order's status and the order's purchaser and supplier; null when none. */
  line(db: Db, orderLineId: number): Promise<{ productId: number | null; spec: string; status: number; buyerCompanyId: number; sellerCompanyId: number } | null>;
  /**
   * The company's lines of the product in completed orders, latest completion first (then latest line), without the
   * lines in `except`, at most `limit`.
   */
  completed(db: Db, q: { companyId: number; productId: number; except: readonly number[]; limit: number }): Promise<ReviewableLine[]>;
}

let registered: PurchasedLines | null = null;

/** Registers the orders' answers (registering again replaces). */
export function registerPurchasedLines(lines: PurchasedLines): void {
  registered = lines;
}

/** The registered answers; none registered is a wiring mistake, not a refusal. */
export function purchasedLines(): PurchasedLines {
  if (!registered) throw new Error('products: no PurchasedLines registered (app.ts registers the orders module)');
  return registered;
}
